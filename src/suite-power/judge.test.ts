import { expect, test } from '@playwright/test';
import { caughtByCell, judge, type RunReport } from './judge.js';
import type { PlannedRun } from './plan.js';

const fault = (over: Partial<PlannedRun> = {}): PlannedRun => ({
  id: 'fault:f:mock', kind: 'fault', name: 'f', rule: 'TOK-8', description: 'd', mode: 'mock', expected: 'caught', alsoNoticedBy: [], ...over,
});
const variant = (): PlannedRun => ({ ...fault(), id: 'variant:v:mock', kind: 'variant', name: 'v', expected: 'passes' });
const report = (verdict: string, failed: string[]): RunReport => ({
  verdict,
  rules: ['TOK-8', 'ERR-5', 'AUTH-1'].map((id) => ({ id, status: failed.includes(id) ? 'failed' : 'passed' })),
});

test('a fault is caught when a test of its own rule failed; other failing rules are named, unlisted ones marked', () => {
  const run = fault({ alsoNoticedBy: ['ERR-5'] });
  const j = judge(run, report('NON-CONFORMANT', ['TOK-8', 'ERR-5', 'AUTH-1']));
  expect(j).toMatchObject({ outcome: 'caught', ok: true, caughtBy: ['TOK-8', 'ERR-5', 'AUTH-1'], unlisted: ['AUTH-1'] });
  expect(caughtByCell(j, run)).toBe('TOK-8, ERR-5 (listed), AUTH-1 (unlisted)');
});

test('a fault noticed only by other rules was caught by accident, even by a rule it lists, and fails', () => {
  expect(judge(fault(), report('NON-CONFORMANT', ['AUTH-1']))).toMatchObject({ outcome: 'caught by accident', ok: false, caughtBy: ['AUTH-1'] });
  expect(judge(fault({ alsoNoticedBy: ['ERR-5'] }), report('NON-CONFORMANT', ['ERR-5']))).toMatchObject({ outcome: 'caught by accident', ok: false });
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
  expect(judge(variant(), report('NON-CONFORMANT', ['ERR-5']))).toMatchObject({ outcome: 'flagged', ok: false, failedRules: ['ERR-5'] });
  expect(judge(variant(), report('TARGET UNAVAILABLE', []))).toMatchObject({ outcome: 'flagged', ok: false });
  expect(judge(variant(), undefined)).toMatchObject({ outcome: 'error', ok: false });
});
