import { clientDispatcher } from './dispatchers.js';

/** One answer, read whole: what the client keeps of it. */
export type HttpAnswer = { status: number; headers: Record<string, string>; text: string };

export type SendInit = { method: string; headers: Record<string, string>; body?: string; timeoutMs: number };

/** Decodes as fetch's text() does: UTF-8, a leading byte-order mark dropped. */
const utf8 = new TextDecoder();

/** Rejects with the signal's reason once it aborts. */
function abortion(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
}

/**
 * Sends one request through undici's `request` (dispatchers.ts) and reads the whole answer, within
 * `timeoutMs` for both. Not fetch: its web streams cost every worker about twice the CPU per request on a
 * loopback mock, where undici's request hands back a Node stream. Redirects are not followed (the answer is
 * judged as it came). Request headers are the caller's plus undici's (host, connection, content-length), and
 * fetch's user-agent and accept-encoding; a gzip, deflate or brotli answer is decoded (undici's decompress
 * interceptor: the headers then lack content-encoding and content-length, as the bytes they described are
 * gone). Connections are kept alive as the server's Keep-Alive hint allows and go through
 * HTTPS_PROXY/HTTP_PROXY unless NO_PROXY or loopback; a request reset on a reused connection before any answer
 * byte is sent once more on a fresh one (stale-connection-retry.ts).
 *
 * Transport failures reject with the system error (its `code`: ECONNREFUSED, a TLS code…) or its equal in
 * Node's words (transport-errors.ts); a time-out, the second try included, rejects with a `TimeoutError`, as
 * fetch's does.
 */
export async function sendRequest(url: string, init: SendInit): Promise<HttpAnswer> {
  const target = new URL(url);
  const signal = AbortSignal.timeout(init.timeoutMs);
  const exchange = async (): Promise<HttpAnswer> => {
    const dispatcher = await clientDispatcher(target);
    const answer = await dispatcher.request({
      origin: target.origin,
      path: `${target.pathname}${target.search}`,
      method: init.method,
      headers: { 'user-agent': 'node', 'accept-encoding': 'gzip, deflate', ...init.headers },
      body: init.body,
      signal,
    });
    const bytes = await answer.body.arrayBuffer();
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(answer.headers))
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    return { status: answer.statusCode, headers, text: utf8.decode(bytes) };
  };
  try {
    // undici acts on an abort once the request is on a connection; one still connecting is left to end alone.
    return await Promise.race([exchange(), abortion(signal)]);
  } catch (error) {
    throw signal.aborted ? signal.reason : error;
  }
}
