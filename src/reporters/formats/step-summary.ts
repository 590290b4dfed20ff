import { describeJudged, type Drift } from '../drift/drift.js';
import { driftMarkdown } from '../drift/drift-markdown.js';
import { knownSections } from '../known-deviations/known-outcomes.js';
import { verdictLineOf, type ConformanceJson } from '../model/read-report.js';
import { markdownCell, markdownList } from './markdown-cell.js';

/**
 * The CI run's summary page ($GITHUB_STEP_SUMMARY): verdict, operations never served, what changed since
 * the baseline, then the rule table. Everything comes from conformance.json, already redacted.
 */
export function stepSummary(report: ConformanceJson & { drift?: Drift | string }): string {
  const lines = [
    `# Conformance: ${report.verdict}`,
    '',
    `**${verdictLineOf(report)}**`,
    '',
    `Target ${report.targetId ?? report.target}, run ${report.started} to ${report.finished}. The reports ` +
      `(conformance.html, Playwright's HTML report) are in the run's conformance-reports artifact.`,
    '',
  ];
  if (report.unavailable?.length)
    lines.push(...markdownList('## Target unavailable (infrastructure, not conformance)', report.unavailable));
  // An operation never served keeps the night from CONFORMANT whatever its rules say: said before the drift.
  const notServed = (report.operationsNotServed ?? []).map((o) => `${o.operation}: ${o.reason}`);
  if (notServed.length) lines.push(...markdownList('## Operations never served', notServed));
  for (const s of knownSections(report.knownDeviations)) lines.push(...markdownList(`## ${s.title}`, s.lines));
  lines.push(
    ...(report.drift === undefined
      ? [
          '## Since the baseline',
          '',
          'No baseline: no earlier night published its reports, so nothing is compared.',
          '',
        ]
      : driftMarkdown(report.drift)),
  );
  // A report written without per-rule judged counts (an older version) has no such column to show.
  const judged = report.rules.some((r) => 'judged' in r);
  lines.push(
    '## Rules',
    '',
    `| Rule | Outcome |${judged ? ' What was judged |' : ''} Tests |`,
    `|---|---|${judged ? '---|' : ''}---|`,
  );
  for (const r of report.rules) {
    const passed = r.tests.filter((t) => t.outcome === 'passed').length;
    const what = judged ? ` ${markdownCell(describeJudged(r.judged))} |` : '';
    const status =
      r.status === 'failed' ? '**failed**' : r.status === 'known deviation' ? '*known deviation*' : r.status;
    lines.push(`| ${r.id} | ${status} |${what} ${passed}/${r.tests.length} passed |`);
  }
  return `${lines.join('\n')}\n`;
}
