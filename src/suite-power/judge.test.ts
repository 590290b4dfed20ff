import { expect, test } from '../testing/fixtures.js';
import { caughtByCell, judge, type RunReport } from './judge.js';
import { KNOWN_CASES, type KnownCase } from './known-cases.js';
import type { PlannedRun } from './plan.js';

const fault = (over: Partial<PlannedRun> = {}): PlannedRun => ({
  id: 'fault:f:mock',
  kind: 'fault',
  name: 'f',
  rule: 'TOK-8',
  description: 'd',
  mode: 'mock',
  expected: 'caught',
  alsoNoticedBy: [],
  ...over,
});
const variant = (): PlannedRun => ({
  ...fault(),
  id: 'variant:v:mock',
  kind: 'variant',
  name: 'v',
  expected: 'passes',
});
/** Each failed rule failed on a violation naming it, as a RuleViolation's `[TOK-8] …` does. */
const report = (verdict: string, failed: string[]): RunReport => ({
  verdict,
  rules: ['TOK-8', 'ERR-5', 'AUTH-1'].map((id) =>
    failed.includes(id) ? { id, status: 'failed', tests: [{ failures: [{ ruleId: id }] }] } : { id, status: 'passed' },
  ),
});

test('a fault is caught when a test of its own rule failed; other failing rules are named, unlisted ones marked', () => {
  const run = fault({ alsoNoticedBy: ['ERR-5'] });
  const j = judge(run, report('NON-CONFORMANT', ['TOK-8', 'ERR-5', 'AUTH-1']));
  expect(j).toMatchObject({
    outcome: 'caught',
    ok: true,
    caughtBy: ['TOK-8', 'ERR-5', 'AUTH-1'],
    unlisted: ['AUTH-1'],
  });
  expect(caughtByCell(j, run)).toBe('TOK-8, ERR-5 (listed), AUTH-1 (unlisted)');
});

test('a fault noticed only by other rules was caught by accident, even by a rule it lists, and fails', () => {
  expect(judge(fault(), report('NON-CONFORMANT', ['AUTH-1']))).toMatchObject({
    outcome: 'caught by accident',
    ok: false,
    caughtBy: ['AUTH-1'],
  });
  expect(judge(fault({ alsoNoticedBy: ['ERR-5'] }), report('NON-CONFORMANT', ['ERR-5']))).toMatchObject({
    outcome: 'caught by accident',
    ok: false,
  });
});

test('a fault no rule noticed survived; a run without a report is an error', () => {
  expect(judge(fault(), report('CONFORMANT', []))).toMatchObject({ outcome: 'survived', ok: false });
  expect(judge(fault(), undefined)).toMatchObject({ outcome: 'error', ok: false, verdict: 'ERROR' });
});

test('a variation passes when no rule failed and the whole suite ran against a target that answered', () => {
  expect(judge(variant(), report('CONFORMANT', []))).toMatchObject({ outcome: 'passed', ok: true });
  expect(judge(variant(), report('CONFIGURATION ERROR', []))).toMatchObject({ outcome: 'flagged', ok: false });
  expect(judge(variant(), report('NOT FULLY EXERCISED', []))).toMatchObject({ outcome: 'passed', ok: true });
  expect(judge(variant(), report('INCOMPLETE', []))).toMatchObject({ outcome: 'error', ok: false });
  expect(judge(variant(), report('NON-CONFORMANT', ['ERR-5']))).toMatchObject({
    outcome: 'flagged',
    ok: false,
    failedRules: ['ERR-5'],
  });
  expect(judge(variant(), report('TARGET UNAVAILABLE', []))).toMatchObject({ outcome: 'flagged', ok: false });
  expect(judge(variant(), undefined)).toMatchObject({ outcome: 'error', ok: false });
});

test('a variation made to be a notable leniency passes only when the report lists that leniency', () => {
  const lenient = { ...variant(), leniency: 'key-as-user-part' };
  const shown = { ...report('CONFORMANT', []), leniencies: [{ name: 'key-as-user-part' }] };
  expect(judge(lenient, shown)).toMatchObject({ outcome: 'passed', ok: true });
  expect(judge(lenient, report('CONFORMANT', []))).toMatchObject({ outcome: 'leniency not shown', ok: false });
  const another = { ...shown, leniencies: [{ name: 'key-whitespace-trimmed' }] };
  expect(judge(lenient, another)).toMatchObject({ outcome: 'leniency not shown', ok: false });
  // A failed rule is the first thing to say.
  expect(judge(lenient, { ...report('NON-CONFORMANT', ['ERR-5']), leniencies: shown.leniencies })).toMatchObject({
    outcome: 'flagged',
  });
});

test('a known-deviations case passes only on its verdict, exit code, rule status and the words of its line', () => {
  const [matched, , expired] = KNOWN_CASES;
  const run = (c: KnownCase): PlannedRun => {
    const base = fault({ id: `known:${c.name}:black-box`, kind: 'known', name: c.name, expected: 'case verdict' });
    return { ...base, knownCase: c };
  };
  const accepted: RunReport = {
    verdict: 'CONFORMANT WITH KNOWN DEVIATIONS',
    verdictLine: '… 31 passed, 1 known (VENDOR-1, until 2026-12-25)',
    rules: [{ id: 'TOK-8', status: 'known deviation' }],
  };
  expect(judge(run(matched!), accepted)).toMatchObject({ outcome: 'passed', ok: true });
  // The file ignored: the fault's failure counts, and the case says so.
  const ignored = { verdict: 'NON-CONFORMANT', rules: [{ id: 'TOK-8', status: 'failed' }] };
  expect(judge(run(matched!), ignored)).toMatchObject({ outcome: 'wrong verdict', ok: false });
  // An expired entry still hiding its failure is as wrong.
  expect(judge(run(expired!), accepted)).toMatchObject({ outcome: 'wrong verdict', ok: false });
  const counted = {
    ...ignored,
    verdictLine: "… 1 failed, TOK-8's known deviation expired on 2026-11-24 (VENDOR-1): it counts",
  };
  expect(judge(run(expired!), counted)).toMatchObject({ outcome: 'passed', ok: true });
  expect(judge(run(expired!), { ...counted, verdictLine: '… 1 failed' })).toMatchObject({ outcome: 'wrong verdict' });
});

test('a fault whose own rule failed only on an error that names no rule (a setup error of a fixture) is not caught', () => {
  const broken: RunReport = {
    verdict: 'NON-CONFORMANT',
    rules: [{ id: 'TOK-8', status: 'failed', tests: [{ failures: [{}] }] }],
  };
  expect(judge(fault(), broken)).toMatchObject({ outcome: 'survived', ok: false });
});
