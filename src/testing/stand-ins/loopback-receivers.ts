import {
  createServer as createHttpServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { serverIdentity, type CertName } from '../certificates.js';

/** Merchant endpoints on loopback port 0: each records every request it is sent, then answers with its handler. */

export type Seen = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  contentType: string | undefined;
  body: string;
};
export type Handler = (req: IncomingMessage, res: ServerResponse) => void;
export type Receiver = {
  url: string;
  seen: Seen[];
  /** Resolves with what was seen once `count` requests have arrived; the test's timeout bounds the wait. */
  waitFor(count: number): Promise<Seen[]>;
};
export type StartedReceiver = Receiver & { close(): Promise<void> };

/** What a healthy endpoint does: read the delivery, then acknowledge it. */
const acknowledge: Handler = (_req, res) =>
  res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');

/** Answers with the statuses in turn, then 200: deliveries failing before one is accepted. */
export function answering(statuses: number[]): Handler {
  const left = [...statuses];
  return (_req, res) => res.writeHead(left.shift() ?? 200, { 'content-type': 'application/json' }).end('{}');
}

/** A plain-http receiver; the caller closes it (the fixtures do, after each test). */
export function startHttpReceiver(
  handler: Handler = acknowledge,
  path = '/webhooks/gateway',
): Promise<StartedReceiver> {
  return listen(createHttpServer(), 'http', handler, path);
}

/** An HTTPS receiver presenting the named test certificate; the caller closes it (for a `beforeAll`, say). */
export function startHttpsReceiver(cert: CertName, handler: Handler = acknowledge): Promise<StartedReceiver> {
  return listen(createHttpsServer(serverIdentity(cert)), 'https', handler, '/webhooks/gateway');
}

async function listen(server: Server, scheme: string, handler: Handler, path: string): Promise<StartedReceiver> {
  const seen: Seen[] = [];
  const waiters: { count: number; resolve: (s: Seen[]) => void }[] = [];
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        contentType: req.headers['content-type'],
        body: Buffer.concat(chunks).toString('utf8'),
      });
      handler(req, res);
      for (const w of waiters.filter((w) => seen.length >= w.count)) w.resolve(seen.slice());
    });
  });
  server.on('tlsClientError', () => {}); // a client refusing our test certificate is the point of several tests
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    seen,
    waitFor: (count) =>
      seen.length >= count ? Promise.resolve(seen.slice()) : new Promise((resolve) => waiters.push({ count, resolve })),
    close: async () => {
      server.closeAllConnections(); // including requests a test left hanging on purpose
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
