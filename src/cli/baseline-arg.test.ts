import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { takeBaseline } from './baseline-arg.js';

test('--baseline and its path are taken out; every other argument goes to Playwright in order', () => {
  expect(takeBaseline(['--shard=1/2', '--baseline', 'last/conformance.json', '-g', 'AUTH'], {})).toEqual({
    baseline: resolve('last/conformance.json'),
    rest: ['--shard=1/2', '-g', 'AUTH'],
  });
  expect(takeBaseline(['--baseline=b.json'], {})).toEqual({ baseline: resolve('b.json'), rest: [] });
});

test('PG_BASELINE names the baseline without the flag; the flag wins', () => {
  expect(takeBaseline([], { PG_BASELINE: 'env.json' }).baseline).toBe(resolve('env.json'));
  expect(takeBaseline(['--baseline', 'flag.json'], { PG_BASELINE: 'env.json' }).baseline).toBe(resolve('flag.json'));
  expect(takeBaseline(['--workers=1'], {})).toEqual({ baseline: undefined, rest: ['--workers=1'] });
});

test('--baseline without a path is refused with what it needs', () => {
  expect(() => takeBaseline(['--baseline'], {})).toThrow(/needs the path/);
  expect(() => takeBaseline(['--baseline', '--shard=1/2'], {})).toThrow(/needs the path/);
});
