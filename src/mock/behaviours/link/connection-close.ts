import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isGatewayPath } from '../../gateway/errors.js';

/**
 * Variation `connection-close`: the gateway (or its load balancer) closes the connection after every
 * answer (connection: close), so no keep-alive connection is ever reused and each request opens its own.
 */
export function installConnectionClose(app: FastifyInstance): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (isGatewayPath(request.url)) reply.header('connection', 'close');
    return payload;
  });
}
