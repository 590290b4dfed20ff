import fc from 'fast-check';
import { expect, test } from '../testing/fixtures.js';
import { TEST_ACH } from './test-cards.js';
import { routingCheckDigit, routingNumberValid } from './routing-numbers.js';

const eightDigits = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 8, maxLength: 8 });

test('published routing numbers pass the check digit; one digit changed fails it', () => {
  // The suite's test number, and two published ones (JPMorgan Chase in New York, Bank of America in California).
  for (const n of [TEST_ACH.tr_number, '021000021', '121000358']) expect(routingNumberValid(n), n).toBe(true);
  expect(routingNumberValid('021000022')).toBe(false);
  expect(routingNumberValid('011000016')).toBe(false);
});

test('only nine digits can be a routing number', () => {
  for (const n of ['', '02100002', '0210000210', '02100002A', '021-000-021', ' 021000021'])
    expect(routingNumberValid(n), n).toBe(false);
  expect(() => routingCheckDigit('0210000')).toThrow();
});

test('the check digit completes any eight digits, and it is the only digit that does', () => {
  fc.assert(
    fc.property(eightDigits, (first) => {
      const digit = routingCheckDigit(first);
      expect(routingNumberValid(`${first}${digit}`)).toBe(true);
      const others = [...'0123456789'].filter((d) => d !== digit);
      expect(others.filter((d) => routingNumberValid(`${first}${d}`))).toEqual([]);
    }),
  );
});

test('the check digit catches every change of one digit', () => {
  fc.assert(
    fc.property(eightDigits, fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 9 }), (first, at, by) => {
      const valid = `${first}${routingCheckDigit(first)}`;
      const changed = `${valid.slice(0, at)}${(Number(valid[at]) + by) % 10}${valid.slice(at + 1)}`;
      expect(routingNumberValid(changed)).toBe(false);
    }),
  );
});
