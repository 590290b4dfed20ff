import { GatewayClient } from '../transport/gateway-client.js';
import { descendingUnder } from '../checks/vault/collation.js';
import { STILL_ATTEMPTS } from '../checks/vault/same-vault.js';
import { listingQuery, walkSnapshot } from '../checks/vault/walk.js';
import { MOCK_DEFAULTS } from './defaults.js';
import { expect, test } from '../testing/fixtures.js';
import { expectValid, send } from '../testing/mock-requests.js';

type Page = { totalPages: number; totalRecords: number; data: Record<string, unknown>[] };
const list = async (url: string, query = 'count=10&page=0&order_on=customer_id&order_by=desc') =>
  (await send(url, 'GET', `/platform/vault/customer?${query}`)).json as unknown as Page;

test('an empty vault answers totalPages 0, or 1 under vault-empty-one-page, and an empty data', async ({ launch }) => {
  const empty = await launch({ variants: ['vault-empty'] });
  expect(await list(empty.url)).toMatchObject({ totalPages: 0, totalRecords: 0, data: [] });
  const onePage = await launch({ variants: ['vault-empty-one-page'] });
  const page = await list(onePage.url);
  expect(page).toMatchObject({ totalPages: 1, totalRecords: 0, data: [] });
  expectValid('listCustomers', page);
});

test('the size variants list their size whatever the mock was seeded with, also after a reset', async ({ launch }) => {
  for (const [variant, size] of [
    ['vault-single-customer', 1],
    ['vault-sparse', 3],
    ['vault-large', 2_000],
  ] as const) {
    const mock = await launch({ variants: [variant] });
    expect((await list(mock.url)).totalRecords, variant).toBe(size);
    await send(mock.url, 'POST', '/__mock/customers', { body: { count: 7 } });
    await send(mock.url, 'POST', '/__mock/reset');
    expect((await list(mock.url)).totalRecords, `${variant} after reset`).toBe(size);
  }
});

test('vault-sparse: no addresses or cards, absent card fields, no country, never verified; valid, on every page', async ({
  launch,
}) => {
  const mock = await launch({ variants: ['vault-sparse'] });
  for (const count of [1, 3]) {
    const records: Record<string, unknown>[] = [];
    for (let p = 0; p < 3 / count; p++)
      records.push(...(await list(mock.url, `count=${count}&page=${p}&order_on=customer_id&order_by=asc`)).data);
    const [first, second, third] = records;
    expect(first).toMatchObject({ shipping_addresses: [], billing_cards: [], primary_card_number: '' });
    expect(second).not.toHaveProperty('billing_cards');
    expect(second).not.toHaveProperty('primary_card_number');
    expect((second!.shipping_addresses as unknown[]).length).toBeGreaterThan(0);
    for (const a of second!.shipping_addresses as Record<string, unknown>[])
      expect(a).toMatchObject({ shipping_country: '', shipping_country_code: '' });
    expect((third!.billing_cards as unknown[]).length).toBeGreaterThan(0);
    for (const c of third!.billing_cards as Record<string, unknown>[]) expect(c.verified_date).toBe('');
    expectValid('listCustomers', { code: 0, totalPages: 1, totalRecords: 3, data: records });
  }
});

test('vault-no-cards: no customer shows a card number, address or card', async ({ launch }) => {
  const mock = await launch({ variants: ['vault-no-cards'] });
  const page = await list(mock.url, 'count=25&page=0');
  expect(page.data).toHaveLength(MOCK_DEFAULTS.customers);
  for (const c of page.data)
    expect(c).toMatchObject({ shipping_addresses: [], billing_cards: [], primary_card_number: '' });
});

test('vault-changes-during-walks: every 4th listing adds or removes the highest customer', async ({ launch }) => {
  const mock = await launch({ variants: ['vault-changes-during-walks'] });
  const totals: number[] = [];
  for (let i = 0; i < 9; i++) totals.push((await list(mock.url)).totalRecords);
  expect(totals).toEqual([25, 25, 25, 25, 26, 26, 26, 26, 25]);
});

test('the suite walks a moving vault again, and says so when it never held still', async ({ launch }) => {
  const mock = await launch({ variants: ['vault-changes-during-walks'] });
  const client = new GatewayClient(
    mock.url,
    { merchantKey: MOCK_DEFAULTS.apiKey, vendorKey: undefined },
    { allowWrites: false },
  );
  // count=1: 26 requests a walk, so the vault moves under every one of them.
  const moving = await walkSnapshot(client, listingQuery(MOCK_DEFAULTS.merchantId, 1));
  expect(moving.attempts).toBe(STILL_ATTEMPTS);
  expect(moving.moved).toMatch(/^pages 0 and [0-9]+: 2[56] → 2[56] records/);
  // count=40: one page, one request: a snapshot by construction.
  const still = await walkSnapshot(client, listingQuery(MOCK_DEFAULTS.merchantId, 40));
  expect(still).toMatchObject({ attempts: 1, moved: undefined });
});

const ids = (page: Page) => page.data.map((c) => String(c.customer_id));

test('vault-grows-between-listings: two customers after every 25th listing, above the last record that listing showed', async ({
  launch,
}) => {
  const mock = await launch({ variants: ['vault-grows-between-listings'] });
  const totals: number[] = [];
  // Page 3 at count=4 descending shows cust_0000013 … cust_0000010 until the first two land above it.
  for (let i = 0; i < 51; i++) totals.push((await list(mock.url, 'count=4&page=3&order_by=desc')).totalRecords);
  expect(totals).toEqual([...Array(25).fill(25), ...Array(25).fill(27), 29]);
  // The whole vault, in both directions: the new IDs sit between seeded ones, in an order every collation
  // VAULT-5 accepts agrees on, and each record is a whole, valid customer.
  const desc = await list(mock.url, 'count=500&page=0&order_on=customer_id&order_by=desc');
  const asc = await list(mock.url, 'count=500&page=0&order_on=customer_id&order_by=asc');
  expect(ids(desc)).toEqual(ids(asc).reverse());
  expect(new Set(ids(desc)).size).toBe(29);
  const added = ids(desc).filter((id) => !/^cust_[0-9]{7}$/.test(id));
  expect(added).toHaveLength(4);
  expect(added.every((id) => /^cust_[0-9]{7}[a-z]{4}$/.test(id))).toBe(true);
  expect(added.every((id) => ids(desc).indexOf(id) < ids(desc).indexOf('cust_0000010'))).toBe(true);
  expect(descendingUnder(ids(desc))).toHaveLength(8); // every collation but the integer one, as the seeded IDs
  expectValid('listCustomers', desc);
  // rec_id order: the added customers come last, their rec_ids the next ones given out.
  const byRecId = (await list(mock.url, 'count=500&page=0&order_on=rec_id&order_by=asc')).data;
  const recIds = byRecId.map((c) => Number(c.rec_id));
  expect(recIds).toEqual([...recIds].sort((a, b) => a - b));
  expect(byRecId.slice(25).map((c) => String(c.customer_id))).toEqual([...added].sort());
  // Listed ascending, "above" is lower IDs: below cust_0000004, the last of page 0.
  const ascending = await launch({ variants: ['vault-grows-between-listings'] });
  for (let i = 0; i < 25; i++) await list(ascending.url, 'count=4&page=0&order_by=asc');
  const listed = ids(await list(ascending.url, 'count=500&page=0&order_by=asc'));
  const lower = listed.filter((id) => !/^cust_[0-9]{7}$/.test(id));
  expect(lower).toHaveLength(2);
  expect(lower.every((id) => listed.indexOf(id) < listed.indexOf('cust_0000004'))).toBe(true);
});

test('vault-grows-between-listings: the page read after an addition ascends from the page before', async ({
  launch,
}) => {
  const mock = await launch({ variants: ['vault-grows-between-listings'] });
  for (let i = 0; i < 24; i++) await list(mock.url, 'count=4&page=0&order_by=desc');
  // The 25th listing, then the next: two customers land above cust_0000002, the last record page 5 shows.
  const page5 = await list(mock.url, 'count=4&page=5&order_by=desc');
  const page6 = await list(mock.url, 'count=4&page=6&order_by=desc');
  expect([page5.totalRecords, page6.totalRecords]).toEqual([25, 27]);
  expect(ids(page5)).toEqual(['cust_0000005', 'cust_0000004', 'cust_0000003', 'cust_0000002']);
  expect(ids(page6).at(-1)).toBe('cust_0000001');
  expect(descendingUnder([...ids(page5), ...ids(page6)])).toEqual([]);
});

test('a walk of a vault that holds still is one walk and one re-read of page 0', async ({ launch }) => {
  const mock = await launch();
  const client = new GatewayClient(
    mock.url,
    { merchantKey: MOCK_DEFAULTS.apiKey, vendorKey: undefined },
    { allowWrites: false },
  );
  const walk = await walkSnapshot(client, listingQuery(MOCK_DEFAULTS.merchantId, 10));
  expect(walk).toMatchObject({ attempts: 1, moved: undefined, totalRecords: 25, totalPages: 3 });
  expect(client.exchanges).toHaveLength(4);
});
