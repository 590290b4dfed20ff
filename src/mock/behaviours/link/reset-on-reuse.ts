import type { Socket } from 'node:net';
import type { HttpApp, HttpReply, HttpRequest } from '../../http/app.js';
import { isGatewayPath } from '../../gateway/errors.js';

/**
 * Variation `reset-on-reuse`: a load balancer or NAT in front of the gateway that forgets idle connections,
 * so whatever a client sends on a kept-alive connection after its first exchange meets a TCP reset before
 * the gateway reads it. Nothing of such a request is processed; a new connection is served as usual.
 */
export function installResetOnReuse(app: HttpApp): void {
  const used = new WeakSet<Socket>();
  app.addHook('onRequest', async (request: HttpRequest, reply: HttpReply) => {
    const socket = request.raw.socket;
    if (!used.has(socket)) {
      used.add(socket);
      return;
    }
    if (!isGatewayPath(request.url)) return;
    socket.resetAndDestroy();
    reply.hijack(); // nothing more goes on this connection
    return reply;
  });
}
