import type { HttpApp } from '../http/app.js';
import type { SeamAnswer } from './seams.js';
import type { GatewayContext } from './context.js';
import type { WebhookRegistry } from '../state/webhooks.js';
import { MockError } from './errors.js';
import { PLATFORM_CODES } from './platform-codes.js';

export function webhookNotFound(): MockError {
  return new MockError(
    'webhookNotFound',
    'No webhook has this webhook_id. Check the ID, or list webhooks in the portal.',
  );
}

/** Section 4.3's success answer: code 0 with data.message. */
export function disabledAnswer(id: string): SeamAnswer {
  return {
    status: 200,
    body: {
      code: PLATFORM_CODES.ok.code,
      message: PLATFORM_CODES.ok.message,
      data: { message: `Webhook ${id} disabled` },
    },
  };
}

/**
 * Sections 3 and 4.3: an existing webhook becomes inactive, its queue held. Disabling an inactive webhook
 * is idempotent: code 0 again, since the webhook is inactive as asked. Any body is ignored.
 */
export function disableWebhook(
  id: string,
  hooks: WebhookRegistry,
  disable: (hook: NonNullable<ReturnType<WebhookRegistry['get']>>) => void,
): SeamAnswer {
  const hook = hooks.get(id);
  if (!hook) throw webhookNotFound();
  disable(hook);
  return disabledAnswer(hook.id);
}

/** PUT /platform/webhook/{webhook_id}/disable: auth → the disable operation's seam → answer. */
export function webhookDisableRoute(app: HttpApp, ctx: GatewayContext): void {
  const { seams, changes } = ctx.steps;
  app.put(
    '/platform/webhook/:webhook_id/disable',
    { onRequest: ctx.authenticate('disableWebhook') },
    (request, reply) => {
      const id = (request.params as { webhook_id: string }).webhook_id;
      const answer = seams.disableWebhook(id, ctx.state.webhooks);
      const context = { operation: 'disableWebhook', id } as const;
      for (const change of changes.answer) change(answer, context);
      reply.code(answer.status).send(answer.body);
    },
  );
}
