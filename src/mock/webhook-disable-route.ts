import type { FastifyInstance } from 'fastify';
import type { MockContext } from './context.js';
import { MockError } from './errors.js';
import { PLATFORM_CODES } from './platform-codes.js';

/**
 * PUT /platform/webhook/{webhook_id}/disable (sections 3, 4.3). Any body is ignored. Disabling an
 * inactive webhook is idempotent: code 0 again, since the webhook is inactive as asked.
 */
export function webhookDisableRoute(app: FastifyInstance, ctx: MockContext): void {
  const { faults, variants } = ctx.behaviour;
  const disabled = (id: string) => ({
    code: PLATFORM_CODES.ok.code,
    message: faults.has('disable-message-as-number') ? 0 : PLATFORM_CODES.ok.message,
    ...(!faults.has('disable-without-data-message') && { data: { message: faults.has('disable-empty-data-message') ? '' : `Webhook ${id} disabled` } }),
  });
  app.put('/platform/webhook/:webhook_id/disable', { onRequest: ctx.authenticate('disableWebhook') }, async (request, reply) => {
    const { webhook_id: id } = request.params as { webhook_id: string };
    const hook = ctx.state.webhooks.get(id);
    if (!hook && faults.has('disable-unknown-answers-success')) return disabled(id);
    if (!hook || faults.has('disable-refuses-existing')) throw new MockError('webhookNotFound', 'No webhook has this webhook_id. Check the ID, or list webhooks in the portal.');
    if (hook.status === 'inactive' && variants.has('redisable-fails')) return reply.code(409).send({ error: 'webhook already disabled' });
    if (!faults.has('disable-keeps-active')) ctx.state.webhooks.disable(hook);
    if (variants.has('success-statuses-2xx')) reply.code(202);
    return disabled(hook.id);
  });
}
