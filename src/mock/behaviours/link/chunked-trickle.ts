import { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import type { HttpApp, HttpReply, HttpRequest } from '../../http/app.js';
import { isGatewayPath } from '../../gateway/errors.js';

const PIECES = 3;
const GAP_MS = 15;

/**
 * Variation `chunked-trickle`: answers stream as a proxy relays them: chunked transfer-encoding, no
 * content-length, the headers first and the JSON in three pieces a little apart (a slow first byte of the
 * body, split mid-token). A client must read the whole body before parsing it.
 */
export function installChunkedTrickle(app: HttpApp): void {
  app.addHook('onSend', async (request: HttpRequest, reply: HttpReply, payload: unknown) => {
    if (!isGatewayPath(request.url) || typeof payload !== 'string' || payload.length < PIECES) return payload;
    reply.removeHeader('content-length');
    // Split the encoded bytes, not the string: a cut may fall inside a UTF-8 sequence, as on a real link,
    // and a string cut inside a surrogate pair would corrupt the text instead of merely splitting it.
    const bytes = Buffer.from(payload);
    const size = Math.ceil(bytes.length / PIECES);
    return Readable.from(
      (async function* pieces() {
        for (let at = 0; at < bytes.length; at += size) {
          await delay(GAP_MS);
          yield bytes.subarray(at, at + size);
        }
      })(),
    );
  });
}
