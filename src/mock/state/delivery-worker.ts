import type { Webhook, WebhookRegistry, WebhookRequest } from './webhooks.js';

/** Section 6's delivery: whether a queued request may be posted now, and where and how. */
export type DeliveryRules = {
  mayPost: (hook: Webhook, request: WebhookRequest) => boolean;
  target: (hook: Webhook, request: WebhookRequest) => { url: string; method: string };
};

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

  constructor(
    private readonly registry: WebhookRegistry,
    private readonly timeoutMs: number,
    private readonly rules: DeliveryRules,
  ) {
    registry.onChange = () => this.kick();
  }

  /** Expires what is past its expiry, posts what is due on active webhooks, and re-arms the timer. */
  kick(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    let nextDelay = Infinity;
    for (const hook of this.registry.all()) {
      const now = this.registry.now(hook);
      for (const r of hook.requests) {
        if (r.status !== 'queued' || r.inFlight) continue;
        if (now >= r.expiresAt) {
          this.registry.expire(hook, r);
          continue;
        }
        // A request that may not be posted (held) has nothing due but its expiry.
        const posting = this.rules.mayPost(hook, r);
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
        hook.log.push({
          at: this.registry.iso(hook),
          what: 'delivered',
          request_id: request.id,
          detail: `HTTP ${outcome.status} on attempt ${request.attempts}`,
        });
      } else {
        request.nextAttemptAt = this.registry.now(hook) + retryDelayMs(request.attempts);
      }
      this.kick();
    });
    this.inFlight.add(entry);
  }

  private async post(
    hook: Webhook,
    request: WebhookRequest,
    stop: AbortSignal,
  ): Promise<{ status?: number; error?: string }> {
    const body = JSON.stringify({
      webhook_id: hook.id,
      request_id: request.id,
      event: request.event,
      payload: request.payload,
      enqueued_at: this.registry.iso(hook, request.enqueuedAt),
    });
    try {
      const { url, method } = this.rules.target(hook, request);
      const res = await fetch(url, {
        method,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'gateway-conformance-mock',
          'x-mock-request-id': request.id,
        },
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

  /**
   * Forgets everything in flight and keeps working on the new state: cancels the timer and every delivery in
   * flight, and ignores results that arrive later.
   */
  reset(): void {
    this.generation++;
    clearTimeout(this.timer);
    for (const f of this.inFlight) f.abort.abort();
    this.inFlight.clear();
  }

  stop(): void {
    this.stopped = true;
    this.reset();
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
