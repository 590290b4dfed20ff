import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { test as base, expect } from '@playwright/test';
import { serverIdentity, type CertName } from './certificates.js';

/** Merchant endpoints for the webhook-check tests: HTTP and HTTPS receivers on loopback port 0, closed after each test. */

export type Seen = { method: string; path: string; contentType: string | undefined; body: string };
export type Handler = (req: IncomingMessage, res: ServerResponse) => void;
export type Receiver = { url: string; seen: Seen[] };

/** What a healthy endpoint does: read the delivery, then acknowledge it. */
export const acknowledge: Handler = (_req, res) =>
  res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');

type Fixtures = {
  /** An HTTPS receiver presenting the named fixture certificate (see certificates/README.md). */
  httpsReceiver: (cert: CertName, handler?: Handler) => Promise<Receiver>;
  /** A plain-http receiver. */
  httpReceiver: (handler?: Handler) => Promise<Receiver>;
};

export const test = base.extend<Fixtures>({
  httpsReceiver: async ({}, use) => {
    const receivers: (Receiver & { close(): Promise<void> })[] = [];
    await use(async (cert, handler = acknowledge) => {
      const receiver = await startHttpsReceiver(cert, handler);
      receivers.push(receiver);
      return receiver;
    });
    await Promise.all(receivers.map((r) => r.close()));
  },
  httpReceiver: async ({}, use) => {
    const servers: Server[] = [];
    await use(async (handler = acknowledge) => {
      const server = createHttpServer();
      servers.push(server);
      return listen(server, 'http', handler);
    });
    await Promise.all(servers.map(close));
  },
});

/** An HTTPS receiver outside a test's fixtures (for a `beforeAll`): the caller closes it. */
export async function startHttpsReceiver(
  cert: CertName,
  handler: Handler = acknowledge,
): Promise<Receiver & { close(): Promise<void> }> {
  const server = createHttpsServer(serverIdentity(cert));
  const receiver = await listen(server, 'https', handler);
  return { ...receiver, close: () => close(server) };
}

async function listen(server: Server, scheme: string, handler: Handler): Promise<Receiver> {
  const seen: Seen[] = [];
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        path: req.url ?? '',
        contentType: req.headers['content-type'],
        body: Buffer.concat(chunks).toString('utf8'),
      });
      handler(req, res);
    });
  });
  server.on('tlsClientError', () => {}); // a client refusing our test certificate is the point of several tests
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/gateway`, seen };
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections(); // including requests a test left hanging on purpose
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

export { expect };
