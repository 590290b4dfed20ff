import type { HttpApp, HttpReply, HttpRequest } from '../../http/app.js';
import { isGatewayPath } from '../../gateway/errors.js';

/**
 * Variation `connection-close`: the gateway (or its load balancer) closes the connection after every
 * answer (connection: close), so no keep-alive connection is ever reused and each request opens its own.
 */
export function installConnectionClose(app: HttpApp): void {
  app.addHook('onSend', async (request: HttpRequest, reply: HttpReply, payload: unknown) => {
    if (isGatewayPath(request.url)) reply.header('connection', 'close');
    return payload;
  });
}
