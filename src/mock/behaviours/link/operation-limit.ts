import type { HttpApp, HttpReply, HttpRequest } from '../../http/app.js';
import { TokenBucket } from './rate-limit.js';

/** The variation's limit on card storage alone: 5 requests a second, bursts of 5. */
export const TOKENIZE_LIMIT = { perSecond: 5, burst: 5 } as const;

/**
 * Variation `tokenize-limited`: card storage behind a more tightly limited service than the listing, as a
 * real sandbox often is (section 8: limits are not shown). Only `/pg/` requests share the bucket; a refused
 * one is not processed and answers 429 with `Retry-After: 1` and a body in the payment gateway's own scheme
 * (rcode, rmsg), as a limiter inside the gateway would. `/platform/` and the control API are not limited.
 */
export function installOperationLimit(app: HttpApp): void {
  const bucket = new TokenBucket(TOKENIZE_LIMIT.perSecond, TOKENIZE_LIMIT.burst);
  app.addHook('onRequest', async (request: HttpRequest, reply: HttpReply) => {
    if (!request.url.startsWith('/pg/')) return;
    if (bucket.take() === true) return;
    reply.code(429).headers({ 'retry-after': '1' });
    reply.type('application/json').send({ rcode: '429', rmsg: 'too many requests' });
    return reply;
  });
}
