import { newRequestId, newWebhookId } from './ids.js';
import type { VirtualClock } from './clock.js';
import type { DeliveryView, LogEntryView } from '../control/view-types.js';

export type RequestStatus = 'queued' | 'delivered' | 'expired';

const WEBHOOK_ID = /^[A-Za-z0-9_.-]{1,64}$/;

/** What is wrong with a webhook ID (the seeded one or one the control API creates); undefined when nothing. */
export function webhookIdProblem(id: string): string | undefined {
  return WEBHOOK_ID.test(id) ? undefined : 'must be 1 to 64 letters, digits, "_", "." or "-"';
}

/** One request in a webhook's queue; times are milliseconds on that webhook's clock. */
export type WebhookRequest = {
  readonly id: string;
  readonly event: string;
  readonly payload: unknown;
  readonly enqueuedAt: number;
  /** A behaviour may move it (see behaviours/webhooks.ts). */
  expiresAt: number;
  attempts: number;
  nextAttemptAt: number;
  status: RequestStatus;
  inFlight: boolean;
};

/** An event raised for a webhook, before it joins the queue (or is refused). */
export type RaisedEvent = { readonly event: string; readonly payload: unknown; readonly ttlSeconds: number };

export type Webhook = {
  readonly id: string;
  readonly notificationUrl: string;
  status: 'active' | 'inactive';
  /** This webhook's clock runs ahead of the shared one by this much. */
  offsetMs: number;
  readonly requests: WebhookRequest[];
  readonly deliveries: DeliveryView[];
  readonly log: LogEntryView[];
};

/**
 * Webhook records and their request queues, with the section 3 transitions. It decides what may be
 * posted; the DeliveryWorker does the posting. `onChange` wakes the worker after anything that can
 * make work due.
 */
export class WebhookRegistry {
  private readonly hooks = new Map<string, Webhook>();
  onChange: () => void = () => {};

  /** `admits`: may this event join the webhook's queue as a new request; section 6 says only while it is active. */
  constructor(
    private readonly clock: VirtualClock,
    private readonly admits: (hook: Webhook, event: RaisedEvent) => boolean = (hook) => hook.status === 'active',
  ) {}

  now(hook: Webhook): number {
    return this.clock.now() + hook.offsetMs;
  }

  iso(hook: Webhook, at = this.now(hook)): string {
    // Under load many log entries share a millisecond: format each millisecond once.
    if (at !== this.lastIso.at) this.lastIso = { at, text: new Date(at).toISOString() };
    return this.lastIso.text;
  }

  private lastIso = { at: NaN, text: '' };

  all(): Iterable<Webhook> {
    return this.hooks.values();
  }

  get(id: string): Webhook | undefined {
    return this.hooks.get(id);
  }

  create(notificationUrl: string, id: string = newWebhookId()): Webhook | undefined {
    if (this.hooks.has(id)) return undefined;
    const hook: Webhook = { id, notificationUrl, status: 'active', offsetMs: 0, requests: [], deliveries: [], log: [] };
    this.hooks.set(id, hook);
    return hook;
  }

  clear(): void {
    this.hooks.clear();
  }

  /** Section 3: active → inactive. Queued requests stay, held. Disabling an inactive webhook changes nothing. */
  disable(hook: Webhook): void {
    const was = hook.status;
    hook.status = 'inactive';
    hook.log.push({
      at: this.iso(hook),
      what: 'disabled',
      detail: was === 'active' ? 'active → inactive' : 'already inactive',
    });
  }

  /** Section 3: inactive → active. Held requests not yet expired are posted again; expired ones are dropped. */
  enable(hook: Webhook): void {
    const was = hook.status;
    hook.status = 'active';
    const now = this.now(hook);
    for (const r of hook.requests) {
      if (r.status !== 'queued' || r.inFlight) continue;
      if (now >= r.expiresAt) this.expire(hook, r);
      else r.nextAttemptAt = now;
    }
    hook.log.push({
      at: this.iso(hook),
      what: 'enabled',
      detail: was === 'inactive' ? 'inactive → active' : 'already active',
    });
    this.onChange();
  }

  /** Section 6: no new requests join the queue of an inactive webhook; the refusal is logged. */
  enqueue(hook: Webhook, event: string, payload: unknown, ttlSeconds: number): WebhookRequest | undefined {
    const now = this.now(hook);
    if (!this.admits(hook, { event, payload, ttlSeconds })) {
      hook.log.push({ at: this.iso(hook), what: 'refused', detail: `event ${event} not queued: webhook is inactive` });
      return undefined;
    }
    const request: WebhookRequest = {
      id: newRequestId(),
      event,
      payload,
      enqueuedAt: now,
      expiresAt: now + ttlSeconds * 1000,
      attempts: 0,
      nextAttemptAt: now,
      status: 'queued',
      inFlight: false,
    };
    hook.requests.push(request);
    this.onChange();
    return request;
  }

  expire(hook: Webhook, request: WebhookRequest): void {
    request.status = 'expired';
    hook.log.push({
      at: this.iso(hook),
      what: 'expired',
      request_id: request.id,
      detail: `dropped after ${request.attempts} attempt(s)`,
    });
  }

  /** Moves one webhook's clock, or the shared clock when no webhook is named, then lets due work run. */
  advance(seconds: number, hook?: Webhook): void {
    if (hook) hook.offsetMs += seconds * 1000;
    else this.clock.advance(seconds);
    this.onChange();
  }
}
