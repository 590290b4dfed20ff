import type { HttpApp } from '../http/app.js';
import type { MockState } from '../state/state.js';
import type { GatewayContext } from './context.js';
import type { GatewaySteps } from './seams.js';
import { tokenizeRoute } from './tokenize/route.js';
import { vaultRoute } from './vault/route.js';
import { webhookDisableRoute } from './webhook-disable.js';

/** The gateway's three operations, each behind section 5's check, run through `steps`. */
export function gatewayRoutes(app: HttpApp, steps: GatewaySteps, state: MockState): void {
  app.decorateRequest('identity', undefined);
  const ctx: GatewayContext = {
    steps,
    state,
    // Callback style: a hook on every gateway request needs no promise of its own.
    authenticate: (operation) => (request, _reply, done) => {
      try {
        request.identity = steps.seams.authenticate(request.headers.authorization, operation);
      } catch (e) {
        done(e as Error);
        return;
      }
      done();
    },
  };
  tokenizeRoute(app, ctx);
  vaultRoute(app, ctx);
  webhookDisableRoute(app, ctx);
}
