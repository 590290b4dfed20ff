import { writeFileSync } from 'node:fs';
import { expect, test } from '../../testing/fixtures.js';
import type { Rule } from '../../catalogue/rules.js';
import { conformanceReport, type JudgedRun } from '../model/conformance-report.js';
import { readConformanceJson } from '../model/read-report.js';
import { judgeRules, verdictOf, type FinishedTest } from '../model/rule-outcomes.js';
import { runGaps } from '../model/run-gaps.js';
import { consoleEnding } from './console.js';
import { conformanceJson } from '../conformance-reporter.js';
import { conformanceMarkdown } from './markdown.js';

const rule = (id: string): Rule => ({
  id,
  section: '4.2',
  source: `Section 4.2 says ${id}`,
  rule: `${id} wording`,
  check: 'black-box',
  writes: false,
});
const record = (id: string, over: Partial<FinishedTest> = {}): FinishedTest => ({
  title: `vault.spec.ts › ${id} holds`,
  file: 'f',
  rules: [id],
  violated: [],
  outcome: 'passed',
  observations: [],
  judged: [{ ruleId: id, count: 2, what: 'pages' }],
  served: ['tokenize', 'listCustomers', 'disableWebhook'],
  ...over,
});

/** A report as the reporter builds it: the records judged, their gaps weighed, the verdict taken. */
function reportOf(records: FinishedTest[], over: Partial<JudgedRun> = {}) {
  const { outcomes } = judgeRules([rule('VAULT-2'), rule('HOOK-1')], records, {
    target: 'sandbox',
    selected: over.selected,
  });
  const gaps = runGaps(records, outcomes);
  return conformanceReport({
    target: 'sandbox',
    targetId: 'sandbox 0123456789ab',
    started: '2026-11-26T21:00:00.000Z',
    finished: '2026-11-26T21:00:10.000Z',
    runStatus: 'passed',
    verdict: verdictOf(outcomes, gaps),
    unavailable: [],
    outcomes,
    ...gaps,
    ...over,
  });
}

const observed = {
  ruleId: 'VAULT-2',
  kind: 'capped-count',
  subject: 'listCustomers',
  value: 100,
  text: 'count=500 was served in pages of 100',
};
const skippedHook = record('HOOK-1', {
  outcome: 'skipped',
  skipReason: 'webhook checks on this target need PG_WEBHOOK_ID (a webhook the suite may disable)',
  judged: [],
});

test('conformance.md is written from the report: the summary, each rule with its citation, observations under it', () => {
  const report = reportOf([record('VAULT-2', { observations: [observed] }), skippedHook]);
  const md = conformanceMarkdown(report);
  expect(md.startsWith(`# Conformance report\n\n**${report.verdictLine}**\n\n- Target: sandbox\n`)).toBe(true);
  expect(md).toContain('> Section 4.2 says VAULT-2 (section 4.2)');
  expect(md).toContain(
    'Observed where the document leaves the behaviour open:\n- VAULT-2: count=500 was served in pages of 100',
  );
  // The summary counts the skipped tests by reason, which the report carries for it.
  expect(report.skippedTests).toEqual({ [skippedHook.skipReason!]: 1 });
  expect(md).toContain(`Skipped tests by reason: 1 × ${skippedHook.skipReason}`);
  expect(md).toContain('| VAULT-2 | 4.2 | black-box | passed | 2 pages | 1/1 passed |');
});

test('conformance.json is the report itself, and reads back as one', ({}, testInfo) => {
  const report = reportOf([record('VAULT-2', { observations: [observed] }), skippedHook]);
  const path = testInfo.outputPath('conformance.json');
  writeFileSync(path, conformanceJson(report));
  const read = readConformanceJson(path);
  expect(read).toEqual(JSON.parse(JSON.stringify(report)));
  // An observation under its rule does not repeat the rule's ID; the citation joins the rule.
  expect(read.rules[0]).toMatchObject({
    id: 'VAULT-2',
    source: 'Section 4.2 says VAULT-2',
    observations: [{ kind: 'capped-count', subject: 'listCustomers', value: 100, text: observed.text }],
  });
});

test('the console ends with the summary and the verdict line, a configuration problem named on that line', () => {
  const report = reportOf([record('VAULT-2'), skippedHook]);
  const ending = consoleEnding(report, { reportPath: 'reports/conformance.md', recorded: [] });
  expect(ending.split('\n').at(-1)).toBe(`Conformance: ${report.verdictLine} (reports/conformance.md)`);
  expect(ending).toContain('Skipped (1):\n  - HOOK-1: webhook checks on this target need PG_WEBHOOK_ID');
  const problem = 'PG_WEBHOOK_ID names no webhook of this merchant';
  const misconfigured = reportOf([record('VAULT-2', { configuration: [problem] }), record('HOOK-1')], {
    selected: ['VAULT-2'],
  });
  expect(misconfigured.verdict).toBe('CONFIGURATION ERROR');
  expect(
    consoleEnding(misconfigured, { selected: ['VAULT-2'], reportPath: 'r.md', recorded: ['Recorded 1'] })
      .split('\n')
      .slice(-3),
  ).toEqual([
    'Recorded 1',
    '',
    `Conformance: CONFIGURATION ERROR for VAULT-2 (1 of 2 rules selected): ${problem} (found during the run: ` +
      '2 rules; 1 of 1 applicable exercised, 1 passed; 1 not selected; r.md)',
  ]);
});
