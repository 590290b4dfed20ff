import type { HttpApp, HttpReply, HttpRequest } from '../../http/app.js';

/** How long the variation's server keeps an idle connection, in seconds (nginx's and many balancers' range). */
export const SHORT_KEEP_ALIVE_S = 2;

/**
 * Variation `short-keep-alive`: a front end that closes idle connections after 2 s (the client's pool keeps
 * them 4 s unless told otherwise) and says so as Apache and others do, `Keep-Alive: max=100, timeout=2`,
 * with the time-out after `max`. A client that reads the hint lets its connections go before the server does.
 */
export function installShortKeepAlive(app: HttpApp): void {
  app.server.keepAliveTimeout = SHORT_KEEP_ALIVE_S * 1000;
  app.server.maxRequestsPerSocket = 100; // what max=100 says: the 100th answer on a connection closes it
  app.addHook('onSend', async (_request: HttpRequest, reply: HttpReply, payload: unknown) => {
    if (reply.getHeader('connection') !== 'close') reply.header('keep-alive', `max=100, timeout=${SHORT_KEEP_ALIVE_S}`);
    return payload;
  });
}
