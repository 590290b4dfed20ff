import { expect, test } from '../../testing/fixtures.js';
import type { Exchange } from '../../transport/exchange.js';
import { madeUpExchange } from '../../testing/made-up/exchange.js';
import { pageCap, refusedCountProblems, type WalkedPages } from './page-cap.js';
import { STILL_ATTEMPTS } from './same-vault.js';

/**
 * Page `page` of a vault of `total` records "c1" … listed in pages of `size`, totalPages counted from `pagesOf`,
 * answering a request for `count` a page.
 */
function listing(total: number, size: number, page: number, pagesOf = size, count = pagesOf): Exchange {
  const data = Array.from({ length: Math.max(0, Math.min(size, total - page * size)) }, (_, i) => ({
    customer_id: `c${page * size + i}`,
  }));
  const json = { code: 0, totalRecords: total, totalPages: Math.ceil(total / pagesOf), data };
  return {
    operation: 'listCustomers',
    family: 'platform',
    request: {
      method: 'GET',
      url: `http://127.0.0.1/platform/vault/customer?count=${count}&page=${page}`,
      headers: {},
      body: undefined,
    },
    status: 200,
    headers: {},
    text: JSON.stringify(json),
    json,
    ms: 1,
  };
}
const walkOf = (pages: Exchange[], total: number): WalkedPages => ({
  pages,
  records: pages.flatMap((p) => (p.json as { data: { customer_id: string }[] }).data),
  totalRecords: total,
  complete: true,
});
const servedAt =
  (size: number, pagesOf = size) =>
  async () =>
    listing(25, size, 0, pagesOf);

test('pages of a fixed maximum, counted so and tiling the vault, are read as a cap', async () => {
  const walk = walkOf([listing(25, 20, 0), listing(25, 20, 1)], 25);
  expect(await pageCap(walk, 40, servedAt(20))).toMatchObject({ size: 20 });
});

test('a cap is confirmed by the listing at its own size on its own totals, also once the vault has grown', async () => {
  const walk = walkOf([listing(25, 20, 0, 20, 40), listing(25, 20, 1, 20, 40)], 25);
  expect(await pageCap(walk, 40, async () => listing(27, 20, 0))).toMatchObject({ size: 20 });
});

test('a listing at the cap that saw another vault and does not confirm it is asked again; a moving vault settles nothing', async () => {
  const walk = walkOf([listing(25, 20, 0, 20, 40), listing(25, 20, 1, 20, 40)], 25);
  // Others removed customers down to 18 by the time count=20 was asked, then added them back.
  const answers = [listing(18, 20, 0), listing(25, 20, 0)];
  let asked = 0;
  expect(await pageCap(walk, 40, async () => answers[asked++]!)).toMatchObject({ size: 20 });
  expect(asked).toBe(2);
  // Still 18 at every asking: the cap is neither confirmed nor refuted.
  asked = 0;
  const shrunk = await pageCap(walk, 40, async () => (asked++, listing(18, 20, 0)));
  expect(shrunk).toEqual({ moved: 'page 0 at count=40 and at count=20: 25 → 18 records' });
  expect(asked).toBe(STILL_ATTEMPTS);
  // The same vault, served short at its own size: no cap, asked once.
  asked = 0;
  expect(await pageCap(walk, 40, async () => (asked++, listing(25, 19, 0, 19, 20)))).toBeUndefined();
  expect(asked).toBe(1);
});

test('a page that holds what count asks for is no cap', async () => {
  expect(
    await pageCap(walkOf([listing(25, 10, 0), listing(25, 10, 1), listing(25, 10, 2)], 25), 10, servedAt(10)),
  ).toBeUndefined();
});

test('short pages while totalPages follows count are judged against count', async () => {
  expect(await pageCap(walkOf([listing(25, 20, 0, 40)], 25), 40, servedAt(20))).toBeUndefined();
});

test('pages that skip records are no cap, even when the totals happen to fit one', async () => {
  // count=21 served 20 a page from position page × 21: record 20 is never listed.
  const skipping = {
    ...listing(25, 20, 1),
    json: {
      code: 0,
      totalRecords: 25,
      totalPages: 2,
      data: ['c21', 'c22', 'c23', 'c24'].map((customer_id) => ({ customer_id })),
    },
  };
  expect(await pageCap(walkOf([listing(25, 20, 0), skipping], 25), 21, servedAt(20))).toBeUndefined();
});

test('a cap that does not hold at its own size (count=m served short) is no cap', async () => {
  expect(await pageCap(walkOf([listing(25, 20, 0), listing(25, 20, 1)], 25), 40, servedAt(19, 19))).toBeUndefined();
});

test('a refused count reads as over a maximum only when cleanly refused, count=1 served and ten times it refused', () => {
  const refused = madeUpExchange('platform', 400, '{"code":1201,"message":"count over the maximum"}');
  const served = listing(25, 1, 0);
  expect(refusedCountProblems(40, refused, served, refused)).toEqual([]);
  expect(refusedCountProblems(40, refused, refused, refused)).toEqual([
    'count=1 is refused too, so the refusal is not about a maximum count',
  ]);
  expect(refusedCountProblems(40, refused, served, served)).toEqual([
    'count=400 is served, so count=40 is not over a maximum',
  ]);
  // A "refusal" that lists customers discloses them.
  const leaking = madeUpExchange('platform', 400, '{"code":1201,"data":[{"customer_id":"c1"}]}');
  expect(refusedCountProblems(40, leaking, served, refused)).toEqual([
    'count=40: the answer discloses 1 customer records',
  ]);
});
