import type { HttpApp, HttpReply, HttpRequest } from '../../http/app.js';
import { isGatewayPath } from '../../gateway/errors.js';

/**
 * Variation `reads-503-once`: one node of a pool being replaced. Every fourth distinct read (GET URL) is
 * answered once with HTTP 503, Retry-After: 1 and the load balancer's own HTML page, before the gateway
 * sees it; asked again, it is served. Writes are never refused this way (`lb-blip-503` refuses any method).
 */
export function installReads503Once(app: HttpApp): void {
  const seen = new Set<string>();
  app.addHook('onRequest', async (request: HttpRequest, reply: HttpReply) => {
    if (request.method !== 'GET' || !isGatewayPath(request.url) || seen.has(request.url)) return;
    seen.add(request.url);
    if (seen.size % 4 !== 1) return;
    reply.code(503).headers({ 'retry-after': '1', 'content-type': 'text/html' });
    reply.send('<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>');
    return reply;
  });
}
