import type { Webhook, WebhookRegistry } from '../state/webhooks.js';
import type { WebhookView } from './view-types.js';

/** A webhook as the control API shows it; a queued request of an inactive webhook shows as held. */
export function webhookView(registry: WebhookRegistry, hook: Webhook): WebhookView {
  return {
    webhook_id: hook.id,
    notification_url: hook.notificationUrl,
    status: hook.status,
    now: registry.iso(hook),
    queue: hook.requests.map((r) => ({
      id: r.id,
      event: r.event,
      payload: r.payload,
      enqueued_at: registry.iso(hook, r.enqueuedAt),
      expires_at: registry.iso(hook, r.expiresAt),
      attempts: r.attempts,
      status: r.status === 'queued' && hook.status === 'inactive' ? 'held' : r.status,
      in_flight: r.inFlight,
    })),
    deliveries: hook.deliveries,
    log: hook.log,
  };
}
