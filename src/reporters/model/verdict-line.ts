import { coverageFigure, type Coverage } from './coverage.js';
import type { Verdict } from './rule-outcomes.js';
import { selectionPhrase } from './rule-selection.js';
import { knownPhrase, type KnownDeviationsJson } from '../known-deviations/known-outcomes.js';

/** A rule as the verdict line counts it: a rule's outcome, or the report's rule. */
type Counted = { status: string };

/** Rules by status. */
export function countBy(outcomes: readonly Counted[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of outcomes) counts[o.status] = (counts[o.status] ?? 0) + 1;
  return counts;
}

/**
 * The verdict with the two numbers kept apart: rules the target let us exercise (Microcks's conformance
 * index, per rule) and rules that passed (its score), then every other status.
 */
export function verdictLine(
  verdict: Verdict,
  outcomes: readonly Counted[],
  coverage?: Coverage,
  known?: KnownDeviationsJson,
  selected?: string[],
): string {
  return `${verdict}${selectionPhrase(outcomes, selected)}: ${verdictFigures(outcomes, coverage, known)}`;
}

/** The verdict line after the verdict: the rules, how many were exercised and passed, every other status. */
export function verdictFigures(outcomes: readonly Counted[], coverage?: Coverage, known?: KnownDeviationsJson): string {
  const judged = new Set<string>(['passed', 'failed', 'known deviation']);
  const exercised = outcomes.filter((o) => judged.has(o.status)).length;
  const applicable = outcomes.filter(
    (o) => o.status !== 'not checkable on this target' && o.status !== 'not selected',
  ).length;
  const counts = countBy(outcomes);
  const failed = counts.failed ? `, ${counts.failed} failed` : '';
  const rest = Object.entries(counts)
    .filter(([status]) => !judged.has(status))
    .map(([status, n]) => `${n} ${status}`);
  const accepted = knownPhrase(outcomes, known);
  const passed = `${counts.passed ?? 0} passed${failed}${accepted ? `, ${accepted}` : ''}`;
  const figure = coverage ? `; ${coverageFigure(coverage)}` : '';
  return (
    `${outcomes.length} rules; ${exercised} of ` +
    `${applicable} applicable exercised, ${passed}${rest.length ? `; ${rest.join(', ')}` : ''}${figure}`
  );
}
