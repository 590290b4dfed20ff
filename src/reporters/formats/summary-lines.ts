import { configurationGap, configurationSkip } from '../../config/configuration-skips.js';
import { configurationNeeds } from '../model/exercised.js';
import { knownSections } from '../known-deviations/known-outcomes.js';
import type { ConformanceReport, RuleReport } from '../model/conformance-report.js';

/** What the summary reads of the report. */
type Summarised = Pick<
  ConformanceReport,
  'rules' | 'configuration' | 'operationsNotServed' | 'skippedTests' | 'knownDeviations'
>;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The short list a run ends with, on the console and at the top of conformance.md alike: what to fix first
 * (configuration), the failed rules by name, then everything that keeps the run from CONFORMANT with its
 * reason and the variable to set. Empty for a run with nothing to say beyond its verdict.
 */
export function summaryLines(s: Summarised): string[] {
  const lines: string[] = [];
  const section = (title: string, items: string[]) => {
    if (items.length) lines.push(`${title} (${items.length}):`, ...items.map((i) => `  - ${oneLine(i)}`));
  };
  const withStatus = (status: RuleReport['status']) => s.rules.filter((o) => o.status === status);
  section('Configuration problems, fix these first', [...s.configuration]);
  section(
    'Failed rules',
    withStatus('failed').map((o) => `${o.id} (section ${o.section}): ${o.rule}`),
  );
  for (const known of knownSections(s.knownDeviations)) section(known.title, known.lines);
  section(
    'Target unavailable',
    withStatus('target unavailable').map(
      (o) => `${o.id}: ${o.tests.find((t) => t.outcome === 'unavailable')?.note ?? 'infrastructure trouble'}`,
    ),
  );
  section(
    'Operations never served',
    s.operationsNotServed.map((g) => `${g.operation}: ${g.reason}`),
  );
  section(
    'Not exercised',
    withStatus('not exercised').map((o) => `${o.id}: ${o.notExercised.join('; ')}`),
  );
  section(
    'Skipped',
    withStatus('skipped').map((o) => {
      const needs = configurationNeeds(o);
      // A rule the configuration turned off says only that; its mock-only tests' reasons would hide it.
      const reasons = [
        ...new Set(
          o.tests
            .map((t) => t.note)
            .filter((n): n is string => !!n && (!needs.length || configurationSkip(n) !== undefined)),
        ),
      ];
      const what = needs.length
        ? ` (set ${needs.join(', ')})`
        : ' (not a gap of the configuration: does not keep the run from CONFORMANT)';
      return `${o.id}: ${reasons.join('; ') || 'its tests were skipped'}${what}`;
    }),
  );
  // One line per variable: a rule that passed on what it judged, with a part only a variable lets it judge.
  section(
    'Judged in part for want of a variable',
    withStatus('passed').flatMap((o) => o.notExercised.filter((r) => configurationGap(r)).map((r) => `${o.id}: ${r}`)),
  );
  const notRun = withStatus('not run');
  if (notRun.length)
    lines.push(`Not run (${notRun.length}, no test of them ran): ${notRun.map((o) => o.id).join(', ')}`);
  const notCheckable = withStatus('not checkable on this target');
  if (notCheckable.length)
    lines.push(
      `Not checkable on this target (${notCheckable.length}, the mock's control API): ${notCheckable.map((o) => o.id).join(', ')}`,
    );
  const skippedTests = Object.entries(s.skippedTests).sort((a, b) => b[1] - a[1]);
  if (skippedTests.length)
    lines.push(`Skipped tests by reason: ${skippedTests.map(([reason, n]) => `${n} × ${oneLine(reason)}`).join('; ')}`);
  return lines;
}
