import { expect, test } from '../testing/fixtures.js';
import fc from 'fast-check';
import { newAchRequest, newCardRequest } from '../catalogue/request-builders.js';
import { componentFields } from '../catalogue/spec.js';
import type { Customer } from '../catalogue/types.js';
import type { Exchange } from '../transport/exchange.js';
import { brokenFormats } from './request.js';
import { tokenizeAnswerFindings } from './tokenize.js';
import { maskingProblems } from './tokenize/card-number.js';
import { formatProblems } from './vault/record-formats.js';

/**
 * The checks judge the document's formats by spec/openapi.yaml: each one agrees, value by value, with the pattern
 * the spec writes beside the rule's x-rule (read here from the spec itself, never restated), so an edit of the
 * pattern is an edit of the check (src/catalogue/stated-formats.test.ts compiles a changed spec).
 */
function specPattern(component: string, field: string): RegExp {
  return new RegExp(String(componentFields(component).get(field)!.schema.pattern), 'u');
}

/** Strings near the formats: digits, the separators and letters clients put in, of every length up to 16. */
const NEAR = fc.sample(fc.string({ unit: fc.constantFrom(...'0123456789/-. xO'), maxLength: 16 }), {
  numRuns: 600,
  seed: 40,
});
const DIGITS = fc.sample(fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 3, maxLength: 15 }), {
  numRuns: 600,
  seed: 41,
});
const VALUES = [...NEAR, ...DIGITS, '', '1229', '0100', '1329', '021000021', '20260101120000', '20261301120000'];

function tokenize(body: Record<string, unknown>): Exchange {
  const answer = { rcode: '000', pg_id: 'pg1', card_id: 'card1', card_number: '4111xxxxxx111111' };
  return {
    operation: 'tokenize',
    family: 'pg',
    request: { method: 'POST', url: 'http://gw.test/pg/tokenize', headers: {}, body },
    status: 200,
    headers: { 'content-type': 'application/json' },
    text: JSON.stringify(answer),
    json: answer,
    ms: 1,
  };
}

const tok10Broken = (body: Record<string, unknown>) =>
  tokenizeAnswerFindings(tokenize(body)).findings.some((f) => f.ruleId === 'TOK-10');

/** The values a check and the spec's pattern disagree on: none when the check reads the pattern. */
const disagreements = (check: (value: string) => boolean, pattern: RegExp) =>
  VALUES.filter((value) => check(value) !== pattern.test(value));

test('TOK-10 holds exp_date and tr_number sent as strings to the patterns the spec states beside x-rule: TOK-10', () => {
  const expDate = (value: string) => !tok10Broken(newCardRequest('m', { exp_date: value }));
  const trNumber = (value: string) => !tok10Broken(newAchRequest('m', { tr_number: value }));
  expect(disagreements(expDate, specPattern('TokenizeRequest', 'exp_date'))).toEqual([]);
  expect(disagreements(trNumber, specPattern('TokenizeRequest', 'tr_number'))).toEqual([]);
  expect([expDate('1229'), expDate('1329'), trNumber('021000021'), trNumber('02100002')]).toEqual([
    true,
    false,
    true,
    false,
  ]);
});

test('a field of another JSON type, or a field whose format names another rule, is no TOK-10 format break', () => {
  expect(brokenFormats('TOK-10', { merchant_id: 'm', exp_date: 1329, tr_number: 12345 })).toEqual([]);
  expect(brokenFormats('TOK-10', { merchant_id: 'm', client_ip: '300.1.1.1' })).toEqual([]);
  expect(brokenFormats('APP-1', { merchant_id: 'm', client_ip: '300.1.1.1' })).toEqual(['client_ip']);
  expect(brokenFormats('TOK-10', { merchant_id: 'm', exp_date: '1329', tr_number: '12345' }).sort()).toEqual([
    'exp_date',
    'tr_number',
  ]);
});

test('VAULT-8 holds exp_date, verified_date and country codes to the patterns the spec states beside x-rule: VAULT-8', () => {
  const judged = (fields: Record<string, unknown>) =>
    formatProblems({ customer_id: 'c1', ...fields } as unknown as Customer, new Map()).length === 0;
  for (const field of ['exp_date', 'verified_date', 'billing_country_code']) {
    const billing = (value: string) => judged({ billing_cards: [{ [field]: value }] });
    expect(disagreements(billing, specPattern('BillingCard', field)), field).toEqual([]);
  }
  const shipping = (value: string) => judged({ shipping_addresses: [{ shipping_country_code: value }] });
  expect(disagreements(shipping, specPattern('ShippingAddress', 'shipping_country_code'))).toEqual([]);
  expect(VALUES.filter((value) => judged({ billing_cards: [{ exp_date: value }] })).length).toBeGreaterThan(5);
});

test('TOK-8 calls the characters between the visible digits a mask exactly where the spec states x-rule: TOK-8', () => {
  const pattern = specPattern('TokenizeResponse', 'card_number');
  const sent = '4111111111111111';
  const middles = fc.sample(fc.string({ unit: fc.constantFrom(...'xX*#0 '), minLength: 1, maxLength: 9 }), {
    numRuns: 300,
    seed: 43,
  });
  const unmasked = (middle: string) =>
    !maskingProblems(`4111${middle}111111`, sent).includes('has characters other than x between the visible digits');
  expect(middles.filter((m) => unmasked(m) !== pattern.test(`4111${m}111111`))).toEqual([]);
  expect(['xxxxxx', 'xx', '******', '1x1'].map(unmasked)).toEqual([true, true, false, false]);
});
