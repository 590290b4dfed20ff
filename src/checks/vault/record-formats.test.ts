import { expect, test } from '../../testing/fixtures.js';
import type { Customer } from '../../catalogue/types.js';
import { formatProblems, shownCardNumbers, type FormatCounts } from './record-formats.js';

/** A customer record as a listing answer holds it: any JSON, a faulty one included, so not typed field by field. */
const customer = (fields: Record<string, unknown>) => ({ customer_id: 'c1', ...fields }) as unknown as Customer;
// The list a field stands in is counted too ('address and card lists'): each test looks at its own kind.
const card = (fields: Record<string, unknown>) => customer({ billing_cards: [fields] });
const address = (fields: Record<string, unknown>) => customer({ shipping_addresses: [fields] });

/** The problems VAULT-8 finds in one record, and how many values of each kind it judged. */
function judged(record: Customer): { problems: string[]; counts: Record<string, number> } {
  const counts: FormatCounts = new Map();
  const problems = formatProblems(record, counts);
  return { problems, counts: Object.fromEntries(counts) };
}

test('exp_date is MMYY: a month 01 to 12, then two digits of the year', () => {
  for (const exp of ['0129', '1230'])
    expect(judged(card({ exp_date: exp }))).toMatchObject({ problems: [], counts: { exp_dates: 1 } });
  for (const exp of ['2912', '1329', '0029', '12/29', '129', 1229])
    expect(judged(card({ exp_date: exp })).problems, String(exp)).toEqual([
      `customer c1: billing card 0 exp_date ${JSON.stringify(exp)} is not MMYY`,
    ]);
});

test('verified_date is 14 digits: year, month, day, hour, minute, second; an empty one shows no verification', () => {
  expect(judged(card({ verified_date: '20261126235959' }))).toMatchObject({
    problems: [],
    counts: { verified_dates: 1 },
  });
  for (const date of ['202611262359', '20261326120000', '20261100120000', '20261126240000', '20261126126000'])
    expect(judged(card({ verified_date: date })).problems, date).toEqual([
      `customer c1: billing card 0 verified_date "${date}" is not 14 digits YYYYMMDDhhmmss`,
    ]);
  expect(judged(card({ verified_date: '' })).counts).not.toHaveProperty('verified_dates');
});

test('country codes are numeric strings, on shipping addresses and billing cards alike', () => {
  expect(judged(address({ shipping_country_code: '840' }))).toMatchObject({
    problems: [],
    counts: { 'shipping country codes': 1 },
  });
  expect(judged(card({ billing_country_code: '840' }))).toMatchObject({
    problems: [],
    counts: { 'billing country codes': 1 },
  });
  expect(judged(address({ shipping_country_code: 'US' })).problems).toEqual([
    'customer c1: shipping 0 country code "US" is not a numeric string',
  ]);
  expect(judged(address({ shipping_country_code: 840 })).problems).toEqual([
    'customer c1: shipping 0 country code 840 is not a numeric string',
  ]);
  expect(judged(card({ billing_country_code: 840 })).problems).toEqual([
    'customer c1: billing card 0 country code 840 is not a numeric string',
  ]);
  expect(judged(card({ billing_country_code: 'USA' })).problems).toHaveLength(1);
});

test('primary is a boolean on an address and on a card', () => {
  expect(
    judged(customer({ shipping_addresses: [{ primary: true }], billing_cards: [{ primary: false }] })),
  ).toMatchObject({
    problems: [],
    counts: { 'primary flags': 2 },
  });
  expect(judged(address({ primary: 'true' })).problems).toEqual(['customer c1: shipping 0 primary is not a boolean']);
  expect(judged(card({ primary: 1 })).problems).toEqual(['customer c1: billing card 0 primary is not a boolean']);
});

test('billing_email is an array of strings', () => {
  expect(judged(card({ billing_email: ['a@example.com', 'b@example.com'] }))).toMatchObject({
    problems: [],
    counts: { 'billing_email lists': 1 },
  });
  for (const emails of ['a@example.com', ['a@example.com', 7]])
    expect(judged(card({ billing_email: emails })).problems, JSON.stringify(emails)).toEqual([
      'customer c1: billing card 0 billing_email is not an array of strings',
    ]);
});

test('shipping_addresses and billing_cards are arrays', () => {
  expect(judged(customer({ shipping_addresses: [], billing_cards: [] }))).toEqual({
    problems: [],
    counts: { 'address and card lists': 2 },
  });
  expect(judged(customer({ shipping_addresses: { shipping_id: 1 }, billing_cards: 'none' })).problems).toEqual([
    'customer c1: shipping_addresses is not an array',
    'customer c1: billing_cards is not an array',
  ]);
});

test('a field not given, or null, is not judged (which fields a record has is not shown), and counts nothing', () => {
  expect(judged(customer({}))).toEqual({ problems: [], counts: {} });
  expect(
    judged(
      customer({
        shipping_addresses: null,
        billing_cards: [{ exp_date: null, primary: null, billing_email: null, billing_country_code: null }],
      }),
    ),
  ).toEqual({ problems: [], counts: { 'address and card lists': 1 } });
});

test('the counts add up over the records of a walk, so a vault without cards says so', () => {
  const counts: FormatCounts = new Map();
  for (const exp of ['0129', '0230']) formatProblems(card({ exp_date: exp }), counts);
  formatProblems(customer({}), counts);
  expect(Object.fromEntries(counts)).toEqual({ exp_dates: 2, 'address and card lists': 2 });
});

test('the card numbers a record shows are its primary and billing numbers, the absent and empty ones left out', () => {
  expect(
    shownCardNumbers(
      customer({
        primary_card_number: '4111xxxxxx111111',
        billing_cards: [{ card_number: '5555xxxxxx554444' }, { card_number: '' }, {}],
      }),
    ),
  ).toEqual([
    { where: 'primary_card_number', value: '4111xxxxxx111111' },
    { where: 'billing_cards/0/card_number', value: '5555xxxxxx554444' },
  ]);
  expect(shownCardNumbers(customer({ primary_card_number: '' }))).toEqual([]);
});

test('an address or card that is not an object is a format problem of its list, not a crash', () => {
  expect(judged(customer({ shipping_addresses: ['x'], billing_cards: [null, 7] })).problems).toEqual([
    'customer c1: shipping 0 is not an object',
    'customer c1: billing card 0 is not an object',
    'customer c1: billing card 1 is not an object',
  ]);
});
