import { expect, send, test } from './mock-fixtures.js';
import { RATE_LIMIT, TokenBucket } from './rate-limit.js';
import { SLOW_LINK_MS } from './slow-link.js';

test('a token bucket lets a burst through, then one request per refill interval', () => {
  const bucket = new TokenBucket(20, 2);
  const t0 = performance.now();
  expect(bucket.take(t0)).toBe(true);
  expect(bucket.take(t0)).toBe(true);
  expect(bucket.take(t0)).toBeCloseTo(50, 0);
  expect(bucket.take(t0 + 50)).toBe(true);
});

test('variant rate-limited answers 429 with Retry-After beyond the burst, and leaves the control API alone', async ({ launch }) => {
  const mock = await launch({ variants: ['rate-limited'] });
  const started = performance.now();
  const answers = await Promise.all(Array.from({ length: 100 }, () => send(mock.url, 'GET', '/platform/vault/customer?count=1')));
  const seconds = (performance.now() - started) / 1000;
  const refused = answers.filter((a) => a.status === 429);
  const served = answers.filter((a) => a.status === 200).length;
  expect(served + refused.length).toBe(100);
  expect(served).toBeGreaterThanOrEqual(RATE_LIMIT.burst);
  expect(served).toBeLessThanOrEqual(RATE_LIMIT.burst + Math.ceil(seconds * RATE_LIMIT.perSecond));
  expect(refused.length).toBeGreaterThan(1);
  const retryAfter = refused.map((a) => a.headers.get('retry-after') ?? '');
  expect(retryAfter).toContain('1');
  expect(retryAfter.some((r) => !Number.isNaN(Date.parse(r)))).toBe(true);
  expect(refused[0]!.json).toEqual({ error: 'rate limit exceeded', limit: '20 requests per second' });
  expect((await send(mock.url, 'GET', '/__mock/health')).status).toBe(200);
});

test('variant slow-link answers gateway requests 150 ms late, the control API at once', async ({ launch }) => {
  const mock = await launch({ variants: ['slow-link'] });
  let started = performance.now();
  expect((await send(mock.url, 'GET', '/platform/vault/customer?count=1')).json.code).toBe(0);
  expect(performance.now() - started).toBeGreaterThanOrEqual(SLOW_LINK_MS - 5);
  started = performance.now();
  await send(mock.url, 'GET', '/__mock/health');
  expect(performance.now() - started).toBeLessThan(SLOW_LINK_MS);
});
