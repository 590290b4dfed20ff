import { expect, test } from '../../testing/fixtures.js';
import { fieldGroups } from '../../coverage/coverage-fields.js';
import { emptyTally, tallyOf } from '../../coverage/coverage-tally.js';
import type { Exchange } from '../../transport/exchange.js';
import { coverageMarkdown } from '../formats/markdown.js';
import { coverageDown, coverageFigure, coverageOf, CoverageCollector } from './coverage.js';
import { coverageHtml } from '../formats/html/coverage-html.js';

function exchange(operation: Exchange['operation'], url: string, body: unknown, json: unknown): Exchange {
  return {
    operation,
    family: operation === 'tokenize' ? 'pg' : 'platform',
    request: { method: 'GET', url, headers: {}, body },
    status: 200,
    headers: {},
    text: JSON.stringify(json),
    json,
    ms: 1,
  };
}

const listing = (data: unknown[]) =>
  exchange('listCustomers', 'http://gw/platform/vault/customer?count=2&page=0&merchant_id=m', undefined, {
    code: 0,
    message: 'ok',
    totalPages: data.length ? 1 : 0,
    totalRecords: data.length,
    data,
  });

test(
  'the surface comes from spec/openapi.yaml: 25 request fields, 5 query parameters and the response ' +
    'groups of sections 2.2 to 2.5',
  () => {
    const groups = fieldGroups();
    const of = (op: string, side: string) => groups.filter((g) => g.operation === op && g.side === side);
    expect(of('tokenize', 'request')[0]!.fields).toHaveLength(25);
    expect(of('listCustomers', 'query')[0]!.fields.map((f) => f.name)).toEqual([
      'count',
      'order_on',
      'order_by',
      'page',
      'merchant_id',
    ]);
    expect(of('listCustomers', 'response').map((g) => [g.label, g.fields.length])).toEqual([
      ['envelope', 5],
      ['customer', 14],
      ['shipping address', 13],
      ['billing card', 18],
    ]);
    expect(of('disableWebhook', 'response').map((g) => g.label)).toEqual(['envelope', 'data']);
    expect(coverageOf(emptyTally()).total).toBe(90);
  },
);

test('a field sent counts its requests and the accepted ones; a field seen counts its JSON types', () => {
  const tally = tallyOf([
    exchange('tokenize', 'http://gw/pg/tokenize', { merchant_id: 'm', user_id: 7 }, { rcode: '000', card_id: 'c1' }),
    exchange('tokenize', 'http://gw/pg/tokenize', { merchant_id: 'm' }, { rcode: '205', rmsg: 'no' }),
    listing([{ customer_id: 'C1', rec_id: 1 }, { customer_id: 2 }]),
  ]);
  const c = coverageOf(tally);
  const field = (op: string, name: string, group?: string) =>
    c.fields.find((f) => f.operation === op && f.field === name && (!group || f.group === group))!;
  expect(field('tokenize', 'merchant_id')).toMatchObject({ exercised: true, sent: 2, accepted: 1 });
  expect(field('tokenize', 'user_id')).toMatchObject({ exercised: true, sent: 1, accepted: 1 });
  expect(field('tokenize', 'profile_id')).toMatchObject({
    exercised: false,
    why: 'none of the 2 tokenize requests sent it',
  });
  expect(field('tokenize', 'vendor_id').why).toContain('PG_VENDOR_ID');
  expect(field('listCustomers', 'customer_id')).toMatchObject({
    exercised: true,
    seen: 2,
    types: { string: 1, integer: 1 },
  });
  expect(field('listCustomers', 'comments').why).toContain('none of the 2 customers seen carried it');
  expect(field('listCustomers', 'shipping_city').why).toContain('none of the 2 customers seen held a shipping address');
  expect(field('disableWebhook', 'message', 'data').why).toContain('no disable was answered');
});

test('an empty vault leaves every customer-record field not exercised, saying the listings held none and what to create', () => {
  const c = coverageOf(tallyOf([listing([]), listing([])]));
  const records = c.fields.filter(
    (f) => f.operation === 'listCustomers' && f.side === 'response' && f.group !== 'envelope',
  );
  expect(records).toHaveLength(45);
  for (const f of records) {
    expect(f.exercised).toBe(false);
    expect(f.why).toContain('the vault listings held no customer records (2 listings answered)');
    expect(f.why).toContain('add customers to the vault');
  }
  expect(records.find((f) => f.field === 'shipping_city')!.why).toMatch(
    /add customers to the vault \(the manager portal\), each with a shipping address$/,
  );
});

test('the figure joins the verdict line, each report renders the section, and a baseline tells what went down', () => {
  const collector = new CoverageCollector();
  collector.collect(tallyOf([listing([{ customer_id: 'C1' }])]));
  collector.collect(undefined);
  const now = collector.coverage()!;
  expect(coverageFigure(now)).toMatch(/^fields: \d+ of 90 exercised$/);
  expect(coverageMarkdown(now).join('\n')).toContain(
    '| answer: customer | customer_id | string | yes | seen once (string 1) |',
  );
  expect(coverageHtml(now)).toContain('<h2 id="coverage">');
  const before = coverageOf(tallyOf([listing([{ customer_id: 'C1', comments: 'x' }])]));
  expect(coverageDown(before, now)).toEqual([
    `${coverageFigure(now)} (was ${before.exercised} of 90)`,
    'listCustomers answer customer comments: not exercised: none of the 1 customer seen carried it; add ' +
      'customers to the vault (the manager portal) with comments filled in',
  ]);
  expect(coverageDown(now, before)).toEqual([]);
  expect(new CoverageCollector().coverage()).toBeUndefined();
});

test('a request field counts as exercised only when a request carrying it was accepted', () => {
  const tally = tallyOf([
    exchange(
      'tokenize',
      'http://gw/pg/tokenize',
      { merchant_id: 'm', card_number: '4111111111111111' },
      { rcode: '000', card_id: 'c1' },
    ),
    exchange(
      'tokenize',
      'http://gw/pg/tokenize',
      { merchant_id: 'm', loc_id: 'made-up', client_ip: 'x' },
      { rcode: '205', rmsg: 'no' },
    ),
    exchange(
      'tokenize',
      'http://gw/pg/tokenize',
      { merchant_id: 'm', loc_id: 'made-up' },
      { rcode: '205', rmsg: 'no' },
    ),
  ]);
  const c = coverageOf(tally);
  const field = (name: string) => c.fields.find((f) => f.operation === 'tokenize' && f.field === name)!;
  expect(field('card_number')).toMatchObject({ exercised: true, sent: 1, accepted: 1 });
  expect(field('merchant_id')).toMatchObject({ exercised: true, sent: 3, accepted: 1 });
  expect(field('loc_id')).toMatchObject({ exercised: false, sent: 2, accepted: 0 });
  const notAccepted = 'sent in 2 tokenize requests, none of them accepted';
  const why = 'a field counts once a request carrying it is served (see the rules that failed or were not exercised)';
  expect(field('loc_id').why).toBe(`${notAccepted}: ${why}`);
  expect(field('client_ip')).toMatchObject({ exercised: false, sent: 1, accepted: 0 });
  const requestSide = c.fields.filter((f) => f.side === 'request' && f.exercised).map((f) => f.field);
  expect(requestSide, "what the verdict line's figure counts of the request").toEqual(['merchant_id', 'card_number']);
  expect(coverageMarkdown(c).join('\n')).toContain(
    `| request body | loc_id | string | **no** | not exercised: ${notAccepted}`,
  );
});
