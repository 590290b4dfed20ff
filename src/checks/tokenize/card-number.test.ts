import { expect, test } from '../../testing/fixtures.js';
import { isFullCardNumber, luhnValid, maskCardNumber, maskingProblems } from './card-number.js';
import { TEST_CARDS } from '../../catalogue/test-cards.js';

test('Luhn accepts the issuer test numbers and rejects a changed digit', () => {
  for (const card of TEST_CARDS) expect(luhnValid(card.number), card.number.length.toString()).toBe(true);
  expect(luhnValid('4111111111111112')).toBe(false);
  expect(luhnValid('41111111111111a1')).toBe(false);
});

test('test cards cover every length from 13 to 19', () => {
  expect([...new Set(TEST_CARDS.map((c) => c.number.length))].sort((a, b) => a - b)).toEqual([
    13, 14, 15, 16, 17, 18, 19,
  ]);
});

test('masks with the first four, one x per hidden digit, and the last six', () => {
  expect(maskCardNumber('4111111111111111')).toBe('4111xxxxxx111111');
  expect(maskCardNumber('4222222222222')).toBe('4222xxx222222');
  expect(maskCardNumber('6799990100000000019')).toBe('6799xxxxxxxxx000019');
  expect(() => maskCardNumber('4111')).toThrow(RangeError);
});

test('names each way a masked number departs from the rule', () => {
  const pan = '4111111111111111';
  expect(maskingProblems('4111xxxxxx111111', pan)).toEqual([]);
  expect(maskingProblems('4111xxxx111111', pan)).toContain('has 14 characters, expected 16 (one x per hidden digit)');
  expect(maskingProblems('411xxxxxxx111111', pan)).toContain('does not start with the first four digits sent');
  expect(maskingProblems('4111xxxxxxx11111', pan)).toContain('does not end with the last six digits sent');
  expect(maskingProblems('4111******111111', pan)).toContain('has characters other than x between the visible digits');
  expect(maskingProblems(pan, pan)).toContain('has characters other than x between the visible digits');
  expect(maskingProblems(undefined, pan)).toEqual(['card_number is absent, expected a string']);
});

test('a full number is 12 to 19 digits, separators aside', () => {
  expect(isFullCardNumber('4111 1111 1111 1111')).toBe(true);
  expect(isFullCardNumber('4111-1111-1111-1111')).toBe(true);
  expect(isFullCardNumber('4111xxxxxx111111')).toBe(false);
  expect(isFullCardNumber('************1111')).toBe(false);
});
