import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Dispatcher } from 'undici';
import { forwardingDispatcher } from '../transport/http/dispatchers.js';
import { sentAgain } from '../transport/http/stale-connection-retry.js';
import { whoFailed } from '../transport/who-answered.js';

/**
 * Moves one request to the upstream and its answer back, byte for byte, keeping a copy of both bodies.
 * Only what HTTP itself makes per-hop changes: Host names the upstream, and the connection-management
 * headers (Connection and the headers it names, Keep-Alive, Proxy-Connection, TE, Upgrade) belong to each
 * hop. The request goes upstream once the application has sent it whole (so the one retry below can send it
 * again), through the suite's dispatchers
 * (src/transport/http/dispatchers.ts: its keep-alive pools, as a new TLS handshake per exchange would be most
 * of the added latency; its proxy variables; loopback direct); certificate checks stay on, whatever the
 * environment says. Nothing is retried: an upstream that cannot be reached is answered 502 by the proxy and
 * reported. The one exception is the proxy's own: a request reset on one of its pooled upstream connections
 * before any answer byte goes once more on a new connection (the gateway never saw it;
 * stale-connection-retry.ts).
 */

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'upgrade']);

/**
 * What the upstream request leaves out besides the per-hop headers: Transfer-Encoding (the body goes whole,
 * framed by undici with its length) and Expect (Node's server already answered the application's
 * 100-continue); undici refuses both from a caller.
 */
const FRAMED_BY_THIS_HOP = new Set(['transfer-encoding', 'expect']);

/** Raw headers (name, value, name, value …) without the per-hop ones, in their order and spelling. */
export function endToEnd(raw: readonly string[], replace: Record<string, string> = {}): string[] {
  const named = new Set<string>(HOP_BY_HOP);
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.toLowerCase() === 'connection')
      raw[i + 1]!.split(',').forEach((n) => named.add(n.trim().toLowerCase()));
  }
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (named.has(name)) continue;
    out.push(raw[i]!, name in replace ? replace[name]! : raw[i + 1]!);
  }
  return out;
}

export type Captured = {
  method: string;
  /** The upstream URL the request went to. */
  url: string;
  requestHeaders: Record<string, string>;
  requestBody: Buffer;
  status: number;
  responseHeaders: Record<string, string>;
  responseBody: Buffer;
  ms: number;
};

export type Failure = { method: string; url: string; problem: string };

function headerRecord(raw: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    out[name] = name in out ? `${out[name]}, ${raw[i + 1]!}` : raw[i + 1]!;
  }
  return out;
}

/** Raw headers as undici takes them with their spelling kept: a name sent twice carries both values, in order. */
function upstreamHeaders(raw: readonly string[]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (FRAMED_BY_THIS_HOP.has(name.toLowerCase())) continue;
    const before = out[name];
    out[name] = before === undefined ? raw[i + 1]! : [...(Array.isArray(before) ? before : [before]), raw[i + 1]!];
  }
  return out;
}

/** An answer's raw header lines as strings, from what undici read (its parsed record when it kept none). */
function rawLines(controller: Dispatcher.DispatchController, headers: Record<string, string | string[] | undefined>) {
  const raw = controller.rawHeaders;
  if (Array.isArray(raw)) return raw.map((item: Buffer | string) => item.toString('latin1'));
  return Object.entries(headers).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : value === undefined ? [] : [value]).flatMap((v) => [name, v]),
  );
}

export function forward(
  upstream: URL,
  req: IncomingMessage,
  res: ServerResponse,
  done: (result: { captured: Captured } | { failure: Failure }) => void,
): void {
  const started = performance.now();
  const base = upstream.pathname.replace(/\/$/, '');
  const url = new URL(`${base}${req.url ?? '/'}`, upstream);
  const rawHeaders = endToEnd(req.rawHeaders, { host: url.host });
  const requestHeaders = headerRecord(rawHeaders);
  const requestChunks: Buffer[] = [];
  let finished = false;
  let gone: Error | undefined;
  let upstreamController: Dispatcher.DispatchController | undefined;
  const fail = (error: Error & { code?: string }, retried: boolean) => {
    if (finished) return;
    finished = true;
    const problem = whoFailed(error, url).problem;
    if (!res.headersSent) {
      res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(
        `gateway-conformance proxy: the gateway could not be reached (${problem}); ` +
          `${retried ? 'sent once more on a new connection after a reset of a pooled one, to no avail' : 'nothing was retried'}\n`,
      );
    } else res.destroy();
    done({ failure: { method: req.method ?? 'GET', url: url.toString(), problem } });
  };
  const responseChunks: Buffer[] = [];
  let status = 0;
  let responseRaw: string[] = [];
  const handler: Dispatcher.DispatchHandler = {
    onRequestStart(controller) {
      upstreamController = controller;
      // The application hung up while the connection was being made: nothing is sent that it did not finish.
      if (gone) controller.abort(gone);
    },
    onResponseStart(controller, statusCode, headers, statusMessage) {
      if (statusCode < 200) return; // an interim answer (103 Early Hints): the final one follows
      status = statusCode;
      responseRaw = rawLines(controller, headers);
      res.writeHead(statusCode, statusMessage, endToEnd(responseRaw));
    },
    onResponseData(controller, chunk) {
      responseChunks.push(chunk);
      if (!res.write(chunk)) {
        controller.pause();
        res.once('drain', () => controller.resume());
      }
    },
    onResponseEnd() {
      res.end();
      if (finished) return;
      finished = true;
      done({
        captured: {
          method: req.method ?? 'GET',
          url: url.toString(),
          requestHeaders,
          requestBody: Buffer.concat(requestChunks),
          status,
          responseHeaders: headerRecord(responseRaw),
          responseBody: Buffer.concat(responseChunks),
          ms: performance.now() - started,
        },
      });
    },
    onResponseError(controller, error) {
      fail(error, sentAgain(controller));
    },
  };
  req.on('data', (chunk: Buffer) => requestChunks.push(chunk));
  let dispatched = false;
  req.on('end', () => {
    if (gone) return;
    dispatched = true;
    forwardingDispatcher(url).then(
      (dispatcher) =>
        dispatcher.dispatch(
          {
            origin: url.origin,
            path: `${url.pathname}${url.search}`,
            method: req.method ?? 'GET',
            headers: upstreamHeaders(rawHeaders),
            body: Buffer.concat(requestChunks),
          },
          handler,
        ),
      (error: Error) => fail(error, false),
    );
  });
  // The application hung up: the upstream request goes too.
  res.on('close', () => {
    if (res.writableFinished) return;
    gone = new Error('the application closed the connection');
    if (dispatched) upstreamController?.abort(gone);
    else fail(gone, false);
  });
}
