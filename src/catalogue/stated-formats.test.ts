import { expect, test } from '../testing/fixtures.js';
import type { OpenAPIV3_1 } from 'openapi-types';
import { loadApplicationRules, loadRules } from './rules.js';
import { loadSpec } from './spec.js';
import { statedFormat, statedFormatRules } from './stated-formats.js';
import { validateRequest, validateResponse } from './validate.js';

/** The suite's spec with one field's pattern replaced: what a reader of the format sees after such an edit. */
function withPattern(component: string, field: string, pattern: string): OpenAPIV3_1.Document {
  const spec = structuredClone(loadSpec());
  const schema = spec.components!.schemas![component] as { properties: Record<string, { pattern?: string }> };
  schema.properties[field]!.pattern = pattern;
  return spec;
}

test('every x-rule names a rule of the catalogue, gateway or application side', () => {
  const known = new Set([...loadRules(), ...loadApplicationRules()].map((r) => r.id));
  const named = statedFormatRules();
  expect([...named.keys()]).toEqual(
    expect.arrayContaining([
      'TokenizeRequest.exp_date',
      'TokenizeRequest.tr_number',
      'TokenizeRequest.client_ip',
      'TokenizeResponse.card_number',
      'BillingCard.exp_date',
      'BillingCard.verified_date',
      'BillingCard.billing_country_code',
      'ShippingAddress.shipping_country_code',
    ]),
  );
  for (const [field, rule] of named) expect(known.has(rule), `${field}: x-rule ${rule}`).toBe(true);
});

test('a stated format judges a value by the field schema compiled: its type and its pattern or format', () => {
  const expDate = statedFormat('TOK-10', 'TokenizeRequest', 'exp_date');
  expect(['1229', '0100'].map((v) => expDate.fits(v))).toEqual([true, true]);
  expect(['1329', '0029', '12/29', '12290', 1229].map((v) => expDate.fits(v))).toEqual([
    false,
    false,
    false,
    false,
    false,
  ]);
  const clientIp = statedFormat('APP-1', 'TokenizeRequest', 'client_ip');
  expect(['192.0.2.10', '256.1.1.1', '01.2.3.4'].map((v) => clientIp.fits(v))).toEqual([true, false, false]);
  expect(clientIp.pattern()).toBeUndefined();
  expect(statedFormat('TOK-10', 'TokenizeRequest', 'tr_number').pattern()?.test('021000021')).toBe(true);
});

test('a pattern changed in the spec changes the judgement of every reader of the format', () => {
  const loosened = withPattern('BillingCard', 'exp_date', '^[0-9]{4}$');
  const asShipped = statedFormat('VAULT-8', 'BillingCard', 'exp_date');
  const asEdited = statedFormat('VAULT-8', 'BillingCard', 'exp_date', loosened);
  expect([asShipped.fits('1329'), asEdited.fits('1329')]).toEqual([false, true]);
  expect(asEdited.pattern()?.source).toBe('^[0-9]{4}$');
  const narrowed = withPattern('TokenizeRequest', 'tr_number', '^[0-9]{10}$');
  expect(statedFormat('TOK-10', 'TokenizeRequest', 'tr_number', narrowed).fits('021000021')).toBe(false);
});

test('a check asking for a format under a rule the spec does not name beside it fails at first use', () => {
  const wrong = statedFormat('TOK-10', 'BillingCard', 'exp_date');
  expect(() => wrong.fits('1229')).toThrow('BillingCard.exp_date has x-rule: VAULT-8, not TOK-10');
  expect(() => statedFormat('VAULT-8', 'BillingCard', 'card_id').fits('c')).toThrow('has no x-rule, not VAULT-8');
  expect(() => statedFormat('VAULT-8', 'BillingCard', 'nope').fits('c')).toThrow('has no field BillingCard.nope');
});

test('a schema finding names the rule beside the schema that failed, and the keyword that failed', () => {
  const found = validateRequest('tokenize', { merchant_id: 'm', exp_date: '1329', tr_number: 9, client_ip: 'x' });
  expect(found.map(({ pointer, keyword, rule }) => ({ pointer, keyword, rule }))).toEqual(
    expect.arrayContaining([
      { pointer: '/exp_date', keyword: 'pattern', rule: 'TOK-10' },
      { pointer: '/tr_number', keyword: 'type', rule: 'TOK-10' },
      { pointer: '/client_ip', keyword: 'format', rule: 'APP-1' },
    ]),
  );
  const card = { card_number: '4111xxxxxx111111', verified_date: '2026010112' };
  const listing = validateResponse('listCustomers', { code: 0, data: [{ billing_cards: [card] }] });
  expect(listing).toEqual([
    expect.objectContaining({ pointer: '/data/0/billing_cards/0/verified_date', rule: 'VAULT-8' }),
  ]);
  expect(validateRequest('tokenize', {})).toEqual([expect.not.objectContaining({ rule: expect.anything() })]);
});
