import { expect, test } from '@playwright/test';
import { caughtByCell, judge, type RunReport } from './judge.js';
import type { PlannedRun } from './plan.js';
import { projectsFor, ruleTag, type PlanFile } from './projects.js';

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

test('a variation passes when no rule failed and the target answered, whatever the verdict is called', () => {
  expect(judge(variant(), report('CONFORMANT', []))).toMatchObject({ outcome: 'passed', ok: true });
  expect(judge(variant(), report('INCOMPLETE', []))).toMatchObject({ outcome: 'passed', ok: true });
  expect(judge(variant(), report('NON-CONFORMANT', ['ERR-5']))).toMatchObject({ outcome: 'flagged', ok: false, failedRules: ['ERR-5'] });
  expect(judge(variant(), report('TARGET UNAVAILABLE', []))).toMatchObject({ outcome: 'flagged', ok: false });
  expect(judge(variant(), undefined)).toMatchObject({ outcome: 'error', ok: false });
});

test('a rule tag matches that rule only, not a longer ID that starts the same', () => {
  expect(ruleTag('TOK-1').test('title @TOK-1 @ERR-5')).toBe(true);
  expect(ruleTag('TOK-1').test('title @TOK-10')).toBe(false);
});

test('a fault gets its own rule\'s tests, then the rest; a variation the whole suite; long runs first', () => {
  const plan: PlanFile = { runs: [{ ...fault(), url: 'http://127.0.0.1:1' }, { ...variant(), url: 'http://127.0.0.1:2' }], workersPerRun: 1, full: false };
  const projects = projectsFor(plan);
  expect(projects.map((p) => p.name)).toEqual(['variant:v:mock', 'fault:f:mock own-rule', 'fault:f:mock rest']);
  expect(String(projects[1]!.grep)).toBe(String(ruleTag('TOK-8')));
  expect(String(projects[2]!.grepInvert)).toBe(String(ruleTag('TOK-8')));
  expect(projects[1]!.metadata).toMatchObject({ run: 'fault:f:mock', rule: 'TOK-8', suiteEnv: { PG_TARGET: 'mock', PG_BASE_URL: 'http://127.0.0.1:1' } });
  expect(projectsFor({ ...plan, full: true }).map((p) => p.name)).toEqual(['fault:f:mock', 'variant:v:mock']);
});
