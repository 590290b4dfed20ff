import type { HttpApp, HttpReply, HttpRequest } from '../../http/app.js';
import { isGatewayPath } from '../../gateway/errors.js';

/** Section 8: limits are not shown. The variation's limit: 20 requests a second, bursts of 20. */
export const RATE_LIMIT = { perSecond: 20, burst: 20 } as const;

/** A token bucket: `take()` is true when a request may pass, else how many ms until one may. */
export class TokenBucket {
  private tokens: number;
  private last = performance.now();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {
    this.tokens = burst;
  }

  take(now = performance.now()): true | number {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) * this.perSecond) / 1000);
    this.last = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return true;
    }
    return ((1 - this.tokens) * 1000) / this.perSecond;
  }
}

/**
 * Variation `rate-limited`: one bucket for every gateway request (as a sandbox limits one merchant's key),
 * checked before anything else. A refused request is not processed and answers 429 as the proxies in
 * front of gateways do: a body in neither family's scheme, Retry-After in seconds or as an HTTP date
 * (both forms HTTP allows, in turn; `seconds` gives only the first, as `big-busy-sandbox` does). The
 * control API is not limited.
 */
export function installRateLimit(app: HttpApp, retryAfter: 'both' | 'seconds' = 'both'): void {
  const bucket = new TokenBucket(RATE_LIMIT.perSecond, RATE_LIMIT.burst);
  let refusals = 0;
  app.addHook('onRequest', async (request: HttpRequest, reply: HttpReply) => {
    if (!isGatewayPath(request.url)) return;
    const waitMs = bucket.take();
    if (waitMs === true) return;
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    const asDate = retryAfter === 'both' && refusals++ % 2 === 1;
    const header = asDate ? new Date(Date.now() + seconds * 1000).toUTCString() : String(seconds);
    reply.code(429).headers({
      'retry-after': header,
      'x-ratelimit-limit': String(RATE_LIMIT.perSecond),
      'x-ratelimit-remaining': '0',
    });
    reply
      .type('application/json')
      .send({ error: 'rate limit exceeded', limit: `${RATE_LIMIT.perSecond} requests per second` });
    return reply;
  });
}
