import { expect, test } from '../testing/fixtures.js';
import type { KnownDeviation } from './entry.js';
import { matches, matchFailures, type SeenFailure } from './match.js';

const entry = (over: Partial<KnownDeviation> = {}): KnownDeviation => ({
  rule: 'TOK-8',
  operation: 'tokenize',
  found: 'hides 6 digits with x',
  reason: 'r',
  ticket: 'VENDOR-1',
  expires: '2026-12-20',
  target: 'any',
  index: 1,
  line: 2,
  ...over,
});
const failure = (over: Partial<SeenFailure> = {}): SeenFailure => ({
  rule: 'TOK-8',
  found: 'card_number has 16 characters, expected 13; card_number hides 6 digits with x, expected 3',
  operations: ['tokenize'],
  ...over,
});
const run = { target: 'sandbox', today: '2026-11-25' };

test('an entry matches a failure of its rule whose Found contains its text, on its operation', () => {
  expect(matches(entry(), failure())).toBe(true);
  expect(matches(entry(), failure({ rule: 'TOK-9' }))).toBe(false);
  expect(matches(entry(), failure({ operations: ['listCustomers'] }))).toBe(false);
  expect(matches(entry(), failure({ found: 'card_number shows all of its digits' }))).toBe(false);
});

test('white space is collapsed on both sides: a Found spans lines, an entry is written on one', () => {
  expect(
    matches(entry({ found: 'hides  6 digits\n with x' }), failure({ found: 'card_number hides 6\n   digits with x' })),
  ).toBe(true);
});

test('an entry with only an operation, or only a found, matches on what it gives', () => {
  expect(matches(entry({ found: undefined }), failure({ found: 'anything' }))).toBe(true);
  expect(matches(entry({ operation: undefined }), failure({ operations: [] }))).toBe(true);
});

test('a different failure of the same rule is not hidden: the rule keeps failing on it', () => {
  const m = matchFailures([failure(), failure({ found: 'card_number shows all of its digits' })], [entry()], run);
  expect(m.known).toHaveLength(1);
  expect(m.unmatched.map((f) => f.found)).toEqual(['card_number shows all of its digits']);
});

test('an entry hides its failure through the day it expires and no longer the day after', () => {
  expect(matchFailures([failure()], [entry({ expires: '2026-11-25' })], run).known).toHaveLength(1);
  const expired = matchFailures([failure()], [entry({ expires: '2026-11-24' })], run);
  expect(expired.known).toEqual([]);
  expect(expired.expired.map((h) => h.entry.expires)).toEqual(['2026-11-24']);
  expect(expired.unmatchedEntries).toEqual([]);
});

test('a renewed entry wins over the expired one it replaces', () => {
  const m = matchFailures(
    [failure()],
    [entry({ expires: '2026-11-01', index: 1 }), entry({ expires: '2026-12-20', index: 2 })],
    run,
  );
  expect(m.known.map((h) => h.entry.index)).toEqual([2]);
  expect(m.expired).toEqual([]);
});

test('an entry for another target is not applied; one that matched nothing is reported unmatched', () => {
  const m = matchFailures([failure()], [entry({ target: 'production' }), entry({ rule: 'TOK-9', index: 2 })], run);
  expect(m.known).toEqual([]);
  expect(m.elsewhere.map((e) => e.target)).toEqual(['production']);
  expect(m.unmatchedEntries.map((e) => e.rule)).toEqual(['TOK-9']);
  expect(matchFailures([failure()], [entry({ target: 'sandbox' })], { ...run, target: 'mock' }).known).toEqual([]);
});
