import { expect, test } from '../testing/fixtures.js';
import { PG_CODES } from './gateway/pg-codes.js';
import { PLATFORM_CODES } from './gateway/platform-codes.js';

test('every payment gateway failure has its own three-digit rcode other than 000', () => {
  const failures = Object.entries(PG_CODES).filter(([name]) => name !== 'ok');
  for (const [name, entry] of failures) {
    expect(entry.rcode, name).toMatch(/^[0-9]{3}$/);
    expect(entry.rcode, name).not.toBe('000');
    expect(entry.rmsg.length, name).toBeGreaterThan(10);
  }
  expect(new Set(failures.map(([, e]) => e.rcode)).size).toBe(failures.length);
  expect(PG_CODES.ok.rcode).toBe('000');
});

test('every platform failure has its own non-zero integer code', () => {
  const failures = Object.entries(PLATFORM_CODES).filter(([name]) => name !== 'ok');
  for (const [name, entry] of failures) {
    expect(Number.isInteger(entry.code) && entry.code !== 0, name).toBe(true);
    expect(entry.message.length, name).toBeGreaterThan(10);
  }
  expect(new Set(failures.map(([, e]) => e.code)).size).toBe(failures.length);
});

test('the failures both families can meet carry the same HTTP status in each', () => {
  for (const name of Object.keys(PG_CODES).filter((n) => n in PLATFORM_CODES) as (keyof typeof PG_CODES &
    keyof typeof PLATFORM_CODES)[]) {
    expect(PG_CODES[name].status, name).toBe(PLATFORM_CODES[name].status);
  }
});
