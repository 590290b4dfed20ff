import type { HttpApp } from '../http/app.js';
import type { ControlContext } from './context.js';
import { controlBody, numberField } from './fields.js';
import { MockError } from '../gateway/errors.js';
import { MAX_CUSTOMERS } from '../state/customers.js';
import type { CardView } from './view-types.js';

/**
 * The control API (/__mock/): not part of the gateway contract, no auth, never changed by a behaviour.
 * Health, reset, vault size, stored cards and the behaviours on; webhook-routes.ts drives webhooks.
 */
export function controlRoutes(app: HttpApp, ctx: ControlContext): void {
  app.get('/__mock/health', async () => ({ status: 'ok' }));

  /** Back to the seeded state: no cards, the seeded webhook only, clock at real time, customers as started. */
  app.post('/__mock/reset', async (request) => {
    controlBody(request, [], false);
    ctx.state.reset();
    return { status: 'reset' };
  });

  app.get('/__mock/customers', async () => ({ count: ctx.state.customers }));

  app.post('/__mock/customers', async (request) => {
    const count = numberField(controlBody(request, ['count'], true), 'count', { min: 0, max: MAX_CUSTOMERS });
    if (!Number.isInteger(count)) throw new MockError('controlInvalid', 'count must be a whole number.');
    ctx.state.customers = count;
    return { count };
  });

  /** A stored card as the mock holds it: masked, so tests can see an update landed without seeing a number. */
  app.get('/__mock/cards/:card_id', async (request) => {
    const card = ctx.state.cards.get((request.params as { card_id: string }).card_id);
    if (!card) throw new MockError('cardNotFound');
    return card satisfies CardView;
  });

  app.get('/__mock/behaviour', async () => ({
    faults: [...ctx.on.faults],
    variants: [...ctx.on.variants],
  }));
}
