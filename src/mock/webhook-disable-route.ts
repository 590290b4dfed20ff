import type { FastifyInstance } from 'fastify';
import type { MockContext } from './context.js';
import { MockError } from './errors.js';
import { PLATFORM_CODES } from './platform-codes.js';

/**
 * PUT /platform/webhook/{webhook_id}/disable (sections 3, 4.3). Any body is ignored. Disabling an
 * inactive webhook is idempotent: code 0 again, since the webhook is inactive as asked.
 */
export function webhookDisableRoute(app: FastifyInstance, ctx: MockContext): void {
  app.put('/platform/webhook/:webhook_id/disable', { onRequest: ctx.authenticate }, async (request) => {
    const { webhook_id: id } = request.params as { webhook_id: string };
    const hook = ctx.state.webhooks.get(id);
    if (!hook) throw new MockError('webhookNotFound', 'No webhook has this webhook_id. Check the ID, or list webhooks in the portal.');
    ctx.state.webhooks.disable(hook);
    return { code: PLATFORM_CODES.ok.code, message: PLATFORM_CODES.ok.message, data: { message: `Webhook ${hook.id} disabled` } };
  });
}
