import { EnvHttpProxyAgent, interceptors, request } from 'undici';
import type { HttpAnswer, SendInit } from '../src/transport/http/http-request.js';

/**
 * The same contract as src/transport/http/http-request.ts on undici's Agent and request() (not its fetch), set up
 * as the suite would use it: EnvHttpProxyAgent (HTTP(S)_PROXY/NO_PROXY, keep-alive that follows the server's
 * Keep-Alive hints), the decompress interceptor (gzip, deflate, brotli), redirects not followed, one
 * time-out per answer. Only the bench uses it, to weigh its CPU per request against the hand-written client.
 */
const dispatcher = new EnvHttpProxyAgent({ keepAliveTimeout: 4_000 }).compose(interceptors.decompress());
const utf8 = new TextDecoder();

export async function sendWithUndici(url: string, init: SendInit): Promise<HttpAnswer> {
  const headers: Record<string, string> = { 'user-agent': 'node', 'accept-encoding': 'gzip, deflate', ...init.headers };
  const res = await request(url, {
    dispatcher,
    method: init.method as 'GET',
    headers,
    body: init.body,
    signal: AbortSignal.timeout(init.timeoutMs),
  });
  const text = utf8.decode(await res.body.arrayBuffer());
  const answerHeaders: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers))
    if (value !== undefined) answerHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
  return { status: res.statusCode, headers: answerHeaders, text };
}
