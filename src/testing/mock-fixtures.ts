import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test as base, expect } from '@playwright/test';
import { validateResponse } from '../catalogue/validate.js';
import { MOCK_DEFAULTS } from '../mock/defaults.js';
import type { MockOptions } from '../mock/options.js';
import { startMock, type MockHandle } from '../mock/start.js';

/** The mock's own tests: one mock per worker, plus private instances and notification receivers. */

export type MockAnswer = { status: number; headers: Headers; text: string; json: Record<string, unknown> };

export type Send = {
  key?: string | null;
  authorization?: string;
  body?: unknown;
  rawBody?: string;
  contentType?: string | null;
  headers?: Record<string, string>;
};

export function basic(key: string, user = ''): string {
  return `Basic ${Buffer.from(`${user}:${key}`, 'utf8').toString('base64')}`;
}

/** One HTTP exchange; the merchant key is sent unless `key` is null or `authorization` overrides it. */
export async function send(baseUrl: string, method: string, path: string, options: Send = {}): Promise<MockAnswer> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const key = options.key === undefined ? MOCK_DEFAULTS.apiKey : options.key;
  if (options.authorization !== undefined) headers.authorization = options.authorization;
  else if (key !== null) headers.authorization = basic(key);
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const contentType =
    options.contentType === undefined ? (body === undefined ? null : 'application/json') : options.contentType;
  if (contentType !== null) headers['content-type'] = contentType;
  const res = await fetch(baseUrl + path, { method, headers, body });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Left empty: tests assert on `text` and the content type when the body is not JSON.
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** Asserts a body validates against spec/openapi.yaml for the operation. */
export function expectValid(operationId: 'tokenize' | 'listCustomers' | 'disableWebhook', body: unknown): void {
  expect(
    validateResponse(operationId, body),
    `${operationId} answer should validate against spec/openapi.yaml`,
  ).toEqual([]);
}

export type Received = { method: string; url: string; headers: IncomingHttpHeaders; body: string };

/** A merchant's notification endpoint: answers with the scripted statuses in turn (then 200). */
export type Receiver = {
  url: string;
  received: Received[];
  /** Resolves when `count` requests have arrived; the test's timeout bounds the wait. */
  waitFor(count: number): Promise<Received[]>;
};

type MockFixtures = {
  /** Starts a private mock for tests that change shared state (reset, reseeding, the shared clock). */
  launch: (options?: MockOptions) => Promise<MockHandle>;
  receiver: (statuses?: number[]) => Promise<Receiver>;
  gateway: { url: string; send: (method: string, path: string, options?: Send) => Promise<MockAnswer> };
};

export const test = base.extend<MockFixtures, { mock: MockHandle }>({
  mock: [
    async ({}, use) => {
      const mock = await startMock();
      await use(mock);
      await mock.close();
    },
    { scope: 'worker' },
  ],

  gateway: async ({ mock }, use) => {
    await use({ url: mock.url, send: (method, path, options) => send(mock.url, method, path, options) });
  },

  launch: async ({}, use) => {
    const started: MockHandle[] = [];
    await use(async (options) => {
      const mock = await startMock(options);
      started.push(mock);
      return mock;
    });
    await Promise.all(started.map((m) => m.close()));
  },

  receiver: async ({}, use) => {
    const servers: ReturnType<typeof createServer>[] = [];
    await use(async (statuses = []) => {
      const received: Received[] = [];
      const waiters: { count: number; resolve: (r: Received[]) => void }[] = [];
      const server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          received.push({
            method: req.method ?? '',
            url: req.url ?? '',
            headers: req.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          });
          res.writeHead(statuses.shift() ?? 200, { 'content-type': 'application/json' }).end('{}');
          for (const w of waiters.filter((w) => received.length >= w.count)) w.resolve(received.slice());
        });
      });
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      return {
        url: `http://127.0.0.1:${port}/hook`,
        received,
        waitFor: (count) =>
          received.length >= count
            ? Promise.resolve(received.slice())
            : new Promise((resolve) => waiters.push({ count, resolve })),
      };
    });
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  },
});

export { expect };
