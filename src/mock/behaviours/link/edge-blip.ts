import type { HttpApp, HttpReply, HttpRequest } from '../../http/app.js';
import { isGatewayPath } from '../../gateway/errors.js';

/** What an edge in front of the gateway answers in its place. */
export type EdgeAnswer = { status: number; type: string; body: string };

/** A load balancer with no healthy node for a moment: its own page, never the gateway's scheme. */
export const LOAD_BALANCER_503: EdgeAnswer = {
  status: 503,
  type: 'text/html',
  body: '<html><body><h1>503 Service Temporarily Unavailable</h1><hr><center>load balancer</center></body></html>',
};

/** An API gateway whose integration failed: the shape AWS API Gateway answers, not the family's scheme. */
export const API_GATEWAY_502: EdgeAnswer = {
  status: 502,
  type: 'application/json',
  body: '{"message":"Internal server error"}',
};

/**
 * Variations `lb-blip-503` and `api-gateway-502`: an edge in front of the gateway answers every `every`-th
 * gateway request itself, before the gateway reads it, whatever its method. Deterministic (by request
 * count, not random), so a run is the same run each time; the request that follows is served as usual.
 */
export function installEdgeBlip(app: HttpApp, answer: EdgeAnswer, every = 25): void {
  let count = 0;
  app.addHook('onRequest', async (request: HttpRequest, reply: HttpReply) => {
    if (!isGatewayPath(request.url) || ++count % every !== 0) return;
    reply.code(answer.status).headers({ 'content-type': answer.type });
    reply.send(answer.body);
    return reply;
  });
}
