import type { Behaviour } from './behaviour.js';
import type { Webhook, WebhookRegistry, WebhookRequest } from './webhooks.js';

/** Retry schedule for what section 6 leaves "not shown": 1 s, 2 s, 4 s … capped at 60 s, until expiry. */
export const RETRY = { baseMs: 1000, maxMs: 60_000 } as const;

export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY.baseMs * 2 ** Math.max(0, attempts - 1), RETRY.maxMs);
}

type InFlight = { hook: Webhook; done: Promise<void>; abort: AbortController };

/**
 * Posts due requests. Event-driven: `kick()` runs on enqueue, enable, clock moves, attempt results and a
 * single timer armed for the next due retry or expiry — never a polling loop.
 */
export class DeliveryWorker {
  private timer: NodeJS.Timeout | undefined;
  private readonly inFlight = new Set<InFlight>();
  private stopped = false;
  /** Bumped by reset: answers to posts made before it must not touch the new state. */
  private generation = 0;

  constructor(private readonly registry: WebhookRegistry, private readonly timeoutMs: number, private readonly behaviour: Behaviour) {
    registry.onChange = () => this.kick();
  }

  /** Expires what is past its expiry, posts what is due on active webhooks, and re-arms the timer. */
  kick(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    let nextDelay = Infinity;
    const { faults } = this.behaviour;
    for (const hook of this.registry.all()) {
      const now = this.registry.now(hook);
      // An inactive webhook's requests are held: nothing due but their expiry.
      const posting = hook.status === 'active' || faults.has('inactive-retries-continue') || faults.has('inactive-webhook-still-posts');
      for (const r of hook.requests) {
        if (r.status !== 'queued' || r.inFlight) continue;
        if (now >= r.expiresAt) {
          this.registry.expire(hook, r);
          continue;
        }
        if (posting && now >= r.nextAttemptAt) this.attempt(hook, r);
        else nextDelay = Math.min(nextDelay, r.expiresAt - now, posting ? r.nextAttemptAt - now : Infinity);
      }
    }
    if (nextDelay !== Infinity) {
      this.timer = setTimeout(() => this.kick(), Math.max(0, Math.min(nextDelay, 2 ** 31 - 1)));
      this.timer.unref();
    }
  }

  private attempt(hook: Webhook, request: WebhookRequest): void {
    request.inFlight = true;
    request.attempts++;
    const abort = new AbortController();
    const generation = this.generation;
    const entry: InFlight = { hook, abort, done: Promise.resolve() };
    entry.done = this.post(hook, request, abort.signal).then((outcome) => {
      this.inFlight.delete(entry);
      if (this.stopped || generation !== this.generation) return;
      request.inFlight = false;
      hook.deliveries.push({ request_id: request.id, at: this.registry.iso(hook), ...outcome });
      if (outcome.status !== undefined && outcome.status >= 200 && outcome.status < 300) {
        request.status = 'delivered';
        hook.log.push({ at: this.registry.iso(hook), what: 'delivered', request_id: request.id, detail: `HTTP ${outcome.status} on attempt ${request.attempts}` });
      } else {
        request.nextAttemptAt = this.registry.now(hook) + retryDelayMs(request.attempts);
      }
      this.kick();
    });
    this.inFlight.add(entry);
  }

  private async post(hook: Webhook, request: WebhookRequest, stop: AbortSignal): Promise<{ status?: number; error?: string }> {
    const body = JSON.stringify({
      webhook_id: hook.id,
      request_id: request.id,
      event: request.event,
      payload: request.payload,
      enqueued_at: this.registry.iso(hook, request.enqueuedAt),
    });
    try {
      const { faults } = this.behaviour;
      const res = await fetch(faults.has('deliveries-to-origin') ? new URL('/', hook.notificationUrl) : hook.notificationUrl, {
        method: faults.has('deliveries-sent-with-put') ? 'PUT' : 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'gateway-conformance-mock', 'x-mock-request-id': request.id },
        body,
        redirect: 'manual',
        signal: AbortSignal.any([stop, AbortSignal.timeout(this.timeoutMs)]),
      });
      await res.body?.cancel();
      return { status: res.status };
    } catch (e) {
      return { error: describe(e) };
    }
  }

  /** Resolves once no delivery is in flight (for one webhook, or any); later retries stay scheduled. */
  async settled(hook?: Webhook): Promise<void> {
    for (;;) {
      const pending = [...this.inFlight].filter((f) => !hook || f.hook === hook).map((f) => f.done);
      if (!pending.length) return;
      await Promise.all(pending);
    }
  }

  /** Cancels the timer and every delivery in flight; results that arrive later are ignored. */
  private cancelAll(): void {
    this.generation++;
    clearTimeout(this.timer);
    for (const f of this.inFlight) f.abort.abort();
    this.inFlight.clear();
  }

  /** For reset: forget everything in flight and keep working on the new state. */
  reset(): void {
    this.cancelAll();
  }

  stop(): void {
    this.stopped = true;
    this.cancelAll();
  }
}

function describe(e: unknown): string {
  if (e instanceof Error) {
    if (e.name === 'TimeoutError') return 'timeout';
    const cause = (e as Error & { cause?: { code?: string } }).cause;
    return cause?.code ?? e.message;
  }
  return String(e);
}
