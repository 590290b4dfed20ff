import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../testing/fixtures.js';
import { loadRules } from '../catalogue/rules.js';
import { ruleOutcomes } from './model/rule-outcomes.js';
import { writeConformance } from './conformance-reporter.js';

const now = new Date().toISOString();
const run = {
  target: 'mock',
  targetId: 'mock',
  started: now,
  finished: now,
  runStatus: 'passed',
  verdict: 'CONFORMANT' as const,
  unavailable: [],
  outcomes: ruleOutcomes(loadRules(), [], 'mock'),
};

test('a report the file system refuses is said, file and reason, and the report is returned all the same', ({}, testInfo) => {
  const dir = testInfo.outputPath('reports');
  mkdirSync(join(dir, 'conformance.md'), { recursive: true }); // a folder where the file goes: EISDIR, even for root
  const { report, notWritten } = writeConformance(dir, run);
  expect(report.verdict).toBe('CONFORMANT');
  expect(notWritten).toBe(
    `${join(dir, 'conformance.md')} could not be written ` +
      '(EISDIR, a folder stands where the file should be); only conformance.json was written',
  );
  expect(existsSync(join(dir, 'junit.xml'))).toBe(false);
});

test('written in full, nothing is said', ({}, testInfo) => {
  const dir = testInfo.outputPath('reports');
  const { notWritten } = writeConformance(dir, run);
  expect(notWritten).toBeUndefined();
  for (const file of ['conformance.json', 'conformance.md', 'conformance.html', 'junit.xml'])
    expect(existsSync(join(dir, file))).toBe(true);
});
