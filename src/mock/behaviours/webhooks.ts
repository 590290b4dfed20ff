import { disabledAnswer, webhookNotFound } from '../gateway/webhook-disable.js';
import type { SeamAnswer, AnswerContext } from '../gateway/seams.js';
import type { RaisedEvent, Webhook, WebhookRequest } from '../state/webhooks.js';
import type { Behaviour } from './behaviour.js';
import { isJsonType, type HttpApp, type HttpReply, type HttpRequest } from '../http/app.js';

/** Section 3, 4.3 and 6 behaviours: the disable operation, the webhook store's transitions, delivery. */

const DISABLE_REFUSAL_INVISIBLE =
  'Mock mode only: black-box runs disable PG_WEBHOOK_ID, which may be inactive already, and how ' +
  're-disabling answers is not shown, so a refusal there is observed, not judged.';

const onDisabled =
  (change: (body: Record<string, unknown>) => void) => (answer: SeamAnswer, context: AnswerContext) => {
    if (context.operation === 'disableWebhook' && answer.status === 200 && answer.body) change(answer.body);
  };

/** The requests a webhook holds: queued, and not on their way to the notification_url. */
const heldRequests = (hook: Webhook): WebhookRequest[] =>
  hook.requests.filter((r) => r.status === 'queued' && !r.inFlight);

/**
 * Enabling that leaves some held requests held: `kept` picks them from the requests held at that moment, and
 * they are never posted (they wait for their expiry).
 */
function keepsHeld(kept: (held: WebhookRequest[]) => WebhookRequest[]): Pick<Behaviour, 'enableHook' | 'mayPost'> {
  const keptHeld = new WeakSet<WebhookRequest>();
  return {
    enableHook: (next) => (hook, hooks) => {
      for (const r of kept(heldRequests(hook))) keptHeld.add(r);
      next(hook, hooks);
    },
    mayPost: (next) => (hook, r) => !keptHeld.has(r) && next(hook, r),
  };
}

/**
 * Fault disable-refuses-empty-body: what a Fastify gateway answers, with its default JSON parser, to a PUT
 * that names application/json and carries no body. The key is judged first (onRequest, as the mock's auth
 * is), the body next, the ID only in the handler; the answer is the framework's, in neither family's scheme.
 */
function installRefusesEmptyBody(app: HttpApp): void {
  app.addHook('preValidation', async (request: HttpRequest, reply: HttpReply) => {
    if (request.method !== 'PUT' || !/^\/platform\/webhook\/[^/?]+\/disable(\?|$)/.test(request.url)) return;
    if (request.body !== undefined || !isJsonType(request.headers['content-type'])) return;
    reply.code(400).type('application/json; charset=utf-8').send(EMPTY_JSON_BODY);
    return reply;
  });
}

const EMPTY_JSON_BODY = {
  statusCode: 400,
  code: 'FST_ERR_CTP_EMPTY_JSON_BODY',
  error: 'Bad Request',
  message: "Body cannot be empty when content-type is set to 'application/json'",
};

/** Webhooks disabled once, under fault disable-once-per-webhook. */
const disabledBefore = new WeakSet<Webhook>();

/** Events refused while their webhook was inactive, kept aside under fault inactive-events-queued-then-posted. */
const raisedWhileInactive = new WeakMap<Webhook, RaisedEvent[]>();

export const WEBHOOK_FAULTS = [
  // HOOK-1: disabling an existing webhook answers code 0 with data.message.
  {
    name: 'disable-without-data-message',
    rule: 'HOOK-1',
    description: 'A successful disable answers code 0 without data.',
    answer: onDisabled((b) => delete b.data),
  },
  {
    name: 'disable-empty-data-message',
    rule: 'HOOK-1',
    description: 'A successful disable answers data.message as an empty string.',
    answer: onDisabled((b) => (b.data = { message: '' })),
  },
  {
    name: 'disable-refuses-empty-body',
    rule: 'HOOK-1',
    alsoNoticedBy: ['ERR-2', 'ERR-3', 'ERR-5'],
    description:
      "A JSON body parser in front of the disable's handler refuses a bodiless disable, as section 4.3 sends it, " +
      'before the ID is read: HTTP 400 with Fastify\'s own body (code "FST_ERR_CTP_EMPTY_JSON_BODY", a string); ' +
      'the same request with the body {} disables the webhook.',
    wire: { install: installRefusesEmptyBody },
  },
  {
    name: 'disable-refuses-existing',
    rule: 'HOOK-1',
    modes: ['mock'],
    description: `Disabling an existing webhook answers code 1301 (not found) and leaves it active. ${DISABLE_REFUSAL_INVISIBLE}`,
    disableWebhook: () => () => {
      throw webhookNotFound();
    },
  },
  // HOOK-2 … HOOK-8: the webhook state machine and deliveries (section 3 and 6).
  {
    name: 'disable-unknown-answers-success',
    rule: 'HOOK-2',
    description: 'Disabling a webhook that does not exist answers code 0.',
    disableWebhook: (next) => (id, hooks) => (hooks.get(id) ? next(id, hooks) : disabledAnswer(id)),
  },
  {
    name: 'disable-keeps-active',
    rule: 'HOOK-3',
    description: 'A disable answers code 0 but leaves the webhook active.',
    disableHook: () => () => {},
  },
  {
    name: 'redisable-reactivates',
    rule: 'HOOK-3',
    description: 'A disable toggles the state: disabling an inactive webhook answers code 0 and makes it active again.',
    disableHook: (next) => (hook, hooks) => (hook.status === 'inactive' ? hooks.enable(hook) : next(hook, hooks)),
  },
  {
    name: 'disable-once-per-webhook',
    rule: 'HOOK-3',
    description:
      'The gateway remembers each webhook it has disabled and skips later disables of it: once enabled again, ' +
      'a disable answers code 0 and leaves it active.',
    disableHook: (next) => (hook, hooks) => {
      if (disabledBefore.has(hook)) return;
      disabledBefore.add(hook);
      next(hook, hooks);
    },
  },
  {
    name: 'disable-disables-all',
    rule: 'HOOK-3',
    description: 'A disable makes every webhook of the merchant inactive, not only the one it names.',
    disableHook: (next) => (_hook, hooks) => {
      for (const other of hooks.all()) next(other, hooks);
    },
  },
  {
    name: 'inactive-queue-accepts-new',
    rule: 'HOOK-4',
    description: 'New requests still join the queue of an inactive webhook (held, not posted).',
    admits: () => () => true,
  },
  {
    name: 'inactive-webhook-still-posts',
    rule: 'HOOK-4',
    description:
      'The delivery worker ignores the inactive state: new requests are added and posted as if the webhook were active.',
    admits: () => () => true,
    mayPost: () => () => true,
  },
  {
    name: 'inactive-events-queued-then-posted',
    rule: 'HOOK-4',
    description:
      'Events raised while a webhook is inactive stay out of its queue (refused, as section 3 says) but are kept aside, ' +
      'then added to the queue and posted once it is enabled again.',
    admits: (next) => (hook, event) => {
      const admitted = next(hook, event);
      if (!admitted) raisedWhileInactive.set(hook, [...(raisedWhileInactive.get(hook) ?? []), event]);
      return admitted;
    },
    enableHook: (next) => (hook, hooks) => {
      next(hook, hooks);
      const kept = raisedWhileInactive.get(hook) ?? [];
      raisedWhileInactive.delete(hook);
      for (const e of kept) hooks.enqueue(hook, e.event, e.payload, e.ttlSeconds);
    },
  },
  {
    name: 'disable-drops-queue',
    rule: 'HOOK-5',
    description: 'Disabling drops the queued requests instead of holding them.',
    disableHook: (next) => (hook, hooks) => {
      next(hook, hooks);
      const kept = hook.requests.filter((r) => r.status !== 'queued' || r.inFlight);
      hook.requests.splice(0, hook.requests.length, ...kept);
    },
  },
  {
    name: 'inactive-retries-continue',
    rule: 'HOOK-5',
    description: 'Requests queued before the disable keep being retried while the webhook is inactive.',
    mayPost: () => () => true,
  },
  {
    name: 'enable-keeps-held',
    rule: 'HOOK-6',
    description: 'Enabling does not post held requests: they wait for their expiry and are dropped.',
    ...keepsHeld((held) => held),
  },
  {
    name: 'enable-posts-first-held-only',
    rule: 'HOOK-6',
    description: 'Enabling posts only the first held request; the others stay held until they expire.',
    ...keepsHeld((held) => held.slice(1)),
  },
  {
    name: 'enable-posts-held-twice',
    rule: 'HOOK-6',
    description:
      'Enabling queues each held request once more while the original stays queued, so each is posted twice.',
    enableHook: (next) => (hook, hooks) => {
      for (const r of heldRequests(hook)) hook.requests.push({ ...r });
      next(hook, hooks);
    },
  },
  {
    name: 'enable-drops-held',
    rule: 'HOOK-6',
    description: 'Enabling drops every held request instead of posting it.',
    enableHook: (next) => (hook, hooks) => {
      for (const r of heldRequests(hook)) hooks.expire(hook, r);
      next(hook, hooks);
    },
  },
  {
    name: 'enable-revives-expired',
    rule: 'HOOK-7',
    description: 'Enabling re-queues requests that expired while held, with a fresh hour, so they are posted.',
    enableHook: (next) => (hook, hooks) => {
      const now = hooks.now(hook);
      for (const r of hook.requests)
        if (r.status === 'expired') Object.assign(r, { status: 'queued', expiresAt: now + 3_600_000 });
      next(hook, hooks);
    },
  },
  {
    name: 'deliveries-sent-with-put',
    rule: 'HOOK-8',
    description: 'Requests are delivered with PUT instead of POST.',
    target: (next) => (hook, r) => ({ ...next(hook, r), method: 'PUT' }),
  },
  {
    name: 'deliveries-to-origin',
    rule: 'HOOK-8',
    description: "Requests are posted to the notification_url's origin (path dropped), not to the notification_url.",
    target: (next) => (hook, r) => {
      const t = next(hook, r);
      return { ...t, url: new URL('/', t.url).toString() };
    },
  },
  // ERR-5: stated JSON types.
  {
    name: 'disable-message-as-number',
    rule: 'ERR-5',
    description: 'A successful disable answers message as the number 0.',
    answer: onDisabled((b) => (b.message = 0)),
  },
] as const satisfies readonly Behaviour[];

const ALREADY_DISABLED = { code: 1302, message: 'The webhook is already disabled.' };

export const WEBHOOK_VARIANTS = [
  // Section 4.3: re-disabling is not shown.
  // What re-disabling answers is not shown; that it answers in the platform scheme is (section 7: code is the
  // failure indicator of every /platform/ answer), so the failure keeps an integer code.
  {
    name: 'redisable-fails',
    rule: 'HOOK-1',
    description:
      'Re-disabling an inactive webhook fails: HTTP 409 with {"code":1302,"message":"The webhook is already disabled."}.',
    disableWebhook: (next) => (id, hooks) =>
      hooks.get(id)?.status === 'inactive' ? { status: 409, body: ALREADY_DISABLED } : next(id, hooks),
  },
] as const satisfies readonly Behaviour[];
