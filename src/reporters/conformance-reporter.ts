import { join } from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { Redactor } from '../contract/redact.js';
import { loadRules } from '../contract/rules.js';
import { misconfiguration } from '../contract/target-misconfigured.js';
import { UNAVAILABLE_TAG } from '../contract/target-unavailable.js';
import { failureDetails } from './failure-details.js';
import { parseObservation } from './observation.js';
import { outOfTime } from './budget-outcome.js';
import { JUDGED, NOT_EXERCISED, parseJudged, parseNotExercised } from './judged.js';
import { ruleOutcomes, verdictOf, type TestRecord } from './rule-outcomes.js';
import { applySelection, selectedRules, selectionVerdict } from './rule-selection.js';
import { RunInvariants } from './run-invariants.js';
import { countBy, verdictLine, writeConformance } from './write-conformance.js';
import { runGaps } from './run-gaps.js';
import { CoverageCollector } from './coverage.js';

type Options = { outputDir?: string; quiet?: boolean };

// A RuleViolation message starts "[TOK-8] …"; Playwright may prefix it with the error name.
const VIOLATION = /^(?:[A-Za-z]+: )?\[([A-Z]+-[0-9]+)\]/gm;

function annotationsOf(test: TestCase, result: TestResult) {
  const seen = new Set<string>();
  return [...test.annotations, ...(result.annotations ?? [])].filter((a) => {
    const key = `${a.type}\u0000${a.description ?? ''}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/**
 * A failure message is redacted where it is made (RuleViolation); the configured keys are taken out once more
 * before it is written, in case a message came from elsewhere. Only the keys: a reproduce line of a mock run
 * writes the suite's own card numbers as sent.
 */
function keysRedacted(text: string): string {
  return new Redactor([process.env.PG_API_KEY, process.env.PG_VENDOR_API_KEY].filter((k): k is string => !!k)).text(text, () => true);
}

/** A test stopped only by infrastructure trouble (no rule violation seen) judged nothing. */
function outcomeOf(result: TestResult, errorText: string, violated: string[]): TestRecord['outcome'] {
  // Interrupted (the run stopped, e.g. --max-failures) judged nothing either way.
  if (result.status === 'skipped' || result.status === 'interrupted') return 'skipped';
  if (result.status === 'passed') return 'passed';
  return errorText.includes(UNAVAILABLE_TAG) && violated.length === 0 ? 'unavailable' : 'failed';
}

/** The run-gap parts of a test record, with a configuration problem its failure met added. */
function gapsOf(annotations: ReturnType<typeof annotationsOf>, misconfigured: string | undefined) {
  const gaps = runGaps.annotationsOf(annotations);
  return misconfigured ? { ...gaps, configuration: [...(gaps.configuration ?? []), misconfigured] } : gaps;
}

/** Writes conformance.md and .json: every rule of the catalogue with its tests, outcome and observations. */
export default class ConformanceReporter implements Reporter {
  private readonly outputDir: string;
  private readonly quiet: boolean;
  private readonly records: TestRecord[] = [];
  private started = new Date();
  private readonly runWide = new RunInvariants();
  private readonly coverage = new CoverageCollector();

  constructor(options: Options = {}) {
    this.outputDir = options.outputDir ?? 'reports';
    this.quiet = options.quiet ?? false;
  }

  printsToStdio(): boolean {
    return false;
  }

  onBegin(_config: FullConfig, _suite: Suite): void {
    this.started = new Date();
    const seedLine = RunInvariants.seedLine();
    if (!this.quiet && seedLine) console.log(seedLine);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const annotations = annotationsOf(test, result);
    const errors = result.errors.map((e) => e.message ?? '').join('\n');
    const violated = [...new Set([...errors.matchAll(VIOLATION)].map((m) => m[1] ?? ''))];
    // Out of time with no violation seen is the target's budget, not the contract (budget-outcome.ts).
    const timedOut = violated.length ? undefined : outOfTime(result, test.timeout, annotations);
    const errorText = timedOut ? `${timedOut}\n${errors}` : errors;
    // A setup mistake met mid-run (who-answered.ts) judged nothing: the run's verdict is CONFIGURATION ERROR.
    const misconfigured = violated.length ? undefined : misconfiguration(errorText);
    const outcome = misconfigured ? 'skipped' : outcomeOf(result, errorText, violated);
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
      skipReason: misconfigured ? `not judged: ${misconfigured}`
        : result.status === 'interrupted' ? 'interrupted: the run stopped before this test finished'
        : annotations.find((a) => a.type === 'skip')?.description,
      observations: annotations.filter((a) => a.type === 'observation').flatMap((a) => parseObservation(a.description ?? '') ?? []),
      error: outcome === 'failed' || outcome === 'unavailable' ? errorText.split('\n')[0] : undefined,
      ...gapsOf(annotations, misconfigured),
      failures: outcome === 'failed' ? failureDetails(keysRedacted(errorText)) : undefined,
    });
  }

  onEnd(result: FullResult): void {
    const target = process.env.PG_TARGET || 'mock';
    const selected = selectedRules(process.env);
    const outcomes = applySelection(ruleOutcomes(loadRules(), [...this.records, ...this.runWide.records()], target), selected);
    // A run limited by --rule is judged on its rules alone: operations its selection never calls are no gap.
    const all = runGaps.of(this.records, outcomes);
    const gaps = selected ? { ...all, operations: [] } : all;
    const verdict = selectionVerdict(verdictOf(outcomes, gaps), outcomes);
    const coverage = this.coverage.coverage();
    const unavailable = [...new Set(this.records.filter((r) => r.outcome === 'unavailable').map((r) => r.error ?? ''))];
    writeConformance(this.outputDir, {
      target,
      started: this.started.toISOString(),
      finished: new Date().toISOString(),
      runStatus: result.status,
      verdict,
      counts: countBy(outcomes),
      unavailable,
      outcomes,
      baseline: process.env.PG_BASELINE || undefined,
      ...gaps,
      coverage,
    });
    this.runWide.appendTo(this.outputDir);
    if (!this.quiet) console.log(`\n${runGaps.consoleText(outcomes, gaps)}Conformance: ${verdictLine(verdict, outcomes, coverage)} (${join(this.outputDir, 'conformance.md')})`);
  }
}
