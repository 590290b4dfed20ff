import type { HttpApp, HttpRequest } from '../http/app.js';
import type { ControlContext } from './context.js';
import { controlBody, numberField } from './fields.js';
import { MockError } from '../gateway/errors.js';
import { webhookIdProblem, type Webhook } from '../state/webhooks.js';
import type { EnqueueView } from './view-types.js';
import { webhookView } from './webhook-view.js';

export const EVENT_TTL = { defaultSeconds: 3600, maxSeconds: 30 * 86_400 } as const;
const SETTLE_TIMEOUT_MS = 10_000;
const MAX_ADVANCE_SECONDS = 10 * 365 * 86_400;

function notificationUrl(body: Record<string, unknown>): string {
  const raw = body.notification_url;
  let url: URL | undefined;
  try {
    url = typeof raw === 'string' ? new URL(raw) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new MockError(
      'controlInvalid',
      'notification_url must be an absolute http or https URL, e.g. http://127.0.0.1:8080/hook.',
    );
  }
  return url.toString();
}

/**
 * Control routes for webhooks (not part of the gateway contract; no auth). Each touches only the webhook
 * it names, so parallel tests each create and drive their own.
 */
export function controlWebhookRoutes(app: HttpApp, ctx: ControlContext): void {
  const hooks = ctx.state.webhooks;
  const worker = ctx.state.worker;
  const view = (hook: Webhook) => webhookView(hooks, hook);
  const named = (request: HttpRequest): Webhook => {
    const hook = hooks.get((request.params as { id: string }).id);
    if (!hook) throw new MockError('webhookNotFound', 'No webhook has this ID. Create one with POST /__mock/webhooks.');
    return hook;
  };
  const seconds = (request: HttpRequest) =>
    numberField(controlBody(request, ['seconds'], true), 'seconds', { min: 0, max: MAX_ADVANCE_SECONDS });
  const clock = () => ({
    now: new Date(ctx.state.clock.now()).toISOString(),
    offset_seconds: ctx.state.clock.offsetSeconds,
  });

  app.get('/__mock/webhooks', async () => ({
    webhooks: [...hooks.all()].map((h) => ({
      webhook_id: h.id,
      notification_url: h.notificationUrl,
      status: h.status,
    })),
  }));

  app.post('/__mock/webhooks', async (request, reply) => {
    const body = controlBody(request, ['notification_url', 'webhook_id'], true);
    const url = notificationUrl(body);
    const id = body.webhook_id;
    if (id !== undefined && (typeof id !== 'string' || webhookIdProblem(id))) {
      throw new MockError('controlInvalid', `webhook_id ${webhookIdProblem(String(id))}.`);
    }
    const hook = hooks.create(url, id);
    if (!hook) throw new MockError('webhookExists');
    return reply.code(201).send(view(hook));
  });

  app.get('/__mock/webhooks/:id', async (request) => view(named(request)));

  app.post('/__mock/webhooks/:id/events', async (request) => {
    const hook = named(request);
    const body = controlBody(request, ['event', 'payload', 'ttl_seconds'], true);
    // Absent takes the default; null, like any other non-string, is refused.
    const sent = body.event;
    if (sent !== undefined && (typeof sent !== 'string' || !/^[\x20-\x7e]{1,100}$/.test(sent)))
      throw new MockError('controlInvalid', 'event must be 1 to 100 printable characters.');
    const event = sent ?? 'mock.event';
    const ttl = numberField(body, 'ttl_seconds', {
      min: 0.001,
      max: EVENT_TTL.maxSeconds,
      fallback: EVENT_TTL.defaultSeconds,
    });
    const queued = hooks.enqueue(hook, event, body.payload ?? {}, ttl);
    const answer: EnqueueView = queued
      ? { accepted: true, request: view(hook).queue.find((r) => r.id === queued.id) }
      : { accepted: false, reason: 'The webhook is inactive; section 3 adds no new requests while it is.' };
    return answer;
  });

  app.post('/__mock/webhooks/:id/enable', async (request) => {
    const hook = named(request);
    controlBody(request, [], false);
    ctx.enableHook(hook, hooks);
    return view(hook);
  });

  app.post('/__mock/webhooks/:id/clock/advance', async (request) => {
    const hook = named(request);
    hooks.advance(seconds(request), hook);
    return view(hook);
  });

  /** Waits until no delivery to this webhook is in flight; retries scheduled for later stay scheduled. */
  app.post('/__mock/webhooks/:id/settle', async (request) => {
    const hook = named(request);
    controlBody(request, [], false);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<true>((resolve) => {
      timer = setTimeout(() => resolve(true), SETTLE_TIMEOUT_MS);
    });
    const late = await Promise.race([worker.settled(hook).then(() => false), timedOut]);
    clearTimeout(timer);
    if (late) throw new MockError('settleTimeout');
    return view(hook);
  });

  app.post('/__mock/clock/advance', async (request) => {
    hooks.advance(seconds(request));
    return clock();
  });

  app.get('/__mock/clock', async () => clock());
}
