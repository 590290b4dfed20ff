import { expect, test } from '@playwright/test';
import { MIN_RATE, Pacer, QUIET_MS } from './pacer.js';

test('without a rate it paces nothing until a 429', async () => {
  const pacer = new Pacer();
  const started = performance.now();
  for (let i = 0; i < 50; i++) await pacer.slot();
  expect(performance.now() - started).toBeLessThan(200);
  expect(pacer.rate).toBe(Infinity);
});

test('a 429 holds every caller for its Retry-After and halves the rate that met it', async () => {
  const pacer = new Pacer();
  for (let i = 0; i < 20; i++) await pacer.slot(); // 20 requests in the last second
  const limitedAt = performance.now();
  pacer.limited(300, limitedAt);
  expect(pacer.rate).toBe(10);
  const [first, second] = await Promise.all([pacer.slot(), pacer.slot()]);
  // Both wait out the hold; the second one its slot after it as well (10 a second).
  expect(first - limitedAt).toBeGreaterThanOrEqual(300);
  expect(second - first).toBeCloseTo(100, 5);
  expect(pacer.seen.limited).toBe(1);
});

test('the 429s of one burst slow the pace once, not once each', () => {
  const pacer = new Pacer();
  pacer.limited(1000, 10_000);
  const after = pacer.rate;
  pacer.limited(1000, 10_050);
  pacer.limited(1000, 10_100);
  expect(pacer.rate).toBe(after);
  expect(pacer.seen.limited).toBe(3);
});

test('the pace creeps up after quiet spells, never above PG_MAX_RPS, never below MIN_RATE', () => {
  const learned = new Pacer();
  learned.limited(1000, 0);
  expect(learned.rate).toBe(MIN_RATE); // nothing sent in the last second: the slowest pace
  learned.served(QUIET_MS - 1);
  expect(learned.rate).toBe(MIN_RATE);
  learned.served(QUIET_MS + 1);
  expect(learned.rate).toBe(MIN_RATE + 1);
  learned.served(QUIET_MS + 2); // not another step until another quiet spell
  expect(learned.rate).toBe(MIN_RATE + 1);

  const capped = new Pacer(4);
  capped.limited(1000, 0); // PG_MAX_RPS set too high: its share met the limit, and the pace drops below it
  expect(capped.rate).toBeLessThan(4);
  for (let t = 1; t < 10; t++) capped.served(t * QUIET_MS * 2);
  expect(capped.rate).toBe(4);
});
