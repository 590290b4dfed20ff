import { coverageFigure, type Coverage } from './coverage.js';
import type { RuleOutcome, Verdict } from './rule-outcomes.js';
import { selectionPhrase } from './rule-selection.js';
import type { OperationGap } from './exercised.js';
import { knownPhrase, type KnownDeviationsJson } from '../known-deviations/known-outcomes.js';
import type { GeneratedSection } from '../test-records/run-wide-records.js';

/** The run's outcome as the conformance reports are written from it, and the verdict line they all print. */
export type ConformanceSummary = {
  target: string;
  /** Which gateway, without its address or merchant (run-identity.ts's targetIdOf). */
  targetId: string;
  /** The rules a limited run selected (--rule, PG_RULES); absent for a whole run. */
  selected?: string[];
  started: string;
  finished: string;
  runStatus: string;
  verdict: Verdict;
  counts: Record<string, number>;
  unavailable: string[];
  outcomes: RuleOutcome[];
  /** A previous run's conformance.json to compare with (--baseline / PG_BASELINE). */
  baseline?: string;
  /** Configuration problems (the preflight's, or found during the run). */
  configuration?: string[];
  /** Operations the run never had served. */
  operations?: OperationGap[];
  /** Skipped tests counted by reason. */
  skippedTests?: Record<string, number>;
  /** What the run covered of the document's fields (reports/coverage.ts); absent when no test recorded it. */
  coverage?: Coverage;
  /**
   * The previous nights' history.json (PG_HISTORY): this run is added to it as tonight, written to
   * `dir/history.json` and drawn on the page. Unset: no history is kept and the page draws none.
   */
  history?: string;
  /** What the known-deviations file did to the run; absent when none was read. */
  knownDeviations?: KnownDeviationsJson;
  /** The generated inputs' seed and how to replay them; absent when no property ran. */
  generated?: GeneratedSection;
};

export function countBy(outcomes: RuleOutcome[]): Record<string, number> {
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
  outcomes: RuleOutcome[],
  coverage?: Coverage,
  known?: KnownDeviationsJson,
  selected?: string[],
): string {
  return `${verdict}${selectionPhrase(outcomes, selected)}: ${verdictFigures(outcomes, coverage, known)}`;
}

/** The verdict line after the verdict: the rules, how many were exercised and passed, every other status. */
export function verdictFigures(outcomes: RuleOutcome[], coverage?: Coverage, known?: KnownDeviationsJson): string {
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
