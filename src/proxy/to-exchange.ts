import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { parsedJson, type Exchange } from '../transport/exchange.js';
import { familyOf, operationOf } from '../catalogue/spec.js';
import type { Captured } from './forward.js';

/**
 * UTF-8 as the suite's client decodes it: a leading byte order mark (some Windows and .NET stacks write
 * one; RFC 8259 lets a parser ignore it) is dropped, so the JSON behind it is judged, not the mark.
 */
const utf8 = new TextDecoder();

/** The bytes as the application or the gateway meant them: a compressed body is judged uncompressed. */
function decoded(body: Buffer, encoding: string | undefined): string {
  try {
    if (encoding === 'gzip' || encoding === 'x-gzip') return utf8.decode(gunzipSync(body));
    if (encoding === 'br') return utf8.decode(brotliDecompressSync(body));
    if (encoding === 'deflate') return utf8.decode(inflateSync(body));
  } catch {
    return utf8.decode(body);
  }
  return utf8.decode(body);
}

/**
 * The captured bytes as the contract library's Exchange. A request body that is JSON is kept parsed; one
 * that is not is kept as its text, as the suite's client keeps a raw body, so the checks see it as such.
 */
export function toExchange(captured: Captured, basePath: string): Exchange {
  const url = new URL(captured.url);
  const path = url.pathname.slice(basePath.replace(/\/$/, '').length) || '/';
  const requestText = decoded(captured.requestBody, captured.requestHeaders['content-encoding']);
  const text = decoded(captured.responseBody, captured.responseHeaders['content-encoding']);
  return {
    operation: operationOf(captured.method, path),
    family: familyOf(path),
    request: {
      method: captured.method,
      url: captured.url,
      headers: captured.requestHeaders,
      body: requestText === '' ? undefined : (parsedJson(requestText) ?? requestText),
    },
    status: captured.status,
    headers: captured.responseHeaders,
    text,
    json: parsedJson(text),
    ms: Math.round(captured.ms * 100) / 100,
  };
}
