import { expect, test } from '../../testing/fixtures.js';
import { driftMarkdown } from './drift-markdown.js';
import { driftSince, unchanged } from './drift.js';
import type { ConformanceJson, RuleJson } from '../model/read-report.js';
import { catalogueOf } from '../model/run-identity.js';

const rule = (id: string, status: string, over: Partial<RuleJson> = {}): RuleJson => ({
  id,
  rule: `${id} rule`,
  check: 'black-box',
  status,
  tests: [],
  observations: [],
  ...over,
});
const run = (rules: RuleJson[], over: Partial<ConformanceJson> = {}): ConformanceJson => ({
  target: 'sandbox',
  targetId: 'sandbox abc',
  catalogue: catalogueOf(rules),
  started: '2026-11-21T02:23:00.000Z',
  finished: '2026-11-21T02:30:00.000Z',
  verdict: 'CONFORMANT',
  rules,
  ...over,
});
const status401 = (op: string, value: number) => ({
  kind: 'http-status-of-auth-failure',
  subject: op,
  value,
  text: `${op} answered ${value}`,
});

test('each rule lands in the one list that says how its outcome moved', () => {
  const before = run([
    rule('A-1', 'passed'),
    rule('A-2', 'failed'),
    rule('A-3', 'skipped'),
    rule('A-4', 'passed'),
    rule('A-5', 'skipped'),
    rule('A-6', 'passed'),
  ]);
  const after = run([
    rule('A-1', 'failed'),
    rule('A-2', 'passed'),
    rule('A-3', 'passed'),
    rule('A-4', 'not run'),
    rule('A-5', 'target unavailable'),
    rule('A-6', 'passed'),
  ]);
  const d = driftSince(before, after, 'last.json');
  expect(d.newlyFailing).toEqual([{ id: 'A-1', from: 'passed', to: 'failed' }]);
  expect(d.newlyPassing).toEqual([{ id: 'A-2', from: 'failed', to: 'passed' }]);
  expect(d.newlyExercised).toEqual([{ id: 'A-3', from: 'skipped', to: 'passed' }]);
  expect(d.noLongerExercised).toEqual([{ id: 'A-4', from: 'passed', to: 'not run' }]);
  expect(d.otherChanges).toEqual([{ id: 'A-5', from: 'skipped', to: 'target unavailable' }]);
  expect(d.baseline).toEqual({
    path: 'last.json',
    started: '2026-11-21T02:23:00.000Z',
    target: 'sandbox abc',
    verdict: 'CONFORMANT',
  });
});

test('observations are compared by rule, kind and subject: appeared, disappeared, changed value', () => {
  const before = run([
    rule('AUTH-7', 'passed', {
      observations: [
        status401('tokenize', 401),
        status401('listCustomers', 401),
        { kind: 'redisable-answer', value: 'code 0', text: 'x' },
      ],
    }),
  ]);
  const after = run([
    rule('AUTH-7', 'passed', {
      observations: [
        status401('tokenize', 403),
        status401('listCustomers', 401),
        { kind: 'extra-field', subject: 'customer', value: 'loyalty_tier', text: 'y' },
      ],
    }),
  ]);
  const d = driftSince(before, after, 'b.json');
  expect(d.changedValue).toEqual([
    { what: 'AUTH-7 http-status-of-auth-failure (tokenize)', from: ['401'], to: ['403'] },
  ]);
  expect(d.appeared).toEqual([{ what: 'AUTH-7 extra-field (customer)', from: [], to: ['loyalty_tier'] }]);
  expect(d.disappeared).toEqual([{ what: 'AUTH-7 redisable-answer', from: ['code 0'], to: [] }]);
  expect(driftMarkdown(d)).toContain('- AUTH-7 http-status-of-auth-failure (tokenize): 401 → 403');
});

test('the same run twice has nothing to report, and says so', () => {
  const same = run([rule('A-1', 'passed', { observations: [status401('tokenize', 401)] })]);
  const d = driftSince(same, same, 'b.json');
  expect(unchanged(d)).toBe(true);
  expect(driftMarkdown(d).join('\n')).toContain('Nothing changed');
});

test('another target is not compared at all: it says so instead', () => {
  const d = driftSince(
    run([rule('A-1', 'passed')], { target: 'mock', targetId: 'mock' }),
    run([rule('A-1', 'failed')]),
    'b.json',
  );
  expect(d.comparable).toBe(false);
  expect(d.newlyFailing).toEqual([]);
  expect(d.notes.join(' ')).toContain('The baseline was run against mock, this run against sandbox');
  const other = driftSince(
    run([rule('A-1', 'passed')], { targetId: 'sandbox 111' }),
    run([rule('A-1', 'failed')]),
    'b.json',
  );
  expect(other.comparable).toBe(false);
  expect(other.notes.join(' ')).toContain('another sandbox');
});

test('another catalogue version: only the rules both share unchanged are compared, the rest are named', () => {
  const before = run([rule('A-1', 'passed'), rule('A-2', 'passed'), rule('A-3', 'passed')]);
  const after = run([rule('A-1', 'failed'), rule('A-2', 'failed', { rule: 'A-2 reworded' }), rule('A-4', 'failed')]);
  const d = driftSince(before, after, 'b.json');
  expect(d.newlyFailing.map((c) => c.id)).toEqual(['A-1']);
  const notes = d.notes.join('\n');
  expect(notes).toContain('The rule catalogue changed between the runs');
  expect(notes).toContain('New in the catalogue, not compared: A-4.');
  expect(notes).toContain('No longer in the catalogue: A-3.');
  expect(notes).toContain('Reworded or checked differently, not compared: A-2.');
});

test('what each rule judged is compared when both runs record it, and called not comparable otherwise', () => {
  const before = run([rule('VAULT-7', 'passed', { judged: '212 card numbers in 25 records' })]);
  const after = run([rule('VAULT-7', 'passed', { judged: { summary: '0 card numbers in 0 records' } })]);
  expect(driftSince(before, after, 'b.json').judged).toEqual([
    { id: 'VAULT-7', from: '212 card numbers in 25 records', to: '0 card numbers in 0 records' },
  ]);
  const old = driftSince(run([rule('VAULT-7', 'passed')]), after, 'b.json');
  expect(old.judged).toBeUndefined();
  expect(old.notes.join(' ')).toContain('What each rule judged is not comparable');
});
