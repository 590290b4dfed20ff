import http, { type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import { routeTo } from '../transport/http/connections.js';
import { isStaleConnection } from '../transport/http/http-request.js';
import { whoFailed } from '../transport/who-answered.js';

/**
 * Moves one request to the upstream and its answer back, byte for byte, keeping a copy of both bodies.
 * Only what HTTP itself makes per-hop changes: Host names the upstream, and the connection-management
 * headers (Connection and the headers it names, Keep-Alive, Proxy-Connection, TE, Upgrade) belong to each
 * hop. Nothing is retried: an upstream that cannot be reached is answered 502 by the proxy and reported.
 * The one exception is the proxy's own: a request reset on one of its pooled upstream connections before
 * any answer byte goes once more on a new connection (the gateway never saw it; see http-request.ts).
 */

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'upgrade']);

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

export type Failure = {
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  problem: string;
  ms: number;
};

function headerRecord(raw: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    out[name] = name in out ? `${out[name]}, ${raw[i + 1]!}` : raw[i + 1]!;
  }
  return out;
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
  let retried = false;
  const fail = (error: Error & { code?: string }) => {
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
    done({
      failure: {
        method: req.method ?? 'GET',
        url: url.toString(),
        requestHeaders,
        problem,
        ms: performance.now() - started,
      },
    });
  };
  // The suite's keep-alive pools (a new TLS handshake per exchange would be most of the added latency),
  // following the gateway's Keep-Alive hints, through HTTPS_PROXY/HTTP_PROXY unless NO_PROXY or loopback.
  // Certificate checks stay on: rejectUnauthorized is never touched, whatever the environment says.
  const open = (fresh: boolean): ClientRequest => {
    const route = routeTo(url, fresh);
    const toProxy = Object.entries(route.options.headers)
      .filter(([name]) => name !== 'host')
      .flat();
    const send = route.options.protocol === 'https:' ? https.request : http.request;
    const upstreamReq = send({
      ...route.options,
      method: req.method,
      headers: [...rawHeaders, ...toProxy],
      agent: route.agent,
    });
    let readBefore = 0;
    upstreamReq.on('socket', (socket) => (readBefore = socket.bytesRead));
    upstreamReq.on('error', (error) => {
      // The proxy's own pooled connection, dropped while idle, must not become a 502 the application would
      // not have met: sent once more on a new connection when the application's request is whole.
      const answerBytes = (upstreamReq.socket?.bytesRead ?? readBefore) > readBefore;
      if (
        !fresh &&
        !finished &&
        req.complete &&
        isStaleConnection({ error, reusedConnection: upstreamReq.reusedSocket, answerBytes })
      ) {
        retried = true;
        current = open(true);
        current.end(Buffer.concat(requestChunks));
        return;
      }
      fail(error);
    });
    upstreamReq.on('response', (answer) => relay(answer));
    return upstreamReq;
  };
  const relay = (answer: IncomingMessage) => {
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.rawHeaders));
    const chunks: Buffer[] = [];
    answer.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      res.write(chunk);
    });
    answer.on('error', fail);
    answer.on('end', () => {
      res.end();
      if (finished) return;
      finished = true;
      done({
        captured: {
          method: req.method ?? 'GET',
          url: url.toString(),
          requestHeaders,
          requestBody: Buffer.concat(requestChunks),
          status: answer.statusCode ?? 0,
          responseHeaders: headerRecord(answer.rawHeaders),
          responseBody: Buffer.concat(chunks),
          ms: performance.now() - started,
        },
      });
    });
  };
  let current = open(false);
  req.on('data', (chunk: Buffer) => requestChunks.push(chunk));
  // The application hung up: the upstream request goes too, so nothing is sent that it did not finish.
  res.on('close', () => {
    if (!res.writableFinished) current.destroy(new Error('the application closed the connection'));
  });
  req.pipe(current);
}
