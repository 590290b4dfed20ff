import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { buildBehaviours } from '../../behaviours/index.js';
import { resolveOptions } from '../../server/options.js';
import { customerAt } from '../../state/customers.js';
import { MOCK_DEFAULTS } from '../../defaults.js';
import { FAULTS } from '../../behaviours/faults.js';
import { basic, expect, test } from '../../mock-fixtures.js';
import { VARIANTS } from '../../behaviours/variants.js';
import { fastPathApplies, RecordCache, vaultPageBytes, VaultPages } from './fast-path.js';
import { VAULT_LIMITS, type VaultQuery } from './query.js';
import { pageWindow, vaultPage } from './page.js';

const buildBehaviour = (faults: readonly string[], variants: readonly string[]) =>
  buildBehaviours(resolveOptions().credentials, faults, variants);
const none = buildBehaviour([], []);
/** Changes /pg/ failures only: a server with it answers listings through vaultPage and the JSON serializer. */
const OBJECT_PATH_FAULT = 'pg-failure-rmsg-empty';

const SIZES = [0, 1, 7, 25, 101, 1000, 1_000_000];
const COUNTS = [1, 3, 10, 25, 100, VAULT_LIMITS.maxCount];

/** First, second, last, past-the-end, far past the end and (for big vaults) deep pages of a walk. */
function pagesOf(size: number, count: number): number[] {
  const last = Math.max(0, Math.ceil(size / count) - 1);
  return [
    ...new Set(
      [0, 1, Math.floor(last / 2), last - 1, last, last + 1, last + 2, VAULT_LIMITS.maxPage].filter(
        (p) => p >= 0 && p <= VAULT_LIMITS.maxPage,
      ),
    ),
  ];
}

function* queries(size: number): Generator<VaultQuery> {
  for (const count of COUNTS) {
    for (const page of pagesOf(size, count)) {
      for (const orderOn of ['customer_id', 'rec_id'] as const)
        for (const orderBy of ['asc', 'desc'] as const) yield { count, page, orderOn, orderBy };
    }
  }
}

const path = (q: VaultQuery) =>
  `/platform/vault/customer?count=${q.count}&page=${q.page}&order_on=${q.orderOn}&order_by=${q.orderBy}`;

test('the fast path is taken only with no fault and no variant on', () => {
  expect(fastPathApplies(none)).toBe(true);
  for (const f of FAULTS) expect(fastPathApplies(buildBehaviour([f.name], [])), f.name).toBe(false);
  for (const v of VARIANTS) expect(fastPathApplies(buildBehaviour([], [v.name])), v.name).toBe(false);
});

test("the fast path's bytes are JSON.stringify(vaultPage(...)) for every size, count, page and order, cold, warm and evicted", () => {
  // A 64-record cache is evicted over and over by these walks; the default-sized one answers cold, then warm.
  const small = new RecordCache(64);
  const pages = new VaultPages();
  const wrong: string[] = [];
  let compared = 0;
  for (const size of SIZES) {
    for (const query of queries(size)) {
      const expected = Buffer.from(JSON.stringify(vaultPage(query, size, pageWindow(query, size), customerAt)), 'utf8');
      const answers = [
        ['cold', pages.body(query, size)],
        ['warm', pages.body(query, size)],
        ['small cache', vaultPageBytes(query, size, small)],
      ] as const;
      for (const [label, bytes] of answers) {
        compared++;
        if (!bytes.equals(expected)) wrong.push(`${label}: ${size} customers, ${JSON.stringify(query)}`);
      }
    }
  }
  // Playwright's expect is slow per call: the pages are compared above and any difference is listed here.
  expect(wrong).toEqual([]);
  expect(compared).toBeGreaterThan(2000);
  expect(small.size).toBeLessThanOrEqual(64);
  expect(small.size).toBeGreaterThan(32);
  expect(pages.records.size).toBeLessThanOrEqual(pages.records.limit);
});

test('the record cache is bounded and keeps the records used lately', () => {
  const records = new RecordCache(6); // two generations of 3
  const fresh = new RecordCache(6);
  for (let i = 0; i < 100; i++) {
    records.bytes(i);
    records.bytes(0); // used after every other record: never dropped
    expect(records.size).toBeLessThanOrEqual(6);
  }
  expect([0, 99, 98].map((i) => records.has(i))).toEqual([true, true, true]);
  expect([1, 5, 50, 96].map((i) => records.has(i))).toEqual([false, false, false, false]);
  for (const i of [0, 99, 98, 5, 1]) expect(records.bytes(i).equals(fresh.bytes(i))).toBe(true); // kept or recomputed, the same bytes
});

type Raw = { status: number; headers: Headers; bytes: Buffer };

/** One exchange with the merchant key, the body kept as the bytes that came. */
async function raw(baseUrl: string, method: 'GET' | 'HEAD', path: string): Promise<Raw> {
  const res = await fetch(baseUrl + path, { method, headers: { authorization: basic(MOCK_DEFAULTS.apiKey) } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Response headers but the date, which differs between two answers whatever sends them. */
const headerList = (headers: Headers) =>
  [...headers]
    .filter(([name]) => name !== 'date')
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');

/** What differs between the two answers (none when the fast one is a 200 equal byte for byte). */
function differences(fast: Raw, slow: Raw, label: string): string[] {
  const wrong: string[] = [];
  const same = (what: string, a: unknown, b: unknown) =>
    a === b || wrong.push(`${label}: ${what} ${String(a).slice(0, 120)} ≠ ${String(b).slice(0, 120)}`);
  same('status', fast.status, 200);
  same('status', fast.status, slow.status);
  same('raw body equal', fast.bytes.equals(slow.bytes), true);
  if (fast.bytes.length)
    same(
      'parsed body equal',
      isDeepStrictEqual(JSON.parse(fast.bytes.toString('utf8')), JSON.parse(slow.bytes.toString('utf8'))),
      true,
    );
  same('content-type', fast.headers.get('content-type'), 'application/json; charset=utf-8');
  same('headers', headerList(fast.headers), headerList(slow.headers)); // content-type and content-length included
  if (fast.bytes.length) same('content-length', Number(fast.headers.get('content-length')), fast.bytes.length);
  return wrong;
}

test('over HTTP the fast path answers what the object path answers, byte for byte, headers included', async ({
  launch,
}) => {
  test.setTimeout(120_000);
  expect(fastPathApplies(buildBehaviour([OBJECT_PATH_FAULT], []))).toBe(false);
  const wrong: string[] = [];
  let compared = 0;
  for (const customers of [0, 25, 1000, 1_000_000]) {
    const fast = await launch({ customers });
    const slow = await launch({ customers, faults: [OBJECT_PATH_FAULT] });
    for (const p of [
      ...[...queries(customers)].map(path),
      '/platform/vault/customer',
      '/platform/vault/customer?page=1&merchant_id=mock-merchant-0001',
    ]) {
      // Twice: the first answer builds the records, the second is served from the cache.
      for (const round of ['cold', 'warm']) {
        const [a, b] = await Promise.all([raw(fast.url, 'GET', p), raw(slow.url, 'GET', p)]);
        wrong.push(...differences(a, b, `${customers} customers, ${round}, ${p}`));
        compared++;
      }
    }
  }
  expect(wrong).toEqual([]);
  expect(compared).toBeGreaterThan(500);
});

test('HEAD and reseeding: the cached records follow the vault size, desc pages included', async ({ launch }) => {
  const fast = await launch({ customers: 25 });
  const slow = await launch({ customers: 25, faults: [OBJECT_PATH_FAULT] });
  const reseed = (url: string, count: number) =>
    fetch(`${url}/__mock/customers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count }),
    });
  const desc = '/platform/vault/customer?count=10&page=0&order_on=customer_id&order_by=desc';
  const wrong: string[] = [];
  for (const count of [25, 40, 3, 0, 25]) {
    await Promise.all([reseed(fast.url, count), reseed(slow.url, count)]);
    for (const p of [
      desc,
      '/platform/vault/customer?count=10&page=1&order_by=desc',
      '/platform/vault/customer?count=10&page=2',
    ]) {
      const [a, b] = await Promise.all([raw(fast.url, 'GET', p), raw(slow.url, 'GET', p)]);
      wrong.push(...differences(a, b, `${count} customers, ${p}`));
    }
  }
  for (const p of [
    '/platform/vault/customer?count=10&page=1',
    '/platform/vault/customer?count=10&page=1&order_by=desc',
  ]) {
    const [a, b] = await Promise.all([raw(fast.url, 'HEAD', p), raw(slow.url, 'HEAD', p)]);
    wrong.push(...differences(a, b, `HEAD ${p}`));
    if (a.headers.get('content-length') === null) wrong.push(`HEAD ${p}: no content-length`);
  }
  expect(wrong).toEqual([]);
});

test('customer records are byte for byte what they were before the generator was made faster', () => {
  // Digests taken from customers.ts before the rewrite: records 0–1,999 and 999,000–999,999, with no
  // fault and with every vault-* fault on at once.
  const digest = (faults: string[]) => {
    const behaviour = buildBehaviour(faults, []);
    const hash = createHash('sha256');
    for (const i of [...Array(2000).keys(), ...Array.from({ length: 1000 }, (_, k) => 999_000 + k)])
      hash.update(`${JSON.stringify(behaviour.recordAt(i))}\n`);
    return hash.digest('hex');
  };
  expect(digest([])).toBe('30b37c7ec401007d45a11a7260121deb509fdd887eeea037eaa1aa7b38cceece');
  expect(digest(FAULTS.map((f) => f.name).filter((n) => n.startsWith('vault-')))).toBe(
    '4351c827aecc551270e28d3a5107a46cb71f5b2c307431262832ad8d88eb1f58',
  );
});
