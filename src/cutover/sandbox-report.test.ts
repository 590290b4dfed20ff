import { expect, test } from '../testing/fixtures.js';
import type { ConformanceJson } from '../reporters/model/read-report.js';
import { sandboxReportProblem } from './sandbox-report.js';

const report = (target: string, statuses: string[]): ConformanceJson => ({
  target,
  started: '2026-11-24T00:00:00Z',
  finished: '2026-11-24T00:01:00Z',
  verdict: 'CONFORMANT',
  rules: statuses.map((status, i) => ({ id: `TOK-${i + 1}`, status })) as ConformanceJson['rules'],
});

test('a whole sandbox run stands for the sign-off', () => {
  expect(sandboxReportProblem(report('sandbox', ['passed', 'passed', 'not exercised']), 's.json')).toBeUndefined();
});

test('a report of the embedded mock, of production or of a --rule run is refused with what to give instead', () => {
  expect(sandboxReportProblem(report('mock', ['passed']), 'reports/conformance.json')).toBe(
    'reports/conformance.json is a run against the embedded mock, not a sandbox; give the ' +
      'conformance.json of the sandbox run you signed off (PG_TARGET=sandbox)',
  );
  expect(sandboxReportProblem(report('production', ['passed']), 'p.json')).toBe(
    "p.json is a production run's report; give the sandbox run's conformance.json",
  );
  expect(sandboxReportProblem(report('sandbox', ['passed', 'not selected', 'not selected']), 's.json')).toBe(
    's.json is a run limited to 1 of 3 rules (--rule); give the conformance.json of a whole sandbox run',
  );
});
