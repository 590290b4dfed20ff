import { expect, test } from '../../testing/fixtures.js';
import { MAX_PAGES, SAMPLED_PAGES, SAMPLE_HEAD, pagesToWalk, sampleSeed } from './page-sample.js';

test('a vault of up to MAX_PAGES pages is walked whole, an empty one reads page 0 only', () => {
  expect(pagesToWalk(MAX_PAGES, 1)).toEqual(Array.from({ length: MAX_PAGES }, (_, i) => i));
  expect(pagesToWalk(3, 1)).toEqual([0, 1, 2]);
  expect(pagesToWalk(0, 1)).toEqual([0]);
  expect(pagesToWalk(Number.NaN, 1)).toEqual([0]);
});

test('a larger vault is sampled: the first pages, the last, and distinct pages between, in order', () => {
  for (const total of [MAX_PAGES + 1, 250, 5_000, 1_000_000]) {
    const pages = pagesToWalk(total, 42);
    expect(pages).toHaveLength(SAMPLED_PAGES);
    expect(pages.slice(0, SAMPLE_HEAD)).toEqual(Array.from({ length: SAMPLE_HEAD }, (_, i) => i));
    expect(pages.at(-1)).toBe(total - 1);
    expect(new Set(pages).size).toBe(SAMPLED_PAGES);
    expect([...pages].sort((a, b) => a - b)).toEqual(pages);
    expect(pages.every((p) => p >= 0 && p < total)).toBe(true);
  }
});

test('the sample is replayed by the run seed and differs between seeds and page sizes', () => {
  expect(pagesToWalk(5_000, sampleSeed(1, { PG_SEED: '7' }))).toEqual(
    pagesToWalk(5_000, sampleSeed(1, { PG_SEED: '7' })),
  );
  expect(pagesToWalk(5_000, sampleSeed(1, { PG_SEED: '7' }))).not.toEqual(
    pagesToWalk(5_000, sampleSeed(1, { PG_SEED: '8' })),
  );
  expect(sampleSeed(1, { PG_SEED: '7' })).not.toBe(sampleSeed(2, { PG_SEED: '7' }));
});
