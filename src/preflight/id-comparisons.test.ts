import { expect, test } from '../testing/fixtures.js';
import fc from 'fast-check';
import { madeUpLike } from './id-comparisons.js';

const idLike = fc.stringMatching(/^[0-9A-Za-z][0-9A-Za-z_-]{0,24}$/);

test("a made-up ID has the configured one's shape and differs from it in every digit and letter", () => {
  fc.assert(
    fc.property(idLike, (value) => {
      const made = madeUpLike(value);
      expect(made).toHaveLength(value.length);
      [...value].forEach((c, i) => {
        if (/[0-9A-Za-z]/.test(c)) expect(made[i]).not.toBe(c);
        else expect(made[i]).toBe(c);
        if (/[0-9]/.test(c)) expect(made[i]).toMatch(i === 0 && c !== '0' ? /[1-9]/ : /[0-9]/);
        if (/[a-z]/.test(c)) expect(made[i]).toMatch(/[a-z]/);
        if (/[A-Z]/.test(c)) expect(made[i]).toMatch(/[A-Z]/);
      });
    }),
  );
});

test('a made-up vendor ID is never the right one a digit away from a mistyped one, which the target would serve', () => {
  // The preflight's wrong-vendor-ID case sends 90002 to the mock, whose ID is 90001: a draw of 90001 would be served.
  const drawn = new Set(Array.from({ length: 20_000 }, () => madeUpLike('90002')));
  expect(drawn.has('90001')).toBe(false);
  expect(drawn.size).toBeGreaterThan(1_000);
});

test('a value with no digit or letter to vary is made longer', () => {
  expect(madeUpLike('--')).toMatch(/^--[a-z]$/);
});
