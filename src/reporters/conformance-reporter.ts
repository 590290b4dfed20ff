import { join } from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { rulesViolatedIn } from '../contract/rule-violation.js';
import { loadRules } from '../contract/rules.js';
import { UNAVAILABLE_TAG } from '../contract/target-unavailable.js';
import { failureDetails } from './failure-details.js';
import { parseObservation } from './observation.js';
import { outOfTime } from './budget-outcome.js';
import { JUDGED, NOT_EXERCISED, parseJudged, parseNotExercised } from './judged.js';
import { ruleOutcomes, verdictOf, type TestRecord } from './rule-outcomes.js';
import { applySelection, selectionVerdict } from './rule-selection.js';
import { RunInvariants, type GeneratedInputs } from './run-invariants.js';
import { targetIdOf } from './run-identity.js';
import { countBy, verdictLine, writeConformance } from './write-conformance.js';
import { runGaps } from './run-gaps.js';
import { CoverageCollector } from './coverage.js';

/**
 * What the run is, passed in by the Playwright config (report-set.ts builds it from the environment once):
 * a reporter reads no environment of its own, so one runner can carry runs of different targets.
 */
export type ConformanceReporterOptions = {
  outputDir?: string;
  quiet?: boolean;
  /** What the verdict names: mock, sandbox or production (PG_TARGET). */
  target?: string;
  /** Which gateway, without its address or merchant (run-identity.ts's targetIdOf). */
  targetId?: string;
  /** The rules a limited run selected (--rule, PG_RULES). */
  selected?: string[];
  /** A previous run's conformance.json to compare with (--baseline, PG_BASELINE). */
  baseline?: string;
  generated?: GeneratedInputs;
  /**
   * A failure message is redacted where it is made (RuleViolation); this takes the configured keys out once
   * more before it is written, in case a message came from elsewhere (report-set.ts's keysRedactor). A
   * function, so the keys never stand in the options (Playwright's JSON report lists every reporter's options).
   */
  redactKeys?: (text: string) => string;
};


function annotationsOf(test: TestCase, result: TestResult) {
  const seen = new Set<string>();
  return [...test.annotations, ...(result.annotations ?? [])].filter((a) => {
    const key = `${a.type}\u0000${a.description ?? ''}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** A test stopped only by infrastructure trouble (no rule violation seen) judged nothing. */
function outcomeOf(result: TestResult, errorText: string, violated: string[]): TestRecord['outcome'] {
  // Interrupted (the run stopped, e.g. --max-failures) judged nothing either way.
  if (result.status === 'skipped' || result.status === 'interrupted') return 'skipped';
  if (result.status === 'passed') return 'passed';
  return errorText.includes(UNAVAILABLE_TAG) && violated.length === 0 ? 'unavailable' : 'failed';
}

/** Writes conformance.md and .json: every rule of the catalogue with its tests, outcome and observations. */
export default class ConformanceReporter implements Reporter {
  private readonly outputDir: string;
  private readonly quiet: boolean;
  private readonly run: Required<Pick<ConformanceReporterOptions, 'target' | 'targetId' | 'generated' | 'redactKeys'>>
    & Pick<ConformanceReporterOptions, 'selected' | 'baseline'>;
  private readonly records: TestRecord[] = [];
  private started = new Date();
  private readonly runWide = new RunInvariants();
  private readonly coverage = new CoverageCollector();

  constructor(options: ConformanceReporterOptions = {}) {
    this.outputDir = options.outputDir ?? 'reports';
    this.quiet = options.quiet ?? false;
    const target = options.target ?? 'mock';
    this.run = {
      target,
      targetId: options.targetId ?? targetIdOf(target, {}),
      selected: options.selected,
      baseline: options.baseline,
      generated: options.generated ?? { seed: undefined, runsPerProperty: 0 },
      redactKeys: options.redactKeys ?? ((text) => text),
    };
  }

  printsToStdio(): boolean {
    return false;
  }

  onBegin(_config: FullConfig, _suite: Suite): void {
    this.started = new Date();
    const seedLine = RunInvariants.seedLine(this.run.generated);
    if (!this.quiet && seedLine) console.log(seedLine);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const annotations = annotationsOf(test, result);
    const errors = result.errors.map((e) => e.message ?? '').join('\n');
    const violated = [...new Set(rulesViolatedIn(errors))];
    // Out of time with no violation seen is the target's budget, not the contract (budget-outcome.ts).
    const timedOut = violated.length ? undefined : outOfTime(result, test.timeout, annotations);
    const errorText = timedOut ? `${timedOut}\n${errors}` : errors;
    const outcome = outcomeOf(result, errorText, violated);
    this.runWide.collect(annotations);
    this.coverage.collect(annotations);
    const of = <T>(type: string, parse: (d: string) => T | undefined) =>
      annotations.filter((a) => a.type === type).map((a) => parse(a.description ?? '')).filter((x): x is T => x !== undefined);
    const judged = of(JUDGED, parseJudged);
    const notExercised = of(NOT_EXERCISED, parseNotExercised);
    this.records.push({
      id: test.id,
      title: test.titlePath().filter(Boolean).join(' › '),
      file: test.location.file,
      rules: [...new Set([...annotations.filter((a) => a.type === 'rule').map((a) => a.description ?? ''), ...judged.map((j) => j.ruleId), ...notExercised.map((n) => n.ruleId)])],
      judged,
      notExercised,
      violated,
      outcome,
      skipReason: result.status === 'interrupted' ? 'interrupted: the run stopped before this test finished' : annotations.find((a) => a.type === 'skip')?.description,
      observations: annotations.filter((a) => a.type === 'observation').flatMap((a) => parseObservation(a.description ?? '') ?? []),
      error: outcome === 'failed' || outcome === 'unavailable' ? errorText.split('\n')[0] : undefined,
      ...runGaps.annotationsOf(annotations),
      failures: outcome === 'failed' ? failureDetails(this.run.redactKeys(errorText)) : undefined,
    });
  }

  onEnd(result: FullResult): void {
    const { target, targetId, selected, baseline } = this.run;
    const outcomes = applySelection(ruleOutcomes(loadRules(), [...this.records, ...this.runWide.records()], target), selected);
    // A run limited by --rule is judged on its rules alone: operations its selection never calls are no gap.
    const all = runGaps.of(this.records, outcomes);
    const gaps = selected ? { ...all, operations: [] } : all;
    const verdict = selectionVerdict(verdictOf(outcomes, gaps), outcomes);
    const coverage = this.coverage.coverage();
    const unavailable = [...new Set(this.records.filter((r) => r.outcome === 'unavailable').map((r) => r.error ?? ''))];
    writeConformance(this.outputDir, {
      target,
      targetId,
      selected,
      started: this.started.toISOString(),
      finished: new Date().toISOString(),
      runStatus: result.status,
      verdict,
      counts: countBy(outcomes),
      unavailable,
      outcomes,
      baseline,
      ...gaps,
      coverage,
    });
    this.runWide.appendTo(this.outputDir, this.run.generated);
    if (!this.quiet) console.log(`\n${runGaps.consoleText(outcomes, gaps)}Conformance: ${verdictLine(verdict, outcomes, coverage, selected)} (${join(this.outputDir, 'conformance.md')})`);
  }
}
