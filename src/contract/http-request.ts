import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

/** One answer, read whole: what the client keeps of it. */
export type Answer = { status: number; headers: Record<string, string>; text: string };

export type SendInit = { method: string; headers: Record<string, string>; body?: string; timeoutMs: number };

// Idle connections are kept for reuse at most 4 s (undici's default, as Node's fetch did), or less when the
// server's Keep-Alive header says it closes them sooner, so a request never meets a connection the server closed.
const KEEP_ALIVE = { keepAlive: true, timeout: 4_000 };
/** Decodes as fetch's text() did: UTF-8, a leading byte-order mark dropped. */
const utf8 = new TextDecoder();

/** Undoes a content-encoding as fetch did (it asked for gzip and deflate, and read brotli too). */
function decoded(body: Buffer, encoding: string | undefined): Buffer {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(body);
    case 'deflate':
      try {
        return inflateSync(body);
      } catch {
        return inflateRawSync(body); // deflate without its zlib wrapper, as some servers send it
      }
    case 'br':
      return brotliDecompressSync(body);
    default:
      return body;
  }
}

const agents = { 'http:': new HttpAgent(KEEP_ALIVE), 'https:': new HttpsAgent(KEEP_ALIVE) };

/**
 * Sends one request through node:http(s) and reads the whole answer, within `timeoutMs` for both. In a
 * conformance run this replaced Node's fetch, whose web streams cost every worker about twice the CPU per
 * request on a loopback mock. Redirects are not followed (the answer is judged as it came). Request headers
 * are the caller's plus Node's (host, connection, content-length), and fetch's user-agent and
 * accept-encoding; a gzip, deflate or brotli answer is decoded, as fetch did.
 * Transport failures reject with the system error (its `code`: ECONNREFUSED, a TLS code…); a time-out
 * rejects with a `TimeoutError`, as fetch's did.
 */
export function sendRequest(url: string, init: SendInit): Promise<Answer> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const agent = agents[target.protocol as keyof typeof agents];
  if (!agent) return Promise.reject(new Error(`unsupported protocol ${target.protocol} in ${target.origin}`));
  const headers: Record<string, string> = { 'user-agent': 'node', 'accept-encoding': 'gzip, deflate', ...init.headers };
  if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
  const signal = AbortSignal.timeout(init.timeoutMs);
  return new Promise<Answer>((resolve, reject) => {
    const fail = (error: unknown) => reject(signal.aborted ? signal.reason : error);
    const req = send(target, { method: init.method, headers, agent, signal }, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', fail);
      res.on('aborted', () => fail(new Error('the connection closed before the answer was complete')));
      res.on('end', () => {
        const answerHeaders: Record<string, string> = {};
        for (const [name, values] of Object.entries(res.headersDistinct)) if (values) answerHeaders[name] = values.join(', ');
        try {
          resolve({ status: res.statusCode ?? 0, headers: answerHeaders, text: utf8.decode(decoded(Buffer.concat(chunks), answerHeaders['content-encoding'])) });
        } catch (error) {
          reject(error); // a body that does not decode as its content-encoding says: transport trouble, as with fetch
        }
      });
    });
    req.on('error', fail);
    req.end(init.body);
  });
}
