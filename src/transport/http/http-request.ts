import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import { noteKeepAliveHint, routeTo } from './connections.js';

/** One answer, read whole: what the client keeps of it. */
export type HttpAnswer = { status: number; headers: Record<string, string>; text: string };

export type SendInit = { method: string; headers: Record<string, string>; body?: string; timeoutMs: number };

/** Decodes as fetch's text() does: UTF-8, a leading byte-order mark dropped. */
const utf8 = new TextDecoder();

/** Undoes a content-encoding as fetch does (it asks for gzip and deflate, and reads brotli too). */
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

/** Errors of a connection that ended under the request: reset, broken pipe, closed before an answer ("socket hang up"). */
const RESETS = new Set(['ECONNRESET', 'EPIPE']);

/** A request that failed, with what is known of how: whether it went on a pooled connection and heard any answer byte. */
type Attempt = { error: unknown; reusedConnection: boolean; answerBytes: boolean };

/**
 * Sends one request through node:http(s) and reads the whole answer, within `timeoutMs` for both. Not
 * Node's fetch: its web streams cost every worker about twice the CPU per request on a loopback mock.
 * Redirects are not followed (the answer is judged as it came). Request headers are the caller's plus
 * Node's (host, connection, content-length), and fetch's user-agent and accept-encoding; a gzip, deflate or
 * brotli answer is decoded, as fetch does. Connections are kept alive as
 * the server's Keep-Alive hint allows and go through HTTPS_PROXY/HTTP_PROXY unless NO_PROXY or loopback
 * (connections.ts).
 *
 * A request that met a reset on a connection reused from the pool before any byte of its answer is sent
 * once more on a fresh connection, whatever its method: a pooled connection that the server, a load
 * balancer or a NAT dropped while it sat idle never delivered the request to anyone who could act on it
 * (Node's documentation of `request.reusedSocket`; browsers do the same). A reset on a fresh connection, or
 * after answer bytes, is the caller's to judge, as any other transport failure.
 * Transport failures reject with the system error (its `code`: ECONNREFUSED, a TLS code…); a time-out
 * rejects with a `TimeoutError`, as fetch's does.
 */
export async function sendRequest(url: string, init: SendInit): Promise<HttpAnswer> {
  const target = new URL(url);
  const headers: Record<string, string> = { 'user-agent': 'node', 'accept-encoding': 'gzip, deflate', ...init.headers };
  if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
  const signal = AbortSignal.timeout(init.timeoutMs); // one time-out for the answer, the second try included
  const first = await attempt(target, init, headers, signal, false);
  if ('status' in first) return first;
  if (!isStaleConnection(first) || signal.aborted) throw first.error;
  const second = await attempt(target, init, headers, signal, true);
  if ('status' in second) return second;
  throw second.error;
}

/** A reset, on a connection that had already carried an answer, before this request heard anything back. */
export function isStaleConnection(attempt: Attempt): boolean {
  const code = (attempt.error as { code?: string } | undefined)?.code;
  return attempt.reusedConnection && !attempt.answerBytes && code !== undefined && RESETS.has(code);
}

function attempt(
  target: URL,
  init: SendInit,
  headers: Record<string, string>,
  signal: AbortSignal,
  fresh: boolean,
): Promise<HttpAnswer | Attempt> {
  const route = routeTo(target, fresh);
  const send = route.options.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let readBefore = 0;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      const answerBytes = (req.socket?.bytesRead ?? readBefore) > readBefore;
      resolve({ error: signal.aborted ? signal.reason : error, reusedConnection: req.reusedSocket, answerBytes });
    };
    const req: ClientRequest = send(
      {
        ...route.options,
        method: init.method,
        headers: { ...route.options.headers, ...headers },
        agent: route.agent,
        signal,
      },
      (res: IncomingMessage) => {
        noteKeepAliveHint(res);
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', fail);
        res.on('aborted', () => fail(new Error('the connection closed before the answer was complete')));
        res.on('end', () => {
          if (settled) return;
          settled = true;
          const answerHeaders: Record<string, string> = {};
          for (const [name, values] of Object.entries(res.headersDistinct))
            if (values) answerHeaders[name] = values.join(', ');
          try {
            resolve({
              status: res.statusCode ?? 0,
              headers: answerHeaders,
              text: utf8.decode(decoded(Buffer.concat(chunks), answerHeaders['content-encoding'])),
            });
          } catch (error) {
            // a body that does not decode as its content-encoding says: transport trouble, as with fetch
            resolve({ error, reusedConnection: req.reusedSocket, answerBytes: true });
          }
        });
      },
    );
    // What the connection had read before this request: a reused one counts its earlier answers too.
    req.on('socket', (socket) => {
      readBefore = socket.bytesRead;
    });
    req.on('error', fail);
    req.end(init.body);
  });
}
