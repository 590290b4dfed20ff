import { buildBehaviours, installWire } from './behaviours/apply.js';
import type { ControlContext } from './control/context.js';
import { controlRoutes } from './control/routes.js';
import { controlWebhookRoutes } from './control/webhook-routes.js';
import { answerUnreadable, sendFailure } from './gateway/failures.js';
import { gatewayRoutes } from './gateway/routes.js';
import { httpApp, type HttpApp } from './http/app.js';
import { resolveOptions, type MockOptions } from './options.js';
import { MockState } from './state/state.js';

/**
 * The composition root: options → the gateway's steps with the behaviours that are on (behaviours/) →
 * state → the HTTP layer (http/) with the gateway's three operations (gateway/), the behaviours' link hooks
 * and the control API (control/). Nothing below imports this file.
 */

export type MockServer = {
  app: HttpApp;
  /** Resolves when no webhook delivery is in flight (for one webhook, or for all). */
  settled(webhookId?: string): Promise<void>;
};

/**
 * Builds the mock gateway without listening (start.ts listens). Throws MockConfigError for
 * bad options, including unknown fault or variant names.
 */
export function buildMockServer(options: MockOptions = {}): MockServer {
  const resolved = resolveOptions(options);
  const behaviours = buildBehaviours(resolved.credentials, resolved.faults, resolved.variants);
  const { seams } = behaviours;
  const state = new MockState(resolved, seams);
  const log = resolved.logger ? (line: string) => process.stdout.write(`${line}\n`) : undefined;
  const app = httpApp({
    fail: (error, request, reply) => sendFailure(behaviours.changes.failure, error, request, reply, log),
    clientError: answerUnreadable,
    logRequests: resolved.logger,
  });
  installWire(app, behaviours.wire, resolved.credentials);
  gatewayRoutes(app, behaviours, state);
  const control: ControlContext = {
    state,
    enableHook: seams.enableHook,
    on: { faults: resolved.faults, variants: resolved.variants },
  };
  controlRoutes(app, control);
  controlWebhookRoutes(app, control);
  app.addHook('onClose', async () => state.close());

  return {
    app,
    settled: async (webhookId) => {
      const hook = webhookId === undefined ? undefined : state.webhooks.get(webhookId);
      if (webhookId !== undefined && !hook) throw new Error(`settled(): no webhook "${webhookId}"`);
      await state.worker.settled(hook);
    },
  };
}
