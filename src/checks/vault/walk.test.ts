import { expect, test } from '../../testing/fixtures.js';
import { succeeded, type Exchange } from '../../transport/exchange.js';
import { madeUpExchange } from '../../testing/made-up/exchange.js';
import { MAX_PAGES, SAMPLED_PAGES, pagesToWalk, sampleSeed } from './page-sample.js';
import { STILL_ATTEMPTS } from './same-vault.js';
import {
  listingOrder,
  listingQuery,
  recordsOf,
  sampledWalk,
  unservedPageProblems,
  walkPages,
  walkSnapshot,
  type Listing,
} from './walk.js';

/** Customer IDs "c010" … "c001", highest first, as section 4.2's listing sorted on customer_id desc holds them. */
const customers = (n: number) => Array.from({ length: n }, (_, i) => `c${String(n - i).padStart(3, '0')}`);

/**
 * A vault of `ids`, listed `count` a page in the order held, read through the one call a walk makes: `change`
 * runs before the n-th listing is answered (a shared vault changing under the walk), and each page of
 * `failing` answers a platform failure. `asked` is every page asked for, in order.
 */
function vault(
  ids: string[],
  { change, failing = [] }: { change?: (ids: string[], n: number) => void; failing?: number[] } = {},
) {
  const asked: number[] = [];
  const listing: Listing = {
    lanes: 8,
    listCustomers: async (query = {}) => {
      const { count, page } = query as { count: number; page: number };
      change?.(ids, asked.length);
      asked.push(page);
      if (failing.includes(page)) return madeUpExchange('platform', 400, '{"code":1201,"message":"bad page"}');
      const data = ids.slice(page * count, (page + 1) * count).map((customer_id) => ({ customer_id }));
      const body = {
        code: 0,
        message: 'ok',
        totalRecords: ids.length,
        totalPages: Math.ceil(ids.length / count),
        data,
      };
      return madeUpExchange('platform', 200, JSON.stringify(body));
    },
  };
  return { listing, asked };
}
const query = (count: number) => listingQuery('m1', count);
const page = (body: Record<string, unknown>, status = 200): Exchange =>
  madeUpExchange('platform', status, JSON.stringify(body));

test('the listing is asked for with every parameter section 4.2 shows, on customer_id descending', () => {
  expect(listingQuery('m1', 4, 2)).toEqual({
    count: 4,
    page: 2,
    order_on: 'customer_id',
    order_by: 'desc',
    merchant_id: 'm1',
  });
  expect(listingQuery('m1', 4).page).toBe(0);
});

test('a walk asks for every page totalPages of page 0 names and keeps them, and their records, in page order', async () => {
  const { listing } = vault(customers(10));
  const walk = await walkPages(listing, query(4));
  expect(walk).toMatchObject({ pageNumbers: [0, 1, 2], totalRecords: 10, totalPages: 3, complete: true, attempts: 1 });
  expect(walk.moved).toBeUndefined();
  expect(walk.records.map((r) => r.customer_id)).toEqual(customers(10));
});

test('a walk ends at the first page that fails, and asks for no page once it has seen the failure', async () => {
  const { listing, asked } = vault(customers(30), { failing: [3] });
  const walk = await walkPages(listing, query(1));
  expect(walk.pageNumbers).toEqual([0, 1, 2, 3]);
  expect(walk.pages.map(succeeded)).toEqual([true, true, true, false]);
  expect(walk.records.map((r) => r.customer_id)).toEqual(customers(30).slice(0, 3));
  expect(asked.length).toBeLessThan(30);
  // A page 0 that fails is the whole walk.
  const refused = await walkPages(vault(customers(30), { failing: [0] }).listing, query(1));
  expect(refused.pageNumbers).toEqual([0]);
});

test('a walk whose pages disagree on their totals says the vault moved under it, and where', async () => {
  const grows = (ids: string[], n: number) => {
    if (n === 1) ids.unshift('c999');
  };
  const walk = await walkPages(vault(customers(10), { change: grows }).listing, query(4));
  expect(walk.moved).toBe('pages 0 and 1: 10 → 11 records');
  // Two customers more at count=4: page 2 counts one page more than page 0 did.
  const twoMore = (ids: string[], n: number) => {
    if (n === 2) ids.unshift('c998', 'c999');
  };
  const grown = await walkPages(vault(customers(12), { change: twoMore }).listing, query(4));
  expect(grown.moved).toBe('pages 0 and 2: 12 → 14 records, 3 → 4 pages');
});

test('a vault of more than MAX_PAGES pages is walked on a sample, and the walk says it is not complete', async () => {
  const whole = await walkPages(vault(customers(MAX_PAGES)).listing, query(1));
  expect(whole).toMatchObject({ complete: true, totalPages: MAX_PAGES });
  expect(whole.pages).toHaveLength(MAX_PAGES);
  // Two records a page: the sample is drawn from the run's seed and the page size.
  const sampled = await walkPages(vault(customers(2 * (MAX_PAGES + 1))).listing, query(2));
  expect(sampled.complete).toBe(false);
  expect(sampled.pageNumbers).toEqual(pagesToWalk(MAX_PAGES + 1, sampleSeed(2)));
  expect(sampled.records).toHaveLength(2 * SAMPLED_PAGES);
  expect(sampledWalk(sampled, 2)).toBe(
    `${SAMPLED_PAGES} of ${MAX_PAGES + 1} pages (${2 * SAMPLED_PAGES} of ${2 * (MAX_PAGES + 1)} records) judged at ` +
      `count=2: the first 5, the last and 6 drawn between from the run's seed (PG_SEED)`,
  );
});

test('a snapshot of a vault that holds still is one walk and page 0 read again; a single page is not read again', async () => {
  const still = vault(customers(10));
  expect(await walkSnapshot(still.listing, query(4))).toMatchObject({ attempts: 1, moved: undefined });
  expect(still.asked).toEqual([0, 1, 2, 0]);
  const onePage = vault(customers(10));
  expect(await walkSnapshot(onePage.listing, query(40))).toMatchObject({ attempts: 1, moved: undefined });
  expect(onePage.asked).toEqual([0]);
});

test('a vault that moved during a walk is walked again; one that never holds still is reported moved after STILL_ATTEMPTS', async () => {
  const onceDuring = (ids: string[], n: number) => {
    if (n === 1) ids.unshift('c999');
  };
  expect(await walkSnapshot(vault(customers(10), { change: onceDuring }).listing, query(4))).toMatchObject({
    attempts: 2,
    moved: undefined,
    totalRecords: 11,
  });
  // Other customers, the same count, by the time page 0 is read again after each walk of three pages.
  const atEveryReRead = (ids: string[], n: number) => {
    if (n % 4 === 3) ids[0] = `c9${n}`;
  };
  expect(await walkSnapshot(vault(customers(10), { change: atEveryReRead }).listing, query(4))).toMatchObject({
    attempts: STILL_ATTEMPTS,
    moved: 'page 0 read again after the walk held other customers',
  });
  // Two pages and the re-read make three listings a walk: a customer added before each re-read.
  const growsAtReRead = (ids: string[], n: number) => {
    if (n % 3 === 2) ids.unshift(`c9${n}`);
  };
  expect(await walkSnapshot(vault(customers(12), { change: growsAtReRead }).listing, query(10))).toMatchObject({
    attempts: STILL_ATTEMPTS,
    moved: 'page 0 read again after the walk: 14 → 15 records',
  });
});

test('the order of a walk is judged across a page and the next only where both saw the same vault', async () => {
  // Two customers land above the page asked for fourth (page 3 of c012 … c001 at count=3): its records move
  // down two places, so its first follows a lower ID than page 2's last.
  const twoAbove = (ids: string[], n: number) => {
    if (n === 3) ids.unshift('c014', 'c013');
  };
  const walk = await walkPages(vault(customers(12), { change: twoAbove }).listing, query(3));
  const order = listingOrder(walk.pages, walk.pageNumbers);
  expect(walk.records.map((r) => r.customer_id).slice(6, 12)).toEqual(['c006', 'c005', 'c004', 'c005', 'c004', 'c003']);
  expect([...order.unjudged]).toEqual([9]);
  expect(order.changes).toEqual(['pages 2 and 3: 12 → 14 records, 4 → 5 pages']);
  expect(order.ids).toHaveLength(12);
  // A vault that held still: every neighbouring pair is judged.
  const still = await walkPages(vault(customers(12)).listing, query(3));
  expect(listingOrder(still.pages, still.pageNumbers)).toEqual({
    ids: customers(12),
    unjudged: new Set(),
    changes: [],
  });
});

test('a page without customer IDs joins nothing: the pair judged is the pages on either side of it', () => {
  const listed = (ids: string[], totalRecords: number) =>
    page({ code: 0, totalRecords, totalPages: 3, data: ids.map((customer_id) => ({ customer_id })) });
  const order = listingOrder([listed(['c3'], 3), listed([], 3), listed(['c2', 'c1'], 4)], [0, 1, 2]);
  expect(order).toEqual({ ids: ['c3', 'c2', 'c1'], unjudged: new Set([1]), changes: ['pages 0 and 2: 3 → 4 records'] });
});

test("a page's records are its data array; a page without one holds none", () => {
  expect(recordsOf(page({ code: 0, data: [{ customer_id: 'c1' }] }))).toEqual([{ customer_id: 'c1' }]);
  expect(recordsOf(page({ code: 0, data: { customer_id: 'c1' } }))).toEqual([]);
  expect(recordsOf(page({ code: 1201, message: 'bad count' }, 400))).toEqual([]);
});

test('every page a walk asked for of a valid listing answers code 0; each that did not is named by its index', async () => {
  const served = await walkPages(vault(customers(10)).listing, query(4));
  expect(unservedPageProblems(served.pages, served.pageNumbers)).toEqual([]);
  const failing = await walkPages(vault(customers(10), { failing: [2] }).listing, query(4));
  expect(unservedPageProblems(failing.pages, failing.pageNumbers)).toEqual([
    'page 2 answered HTTP 400, code 1201, not code 0',
  ]);
  // A page and the next, asked for anywhere in the listing, are named by the pages they are.
  expect(unservedPageProblems([served.pages[0]!, failing.pages[2]!], [6, 7])).toEqual([
    'page 7 answered HTTP 400, code 1201, not code 0',
  ]);
});
