import { expect, test } from '../../testing/fixtures.js';
import { driftSince } from '../drift/drift.js';
import type { ConformanceJson } from '../model/read-report.js';
import { stepSummary } from './step-summary.js';

const report = (status: string, value: number): ConformanceJson => ({
  target: 'sandbox',
  targetId: 'sandbox 3f2a',
  started: '2026-11-22T02:23:00Z',
  finished: '2026-11-22T02:31:00Z',
  verdict: status === 'failed' ? 'NON-CONFORMANT' : 'CONFORMANT',
  counts: { [status]: 1, passed: 1 },
  rules: [
    {
      id: 'AUTH-1',
      rule: 'r',
      check: 'black-box',
      status,
      tests: [{ title: 't', outcome: status }],
      observations: [{ kind: 'http-status-of-auth-failure', subject: 'tokenize', value, text: `HTTP ${value}` }],
    },
    {
      id: 'AUTH-2',
      rule: 'r',
      check: 'black-box',
      status: 'passed',
      tests: [{ title: 't', outcome: 'passed' }],
      observations: [],
    },
  ],
});

test('the CI summary shows the verdict, then what changed since the baseline, then every rule', () => {
  const tonight = report('failed', 403);
  const summary = stepSummary({
    ...tonight,
    drift: driftSince(report('passed', 401), tonight, 'baseline/conformance.json'),
  });
  expect(summary).toMatch(/^# Conformance: NON-CONFORMANT\n\n\*\*NON-CONFORMANT: 2 rules, 1 failed, 1 passed\*\*/);
  const [drift, rules] = [summary.indexOf('## Since the baseline'), summary.indexOf('## Rules')];
  expect(drift).toBeGreaterThan(0);
  expect(rules).toBeGreaterThan(drift);
  expect(summary).toContain('### Newly failing\n\n- AUTH-1: failed (was passed)');
  expect(summary).toContain('- AUTH-1 http-status-of-auth-failure (tokenize): 401 → 403');
  expect(summary).toContain('| AUTH-1 | **failed** | 0/1 passed |');
  expect(summary).toContain('| AUTH-2 | passed | 1/1 passed |');
});

test('once reports record what each rule judged, the table shows it', () => {
  const tonight = report('passed', 401);
  tonight.rules = tonight.rules.map((r, i) => ({ ...r, judged: i === 0 ? '3 answers' : undefined }));
  const summary = stepSummary(tonight);
  expect(summary).toContain('| Rule | Outcome | What was judged | Tests |');
  expect(summary).toContain('| AUTH-1 | passed | 3 answers | 1/1 passed |');
  expect(summary).toContain('| AUTH-2 | passed | nothing recorded | 1/1 passed |');
});

test('the first night says there is no baseline rather than showing an empty section', () => {
  expect(stepSummary(report('passed', 401))).toContain('No baseline: no earlier night published its reports');
});

test('operations never served are listed with why, before what changed since the baseline', () => {
  const reason =
    'never called to do its work, as webhook checks on this target need PG_WEBHOOK_ID (a webhook the suite may disable)';
  const operationsNotServed = [{ operation: 'disableWebhook', reason }];
  const summary = stepSummary({ ...report('passed', 401), verdict: 'NOT FULLY EXERCISED', operationsNotServed });
  expect(summary).toContain(`## Operations never served\n\n- disableWebhook: ${reason}\n`);
  expect(summary.indexOf('## Operations never served')).toBeLessThan(summary.indexOf('## Since the baseline'));
  expect(stepSummary(report('passed', 401))).not.toContain('Operations never served');
});
