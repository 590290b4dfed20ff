import { expect, test } from '../../../testing/fixtures.js';
import fc from 'fast-check';
import { loadSpec } from '../../../catalogue/spec.js';
import { buildBehaviours } from '../../behaviours/apply.js';
import { MOCK_DEFAULTS } from '../../defaults.js';
import type { Credentials } from '../credentials.js';
import { MockError } from '../errors.js';
import { readTokenizeRequest, TOKENIZE_FORMATS, type TokenizeFormats } from './request.js';

const credentials: Credentials = {
  merchantId: MOCK_DEFAULTS.merchantId,
  apiKey: MOCK_DEFAULTS.apiKey,
  vendorId: MOCK_DEFAULTS.vendorId,
  vendorApiKey: MOCK_DEFAULTS.vendorApiKey,
};
const card = { merchant_id: MOCK_DEFAULTS.merchantId, card_number: '4111111111111111', exp_date: '1230' };
const ach = { merchant_id: MOCK_DEFAULTS.merchantId, tr_number: '011000015', dda_number: '000123456789' };

/** What the mock answers a body with: the failure it throws, or 'taken'. */
function answer(body: Record<string, unknown>, formats?: TokenizeFormats): string {
  try {
    readTokenizeRequest(body, 'merchant', credentials, formats);
    return 'taken';
  } catch (error) {
    if (!(error instanceof MockError)) throw error;
    return error.detail === undefined ? error.failure : `${error.failure}: ${error.detail}`;
  }
}

/** The pattern spec/openapi.yaml writes for a request field, read from the document, never restated. */
function specPattern(field: string): RegExp {
  const schema = loadSpec().components!.schemas!.TokenizeRequest as { properties: Record<string, { pattern: string }> };
  return new RegExp(schema.properties[field]!.pattern, 'u');
}

const NEAR = fc.sample(fc.string({ unit: fc.constantFrom(...'0123456789/- xO'), maxLength: 12 }), {
  numRuns: 400,
  seed: 42,
});

test('exp_date and tr_number are judged by the patterns spec/openapi.yaml states, value by value', () => {
  const expDate = specPattern('exp_date');
  const trNumber = specPattern('tr_number');
  const values = [...NEAR, '1230', '0130', '1330', '011000015'];
  expect(values.filter((v) => TOKENIZE_FORMATS.expDate.test(v) !== expDate.test(v))).toEqual([]);
  expect(values.filter((v) => TOKENIZE_FORMATS.routingNumber.test(v) !== trNumber.test(v))).toEqual([]);
  expect(answer({ ...card, exp_date: '1330' })).toBe('expDateFormat');
  expect(answer({ ...ach, tr_number: '01100001' })).toBe('routingNumberFormat');
  expect(answer({ ...card, client_ip: '01.2.3.4' })).toBe('clientIpFormat');
  expect(answer({ ...card, client_ip: '203.0.113.7' })).toBe('taken');
  // The expiry a swipe holds is judged as exp_date is.
  expect(answer({ merchant_id: card.merchant_id, card_swipe: ';4111111111111111=3013?' })).toBe(
    'expDateFormat: The expiry in card_swipe is not a valid month (track data holds YYMM).',
  );
});

test('a behaviour loosens a stated format through the seam: its own test replaces the spec schema', () => {
  const fourDigits = { ...TOKENIZE_FORMATS, expDate: /^[0-9]{4}$/ };
  expect(answer({ ...card, exp_date: '1330' }, fourDigits)).toBe('taken');
  expect(answer({ ...card, exp_date: '12/30' }, fourDigits)).toBe('expDateFormat');
  for (const [fault, body] of [
    ['exp-month-13-accepted', { ...card, exp_date: '1330' }],
    ['tr-number-length-unchecked', { ...ach, tr_number: '01100001' }],
  ] as const) {
    const { seams } = buildBehaviours(credentials, [fault], []);
    expect(() => seams.readTokenize(body, 'merchant'), fault).not.toThrow();
    expect(() => buildBehaviours(credentials, [], []).seams.readTokenize(body, 'merchant')).toThrow(MockError);
  }
});

test("each field's type is the request schema's; the first field out of place, in the body's order, is named", () => {
  expect(answer({ ...card, vendor_id: '90001' })).toBe('fieldType: vendor_id must be a number.');
  expect(answer({ ...card, user_id: 1.5 })).toBe('fieldType: user_id must be a whole number.');
  expect(answer({ ...card, single_use: 'true' })).toBe('fieldType: single_use must be true or false.');
  expect(answer({ ...card, email_address: ['a@b.co', 7] })).toBe(
    'fieldType: email_address must be an array of strings.',
  );
  expect(answer({ ...card, cvv2: null })).toBe('fieldType: cvv2 must be a string.');
  expect(answer({ single_use: 1, ...card, cvv2: 1 })).toBe('fieldType: single_use must be true or false.');
  expect(answer({ card_numbr: '4', ...card, cvv2: 1 })).toMatch(/^unknownField: .*"card_numbr"/);
  expect(answer({ ...card, cvv2: 1, constructor: 'x' })).toBe('fieldType: cvv2 must be a string.');
  expect(answer({ card_number: '4111111111111111', exp_date: '1230' })).toBe('merchantMissing');
});

test("the mock's own choices stay its own: a whole number past 2^53, Luhn, unknown fields, JSON lists", () => {
  expect(answer({ ...card, user_id: 2 ** 53 })).toBe('fieldType: user_id must be a whole number.');
  expect(answer({ ...card, user_id: 2 ** 53 - 1 })).toBe('taken');
  expect(answer({ ...card, card_number: '4111111111111112' })).toBe('cardNumberLuhn');
  expect(answer({ ...card, extra: 'x' })).toMatch(/^unknownField/);
  expect(answer({ ...card, echo_fields: '[{"a":1,"b":2}]' })).toMatch(/^nameValueList/);
  expect(answer({ ...card, merchant_id: '' })).toBe('merchantMissing');
});
