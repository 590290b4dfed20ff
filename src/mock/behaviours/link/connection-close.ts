import type { MockApp } from '../../server/app.js';
import type { MockReply, MockRequest } from '../../server/reply.js';
import { isGatewayPath } from '../../gateway/errors.js';

/**
 * Variation `connection-close`: the gateway (or its load balancer) closes the connection after every
 * answer (connection: close), so no keep-alive connection is ever reused and each request opens its own.
 */
export function installConnectionClose(app: MockApp): void {
  app.addHook('onSend', async (request: MockRequest, reply: MockReply, payload: unknown) => {
    if (isGatewayPath(request.url)) reply.header('connection', 'close');
    return payload;
  });
}
