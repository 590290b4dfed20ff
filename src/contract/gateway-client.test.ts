import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { GatewayClient, WriteRefusedError } from './gateway-client.js';
import { TargetUnavailableError, retryAfterMs } from './target-unavailable.js';

type Stand = { url: string; hits: { method: string; at: number }[]; server: Server };

async function standIn(answer: (n: number) => { status: number; headers?: Record<string, string>; body?: string }): Promise<Stand> {
  const hits: Stand['hits'] = [];
  const server = createServer((req, res) => {
    hits.push({ method: req.method ?? '', at: Date.now() });
    const a = answer(hits.length);
    res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers }).end(a.body ?? '{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits, server };
}

const FAST = { attempts: 3, baseDelayMs: 10, maxDelayMs: 2_000, timeoutMs: 2_000 };
const client = (url: string, allowWrites = true) => new GatewayClient(url, { merchantKey: 'k', vendorKey: undefined }, { allowWrites }, (t) => t, FAST);

test('reads are retried on 5xx and 429, a bounded number of times, then reported as target unavailable', async () => {
  const s = await standIn(() => ({ status: 503 }));
  await expect(client(s.url).listCustomers({ count: 1 })).rejects.toThrow(TargetUnavailableError);
  expect(s.hits).toHaveLength(3);
  s.server.close();
});

test('a read succeeds when a retry does', async () => {
  const s = await standIn((n) => (n < 3 ? { status: 429 } : { status: 200, body: '{"code":0}' }));
  const answer = await client(s.url).listCustomers({ count: 1 });
  expect(answer.json).toEqual({ code: 0 });
  expect(s.hits).toHaveLength(3);
  s.server.close();
});

test('Retry-After is respected between read attempts', async () => {
  const s = await standIn((n) => (n === 1 ? { status: 503, headers: { 'retry-after': '1' } } : { status: 200, body: '{"code":0}' }));
  await client(s.url).listCustomers({ count: 1 });
  expect(s.hits[1]!.at - s.hits[0]!.at).toBeGreaterThanOrEqual(900);
  s.server.close();
});

test('writes are never retried', async () => {
  const s = await standIn(() => ({ status: 500 }));
  await expect(client(s.url).tokenize({ merchant_id: 'm' })).rejects.toThrow(/\[TARGET UNAVAILABLE\] POST \/pg\/tokenize answered HTTP 500 \(after 1 attempt\)/);
  await expect(client(s.url).disableWebhook('w')).rejects.toThrow(TargetUnavailableError);
  expect(s.hits.map((h) => h.method)).toEqual(['POST', 'PUT']);
  s.server.close();
});

test('connection refused is target unavailable in plain words', async () => {
  const s = await standIn(() => ({ status: 200 }));
  const url = s.url;
  await new Promise((r) => s.server.close(r));
  await expect(client(url).listCustomers({})).rejects.toThrow(/connection refused \(after 3 attempts\)/);
});

test('writes are refused before the network when not allowed, and webhooks outside the allow-list too', async () => {
  const s = await standIn(() => ({ status: 200 }));
  await expect(client(s.url, false).tokenize({ merchant_id: 'm' })).rejects.toThrow(WriteRefusedError);
  const limited = new GatewayClient(s.url, { merchantKey: 'k', vendorKey: undefined }, { allowWrites: true, webhooks: ['mine'] });
  await expect(limited.disableWebhook('other')).rejects.toThrow('the suite disables only PG_WEBHOOK_ID');
  expect(s.hits).toHaveLength(0);
  s.server.close();
});

test('Retry-After takes seconds or an HTTP date, capped', () => {
  expect(retryAfterMs('2', 5_000)).toBe(2_000);
  expect(retryAfterMs('600', 5_000)).toBe(5_000);
  expect(retryAfterMs(new Date(Date.now() + 3_000).toUTCString(), 10_000)).toBeGreaterThan(1_000);
  expect(retryAfterMs(undefined, 5_000)).toBeUndefined();
  expect(retryAfterMs('soon', 5_000)).toBeUndefined();
});
