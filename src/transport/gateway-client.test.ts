import { createServer, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { expect, test } from '../testing/fixtures.js';
import { GatewayClient, WriteRefusedError, type RetryPolicy } from './gateway-client.js';
import { Pacer, workerShare } from './pacer.js';
import { serverIdentity } from '../testing/certificates.js';
import { TargetMisconfiguredError } from './target-misconfigured.js';
import { TargetUnavailableError, retryAfterMs } from './target-unavailable.js';

type Stand = { url: string; hits: { method: string; at: number }[]; server: Server };

async function standIn(
  answer: (n: number) => { status: number; headers?: Record<string, string>; body?: string },
): Promise<Stand> {
  const hits: Stand['hits'] = [];
  const server = createServer((req, res) => {
    hits.push({ method: req.method ?? '', at: Date.now() });
    const a = answer(hits.length);
    res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers }).end(a.body ?? '{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits, server };
}

const FAST: RetryPolicy = {
  attempts: 3,
  baseDelayMs: 10,
  maxDelayMs: 2_000,
  timeoutMs: 2_000,
  rateLimitAttempts: 4,
  rateLimitWaitMs: 3_000,
};
const client = (url: string, allowWrites = true, pacer?: Pacer) =>
  new GatewayClient(url, { merchantKey: 'k', vendorKey: undefined }, { allowWrites }, (t) => t, FAST, pacer);

test('reads are retried on 5xx a bounded number of times, then reported as target unavailable', async () => {
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
  const s = await standIn((n) =>
    n === 1 ? { status: 503, headers: { 'retry-after': '1' } } : { status: 200, body: '{"code":0}' },
  );
  await client(s.url).listCustomers({ count: 1 });
  expect(s.hits[1]!.at - s.hits[0]!.at).toBeGreaterThanOrEqual(900);
  s.server.close();
});

test('a tokenize of unknown outcome (a 5xx without its scheme) is not sent again; the idempotent disable is', async () => {
  const s = await standIn(() => ({ status: 500 }));
  await expect(client(s.url).tokenize({ merchant_id: 'm' })).rejects.toThrow(
    new RegExp(
      String.raw`\[TARGET UNAVAILABLE\] POST \/pg\/tokenize answered HTTP 500 without the \/pg\/ rcode ` +
        String.raw`.*\(after 1 attempt, 0 s waited; not sent again: a POST`,
    ),
  );
  await expect(client(s.url).disableWebhook('w')).rejects.toThrow(/PUT .* answered HTTP 500 .*\(after 3 attempts/);
  expect(s.hits.map((h) => h.method)).toEqual(['POST', 'PUT', 'PUT', 'PUT']);
  s.server.close();
});

test('a tokenize of unknown outcome is sent again where a second stored card does no harm (resendUnknownPosts)', async () => {
  const s = await standIn((n) =>
    n === 1 ? { status: 502, body: '{"message":"Internal server error"}' } : { status: 200, body: '{"rcode":"000"}' },
  );
  const policy = { ...FAST, resendUnknownPosts: true };
  const sandbox = new GatewayClient(
    s.url,
    { merchantKey: 'k', vendorKey: undefined },
    { allowWrites: true },
    (t) => t,
    policy,
  );
  expect((await sandbox.tokenize({ merchant_id: 'm' })).json).toEqual({ rcode: '000' });
  expect(s.hits.map((h) => h.method)).toEqual(['POST', 'POST']);
  s.server.close();
});

test("a 503 without the family scheme was not processed: a write is sent again, and the gateway's answer judged", async () => {
  const blip = { status: 503, headers: { 'content-type': 'text/html' }, body: '<html>503</html>' };
  const s = await standIn((n) => (n === 1 ? blip : { status: 200, body: '{"rcode":"000"}' }));
  expect((await client(s.url).tokenize({ merchant_id: 'm' })).json).toEqual({ rcode: '000' });
  expect(s.hits.map((h) => h.method)).toEqual(['POST', 'POST']);
  s.server.close();
});

test('a 5xx carrying the family scheme is the gateway answering: returned to be judged, never retried', async () => {
  const s = await standIn(() => ({ status: 500, body: '{"rcode":"102","rmsg":"Invalid card number"}' }));
  const answer = await client(s.url).tokenize({ merchant_id: 'm' });
  expect(answer.status).toBe(500);
  expect(answer.json).toEqual({ rcode: '102', rmsg: 'Invalid card number' });
  expect(s.hits).toHaveLength(1);
  s.server.close();
});

test('connection refused is target unavailable in plain words', async () => {
  const s = await standIn(() => ({ status: 200 }));
  const url = s.url;
  await new Promise((r) => s.server.close(r));
  await expect(client(url).listCustomers({})).rejects.toThrow(
    /connection refused \(after 3 attempts, [\d.]+ s waited\)/,
  );
});

test('writes are refused before the network when not allowed, and webhooks outside the allow-list too', async () => {
  const s = await standIn(() => ({ status: 200 }));
  await expect(client(s.url, false).tokenize({ merchant_id: 'm' })).rejects.toThrow(WriteRefusedError);
  const limited = new GatewayClient(
    s.url,
    { merchantKey: 'k', vendorKey: undefined },
    { allowWrites: true, webhooks: ['mine'] },
  );
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

test('a write answered 429 was not processed, so it is sent again after Retry-After', async () => {
  const s = await standIn((n) =>
    n === 1 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 200, body: '{"rcode":"000"}' },
  );
  const answer = await client(s.url).tokenize({ merchant_id: 'm' });
  expect(answer.json).toEqual({ rcode: '000' });
  expect(s.hits.map((h) => h.method)).toEqual(['POST', 'POST']);
  expect(s.hits[1]!.at - s.hits[0]!.at).toBeGreaterThanOrEqual(900);
  s.server.close();
});

test('Retry-After as an HTTP date is waited for on a 429', async () => {
  const s = await standIn((n) =>
    n === 1 ? { status: 429, headers: { 'retry-after': new Date(Date.now() + 2_000).toUTCString() } } : { status: 200 },
  );
  await client(s.url).disableWebhook('w');
  expect(s.hits.map((h) => h.method)).toEqual(['PUT', 'PUT']);
  expect(s.hits[1]!.at - s.hits[0]!.at).toBeGreaterThanOrEqual(900);
  s.server.close();
});

test('429 retries stop at rateLimitAttempts, and the message says to pace the run', async () => {
  const s = await standIn(() => ({ status: 429 }));
  await expect(client(s.url).tokenize({ merchant_id: 'm' })).rejects.toThrow(
    /POST \/pg\/tokenize answered HTTP 429 \(rate limited\) 4 times.*\(after 4 attempts\); PG_MAX_RPS/,
  );
  expect(s.hits).toHaveLength(4);
  s.server.close();
});

test('a Retry-After beyond the wait budget is target unavailable at once, not waited for', async () => {
  const s = await standIn(() => ({ status: 429, headers: { 'retry-after': '3600' } }));
  const started = Date.now();
  await expect(client(s.url).listCustomers({})).rejects.toThrow(
    /429 \(rate limited\) 1 time, 0 s waited, next wait 3600 s/,
  );
  expect(Date.now() - started).toBeLessThan(1_000);
  expect(s.hits).toHaveLength(1);
  s.server.close();
});

test('a write meeting a refused connection is tried again: it was never delivered', async () => {
  const s = await standIn(() => ({ status: 200 }));
  await new Promise((r) => s.server.close(r));
  await expect(client(s.url).tokenize({ merchant_id: 'm' })).rejects.toThrow(
    /POST \/pg\/tokenize: connection refused \(after 3 attempts/,
  );
});

test('an answer that does not come within the time-out is transport trouble, in plain words', async () => {
  const server = createServer(() => undefined); // accepts the request, never answers
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const quick = new GatewayClient(url, { merchantKey: 'k', vendorKey: undefined }, { allowWrites: true }, (t) => t, {
    ...FAST,
    timeoutMs: 200,
  });
  await expect(quick.tokenize({ merchant_id: 'm' })).rejects.toThrow(
    /no answer in time \(time-out\) \(after 1 attempt, 0 s waited; not sent again/,
  );
  server.closeAllConnections();
  server.close();
});

test('a TLS target with a self-signed certificate is a configuration error naming NODE_EXTRA_CA_CERTS, not retried', async () => {
  const server = createTlsServer(serverIdentity('self-signed'), (_, res) => res.end('{}'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const error = await client(`https://127.0.0.1:${(server.address() as AddressInfo).port}`)
    .listCustomers({})
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TargetMisconfiguredError);
  expect((error as Error).message).toMatch(
    /^\[CONFIGURATION ERROR\] the certificate of 127\.0\.0\.1:\d+ is not signed .*NODE_EXTRA_CA_CERTS/,
  );
  server.close();
});

test('a gzip answer is read decoded, as fetch read it', async () => {
  const server = createServer((req, res) => {
    res
      .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
      .end(gzipSync(JSON.stringify({ code: 0, asked: req.headers['accept-encoding'] })));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const answer = await client(`http://127.0.0.1:${(server.address() as AddressInfo).port}`).listCustomers({});
  expect(answer.json).toEqual({ code: 0, asked: 'gzip, deflate' });
  server.close();
});

test('a pacer spaces requests evenly, concurrent ones included, retries included', async () => {
  const s = await standIn((n) => (n === 2 ? { status: 429, headers: { 'retry-after': '0' } } : { status: 200 }));
  const paced = client(s.url, true, new Pacer(20));
  const started = performance.now();
  await Promise.all([
    paced.listCustomers({}),
    paced.listCustomers({}),
    paced.listCustomers({}),
    paced.listCustomers({}),
  ]);
  expect(s.hits).toHaveLength(5);
  // Five attempts (one a retry) take five slots 50 ms apart: the last is sent 200 ms after the first.
  expect(performance.now() - started).toBeGreaterThanOrEqual(195);
  s.server.close();
});

test("a 429 is waited out through the pacer, which learns from it for the request's family alone, and counted for the report", async () => {
  const s = await standIn((n) =>
    n === 1 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 200, body: '{"code":0}' },
  );
  const pacer = new Pacer();
  const limited = client(s.url, true, pacer);
  const waits: number[] = [];
  limited.onRateLimitWait = (ms) => waits.push(ms);
  expect((await limited.listCustomers({})).json).toEqual({ code: 0 });
  expect(s.hits[1]!.at - s.hits[0]!.at).toBeGreaterThanOrEqual(900);
  expect(limited.rateLimited).toEqual({ answers: 1, waitedMs: 1000 });
  expect(waits).toEqual([1000]);
  expect(pacer.seen.limited).toBe(1);
  expect(pacer.rateOf('platform')).toBeLessThan(Infinity);
  expect(pacer.rateOf('pg')).toBe(Infinity);
  s.server.close();
});

test("the time a request waits on the target's 429 is told to onWaited, for the test's time-out; a quick answer adds nothing", async () => {
  const s = await standIn((n) =>
    n === 1 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 200, body: '{"code":0}' },
  );
  const limited = client(s.url, true, new Pacer());
  const waited: number[] = [];
  limited.onWaited = (ms) => waited.push(ms);
  await limited.listCustomers({});
  expect(waited.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(900);
  const quick = client(s.url, true, new Pacer());
  const quickWaits: number[] = [];
  quick.onWaited = (ms) => quickWaits.push(ms);
  await quick.listCustomers({});
  expect(quickWaits).toEqual([]);
  s.server.close();
});

test('a run-wide rate is shared among workers and shards (PG_IN_FLIGHT: run-shape.test.ts)', () => {
  expect(20 * workerShare(2)).toBe(10);
  expect(20 * workerShare(4, 2)).toBe(2.5);
  expect(5 * workerShare(0)).toBe(5);
  expect(() => new Pacer(0)).toThrow('positive rate');
});

test('tokenize sends the configured merchant ID as a number where told, any other as written, a form asked for as asked', async () => {
  const s = await standIn(() => ({ status: 200, body: '{"rcode":"000"}' }));
  const c = client(s.url);
  c.merchantIdAsNumber = '100234';
  const sent = async (body: Record<string, unknown>, as?: 'string' | 'number') =>
    (await c.tokenize(body, 'merchant', as)).request.body;
  expect(await sent({ merchant_id: '100234', exp_date: '1230' })).toEqual({ merchant_id: 100234, exp_date: '1230' });
  expect(await sent({ merchant_id: '100243' })).toEqual({ merchant_id: '100243' });
  expect(await sent({ merchant_id: '100234' }, 'string')).toEqual({ merchant_id: '100234' });
  // A merchant ID without a number form (letters, a leading zero) goes as written whatever is asked.
  expect(await sent({ merchant_id: 'acme-01' }, 'number')).toEqual({ merchant_id: 'acme-01' });
  expect(await sent({ merchant_id: '0042' }, 'number')).toEqual({ merchant_id: '0042' });
  s.server.close();
});
