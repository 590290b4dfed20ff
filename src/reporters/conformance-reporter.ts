import { join } from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { loadRules } from '../catalogue/rules.js';
import { findingDetail, messageDetails } from './test-records/failure-details.js';
import { outOfTime } from './test-records/budget-outcome.js';
import { annotation, type Annotation, type Finding } from '../evidence/annotations.js';
import { ruleOutcomes, verdictOf, type TestRecord } from './model/rule-outcomes.js';
import { applySelection, selectionPhrase, selectionVerdict } from './model/rule-selection.js';
import { problemsPhrase } from '../config/configuration-exit.js';
import { RunWideRecords, type GeneratedInputs } from './test-records/run-wide-records.js';
import { targetIdOf } from './model/run-identity.js';
import { writeConformance } from './write-conformance.js';
import { countBy, verdictFigures, verdictLine } from './model/verdict-line.js';
import { runGaps } from './model/run-gaps.js';
import { CoverageCollector } from './model/coverage.js';
import { dayOf, type KnownDeviations } from '../known-deviations/entry.js';
import { KnownDeviationsError, loadKnownDeviations, shownPath } from '../known-deviations/load.js';
import type { SeenFailure } from '../known-deviations/match.js';
import { entriesFor, recordEntries } from '../known-deviations/record.js';
import type { Source } from '../known-deviations/source.js';
import { applyKnownDeviations, type KnownDeviationsJson } from './known-deviations/known-outcomes.js';

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
   * A finding is redacted where it is made (RuleViolation); this takes the configured keys out once more
   * before it is written, in case a finding or a message came from elsewhere (report-set.ts's keysRedactor). A
   * function, so the keys never stand in the options (Playwright's JSON report lists every reporter's options).
   */
  redactKeys?: (text: string) => string;
  /** The previous nights' history.json to carry forward (PG_HISTORY, read where the reporter is configured). */
  history?: string;
  /** The known-deviations file to apply (known-deviations/source.ts); none when absent. */
  knownDeviations?: Source;
  /** `--record-known`: write an entry for each failure that still counts into that file. */
  recordKnown?: boolean;
};

function annotationsOf(test: TestCase, result: TestResult) {
  const seen = new Set<string>();
  return [...test.annotations, ...(result.annotations ?? [])].filter((a) => {
    const key = `${a.type}\u0000${a.description ?? ''}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/**
 * What stopped a failed test, read from its annotations alone (its error's message is for people): the
 * findings of its failed checks; else a setup mistake or infrastructure trouble, or its time running out,
 * which judged nothing. A test that did not fail stopped on nothing.
 */
type Stop = { findings: Finding[]; misconfigured?: string; unavailable?: string };

function stopOf(result: TestResult, timeoutMs: number, annotations: readonly Annotation[]): Stop {
  if (result.status !== 'failed' && result.status !== 'timedOut') return { findings: [] };
  const findings = annotation.finding.read(annotations);
  if (findings.length) return { findings };
  const misconfigured = annotation.misconfigured.read(annotations)[0];
  if (misconfigured) return { findings, misconfigured };
  // Out of time with no finding is the target's budget, not the contract (budget-outcome.ts).
  const unavailable = annotation.unavailable.read(annotations)[0] ?? outOfTime(result, timeoutMs, annotations);
  return { findings, unavailable };
}

function outcomeOf(result: TestResult, stop: Stop): TestRecord['outcome'] {
  // Interrupted (the run stopped, e.g. --max-failures) judged nothing either way; nor did a setup mistake.
  if (result.status === 'skipped' || result.status === 'interrupted' || stop.misconfigured) return 'skipped';
  if (result.status === 'passed') return 'passed';
  return stop.unavailable ? 'unavailable' : 'failed';
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
  private readonly history: string | undefined;
  private readonly run: Required<Pick<ConformanceReporterOptions, 'target' | 'targetId' | 'generated' | 'redactKeys'>> &
    Pick<ConformanceReporterOptions, 'selected' | 'baseline'>;
  private readonly records: TestRecord[] = [];
  private started = new Date();
  private readonly runWide = new RunWideRecords();
  private readonly coverage = new CoverageCollector();
  private readonly known: Source | undefined;
  private readonly recordKnown: boolean;

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
    this.history = options.history;
    this.known = options.knownDeviations;
    this.recordKnown = options.recordKnown ?? false;
  }

  /** The file's entries, or the sentence saying why it cannot be used (a configuration problem of the run). */
  private knownFile(today: string): { file?: KnownDeviations; json?: KnownDeviationsJson; problem?: string } {
    const empty = { known: [], expired: [], noLongerSeen: [], notForTarget: [] };
    if (!this.known) return {};
    if (!this.known.use) return { json: { ignored: true, ...empty } };
    try {
      const file = loadKnownDeviations(this.known.path, { ruleIds: loadRules().map((r) => r.id), today });
      return { file, json: { file: shownPath(this.known.path), ...empty } };
    } catch (error) {
      if (!(error instanceof KnownDeviationsError)) throw error;
      return { problem: error.problems.join('; ') };
    }
  }

  /** `--record-known`: the failures that still count, written into the file with a blank reason to fill in. */
  private record(failures: SeenFailure[], target: string, today: string): string[] {
    if (!this.recordKnown || !this.known?.use) return [];
    const added = recordEntries(this.known.path, entriesFor(failures, { target, today }, this.run.redactKeys), today);
    const file = shownPath(this.known.path);
    if (!added.length) return [`--record-known: no failure left to record in ${file}.`];
    const rules = [...new Set(added.map((e) => e.rule))].join(', ');
    return [
      `Recorded ${added.length} known deviation${added.length === 1 ? '' : 's'} in ${file} (${rules}; expires ${added[0]!.expires}):`,
      "  fill in each entry's reason (and the vendor's ticket) before the next run: a blank reason stops it with exit 2.",
    ];
  }

  printsToStdio(): boolean {
    return false;
  }

  onBegin(_config: FullConfig, _suite: Suite): void {
    this.started = new Date();
    const seedLine = RunWideRecords.seedLine(this.run.generated);
    if (!this.quiet && seedLine) console.log(seedLine);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const annotations = annotationsOf(test, result);
    const stop = stopOf(result, test.timeout, annotations);
    const violated = [...new Set(stop.findings.map((f) => f.ruleId))];
    // A setup mistake met mid-run (who-answered.ts) judged nothing: the run's verdict is CONFIGURATION ERROR.
    const misconfigured = stop.misconfigured;
    const outcome = outcomeOf(result, stop);
    this.runWide.collect(annotations);
    this.coverage.collect(annotations);
    const judged = annotation.judged.read(annotations);
    const notExercised = annotation.notExercised.read(annotations);
    this.records.push({
      id: test.id,
      title: test.titlePath().filter(Boolean).join(' › '),
      file: test.location.file,
      rules: [
        ...new Set([
          ...annotation.rule.read(annotations),
          ...judged.map((j) => j.ruleId),
          ...notExercised.map((n) => n.ruleId),
        ]),
      ],
      judged,
      notExercised,
      violated,
      outcome,
      skipReason: misconfigured
        ? `not judged: ${misconfigured}`
        : result.status === 'interrupted'
          ? 'interrupted: the run stopped before this test finished'
          : annotation.skip.find(annotations)?.description,
      observations: annotation.observation.read(annotations),
      error: outcome === 'unavailable' ? stop.unavailable : undefined,
      ...gapsOf(annotations, misconfigured),
      failures: outcome === 'failed' ? this.failuresOf(stop.findings, result) : undefined,
    });
  }

  /** The findings of a failed test, else its message: redacted of the configured keys once more. */
  private failuresOf(findings: readonly Finding[], result: TestResult) {
    const redact = this.run.redactKeys;
    if (findings.length) return findings.map((f) => findingDetail(f, redact));
    return messageDetails(redact(result.errors.map((e) => e.message ?? '').join('\n')));
  }

  onEnd(result: FullResult): void {
    const { target, targetId, selected, baseline } = this.run;
    const today = dayOf(new Date());
    const known = this.knownFile(today);
    const judged = applySelection(
      ruleOutcomes(loadRules(), [...this.records, ...this.runWide.records()], target),
      selected,
    );
    const applied = applyKnownDeviations(judged, known.file, { target, today });
    const outcomes = applied.outcomes;
    const knownDeviations = known.json && { ...known.json, ...applied.known, file: known.json.file };
    // A run limited by --rule is judged on its rules alone: operations its selection never calls are no gap.
    const all = runGaps.of(this.records, outcomes);
    if (known.problem) all.configuration.push(known.problem);
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
      history: this.history,
      knownDeviations,
      generated: this.runWide.section(this.run.generated),
    });
    const recorded = this.record(applied.unmatched, target, today);
    if (this.quiet) return;
    const summary = runGaps.consoleText(outcomes, gaps, knownDeviations);
    const report = join(this.outputDir, 'conformance.md');
    // A problem of the configuration found during the run is named on the last line, as the preflight's are:
    // a CI step reads that line; the run's figures follow it.
    const line =
      verdict === 'CONFIGURATION ERROR' && gaps.configuration.length
        ? `Conformance: ${verdict}${selectionPhrase(outcomes, selected)}: ${problemsPhrase(gaps.configuration)} ` +
          `(found during the run: ${verdictFigures(outcomes, coverage, knownDeviations)}; ${report})`
        : `Conformance: ${verdictLine(verdict, outcomes, coverage, knownDeviations, selected)} (${report})`;
    console.log(`\n${summary}${recorded.length ? `${recorded.join('\n')}\n\n` : ''}${line}`);
  }
}
