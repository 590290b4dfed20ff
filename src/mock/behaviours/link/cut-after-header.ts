import type { HttpApp, HttpReply, HttpRequest } from '../../http/app.js';
import { isGatewayPath } from '../../gateway/errors.js';

/**
 * Variation `cut-after-header`: an edge that closes the connection after a valid answer header. Every
 * `every`-th gateway request gets `200`, a JSON content-type and a content-length, two bytes of body, and
 * then the connection ends, before the gateway reads the request. Deterministic by request count.
 */
export function installCutAfterHeader(app: HttpApp, every = 25): void {
  let count = 0;
  app.addHook('onRequest', async (request: HttpRequest, reply: HttpReply) => {
    if (!isGatewayPath(request.url) || ++count % every !== 0) return;
    reply.hijack(); // the answer is written by hand, and nothing more goes on this connection
    reply.raw.writeHead(200, { 'content-type': 'application/json', 'content-length': '120' });
    reply.raw.write('{"', () => reply.raw.destroy());
    return reply;
  });
}
