import { gzipSync } from 'node:zlib';
import type { HttpApp, HttpReply, HttpRequest } from '../../http/app.js';
import { isGatewayPath } from '../../gateway/errors.js';

/**
 * Variation `gzip-answers`: a proxy in front compresses every gateway answer the client accepts gzip for
 * (content-encoding: gzip, vary: accept-encoding). The JSON inside is the same; the client must decode.
 */
export function installGzipAnswers(app: HttpApp): void {
  app.addHook('onSend', async (request: HttpRequest, reply: HttpReply, payload: unknown) => {
    const accepts = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    if (!isGatewayPath(request.url) || !accepts || (typeof payload !== 'string' && !Buffer.isBuffer(payload)))
      return payload;
    reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding').removeHeader('content-length');
    return gzipSync(payload);
  });
}
