import { basename, join } from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { loadRules } from '../catalogue/rules.js';
import { finishedTest, judgeRules, verdictOf, type FinishedTest } from './model/rule-outcomes.js';
import { selectionVerdict } from './model/rule-selection.js';
import { RunWideRecords, type GeneratedInputs } from './model/run-wide-records.js';
import { targetIdOf } from './model/run-identity.js';
import { writeReportFiles } from '../config/output-folders.js';
import { conformancePage } from './formats/html/conformance-html.js';
import { conformanceJunit } from './formats/junit.js';
import { conformanceMarkdown } from './formats/markdown.js';
import { HISTORY_FILE, historyText, nightOf, readHistory, withNight, type Night } from './history/night-history.js';
import { conformanceReport, type ConformanceReport, type JudgedRun } from './model/conformance-report.js';
import type { VerdictMessage } from './model/verdict-message.js';
import { consoleEnding } from './formats/console.js';
import { runGaps } from './model/run-gaps.js';
import { CoverageCollector } from './model/coverage.js';
import { dayOf, type KnownDeviations } from '../known-deviations/entry.js';
import { KnownDeviationsError, loadKnownDeviations, shownPath } from '../known-deviations/load.js';
import type { SeenFailure } from '../known-deviations/match.js';
import { entriesFor, recordEntries } from '../known-deviations/record.js';
import type { Source } from '../known-deviations/source.js';
import type { KnownDeviationsJson } from './known-deviations/known-outcomes.js';

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
  /**
   * Send the verdict to the parent process over its IPC channel (verdict-message.ts): `npm run conformance`
   * exits by it, whether or not the reports reached the disk.
   */
  verdictToParent?: boolean;
};

/**
 * Reads each finished test into its record, judges the run at its end and writes its reports
 * (writeConformance below): every rule of the catalogue with its tests, outcome, findings and observations.
 */
export default class ConformanceReporter implements Reporter {
  private readonly run: Required<Pick<ConformanceReporterOptions, 'target' | 'targetId' | 'generated' | 'redactKeys'>>;
  private readonly records: FinishedTest[] = [];
  /** The lowest limit any test's worker had learned, by scope. */
  private readonly learnedLimits = new Map<string, number>();
  private started = new Date();
  private readonly runWide = new RunWideRecords();
  private readonly coverage = new CoverageCollector();

  constructor(private readonly options: ConformanceReporterOptions = {}) {
    const target = options.target ?? 'mock';
    this.run = {
      target,
      targetId: options.targetId ?? targetIdOf(target, {}),
      generated: options.generated ?? { seed: undefined, runsPerProperty: 0 },
      redactKeys: options.redactKeys ?? ((text) => text),
    };
  }

  /** The file's entries, or the sentence saying why it cannot be used (a configuration problem of the run). */
  private knownFile(today: string): { file?: KnownDeviations; json?: KnownDeviationsJson; problem?: string } {
    const empty = { known: [], expired: [], noLongerSeen: [], notForTarget: [] };
    const known = this.options.knownDeviations;
    if (!known) return {};
    if (!known.use) return { json: { ignored: true, ...empty } };
    try {
      const file = loadKnownDeviations(known.path, { ruleIds: loadRules().map((r) => r.id), today });
      return { file, json: { file: shownPath(known.path), ...empty } };
    } catch (error) {
      if (!(error instanceof KnownDeviationsError)) throw error;
      return { problem: error.problems.join('; ') };
    }
  }

  /** `--record-known`: the failures that still count, written into the file with a blank reason to fill in. */
  private record(failures: SeenFailure[], target: string, today: string): string[] {
    const known = this.options.knownDeviations;
    if (!this.options.recordKnown || !known?.use) return [];
    const added = recordEntries(known.path, entriesFor(failures, { target, today }, this.run.redactKeys), today);
    const file = shownPath(known.path);
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
    if (!this.options.quiet && seedLine) console.log(seedLine);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const finished = finishedTest(test, result, this.run.redactKeys);
    this.runWide.collect(finished);
    this.coverage.collect(finished.coverage);
    for (const { scope, perSecond } of finished.learnedLimits ?? [])
      this.learnedLimits.set(scope, Math.min(perSecond, this.learnedLimits.get(scope) ?? Infinity));
    this.records.push(finished);
  }

  async onEnd(result: FullResult): Promise<void> {
    const { target, targetId } = this.run;
    const { selected, baseline } = this.options;
    const outputDir = this.options.outputDir ?? 'reports';
    const today = dayOf(new Date());
    const known = this.knownFile(today);
    const applied = judgeRules(loadRules(), [...this.records, ...this.runWide.records()], {
      target,
      selected,
      known: { file: known.file, today },
    });
    const outcomes = applied.outcomes;
    const knownDeviations = known.json && { ...known.json, ...applied.known, file: known.json.file };
    // A run limited by --rule is judged on its rules alone: operations its selection never calls are no gap.
    const all = runGaps(this.records, outcomes);
    if (known.problem) all.configuration.push(known.problem);
    const gaps = selected ? { ...all, operations: [] } : all;
    const { report, notWritten } = writeConformance(
      outputDir,
      {
        target,
        targetId,
        selected,
        started: this.started.toISOString(),
        finished: new Date().toISOString(),
        runStatus: result.status,
        verdict: selectionVerdict(verdictOf(outcomes, gaps), outcomes),
        unavailable: [...new Set(this.records.filter((r) => r.outcome === 'unavailable').map((r) => r.error ?? ''))],
        outcomes,
        baseline,
        ...gaps,
        coverage: this.coverage.coverage(),
        knownDeviations,
        generated: this.runWide.section(this.run.generated),
        learnedLimits: [...this.learnedLimits].map(([scope, perSecond]) => ({ scope, perSecond })),
      },
      this.options.history,
    );
    const recorded = this.record(applied.unmatched, target, today);
    if (!this.options.quiet)
      console.log(
        consoleEnding(report, { selected, reportPath: join(outputDir, 'conformance.md'), recorded, notWritten }),
      );
    if (this.options.verdictToParent)
      await tellParent({
        kind: 'conformance-verdict',
        verdict: report.verdict,
        runStatus: result.status,
        ...(notWritten && { notWritten }),
      });
  }
}

/** Resolves once the message is handed to the channel: Playwright may exit as soon as onEnd returns. */
function tellParent(message: VerdictMessage): Promise<void> {
  const send = process.send?.bind(process);
  if (!send) return Promise.resolve();
  return new Promise((resolve) => send(message, undefined, {}, () => resolve()));
}

/**
 * The report of a run, and, when the file system refused a file (a full disk, a folder removed or replaced
 * during the run), the sentence saying which and why: the verdict stands without its files.
 */
export type WrittenReport = { report: ConformanceReport; notWritten?: string };

/**
 * Writes conformance.json, .md, .html and junit.xml into `dir`, each from the one report built here, and
 * history.json when a history is kept: `history` names the previous nights' file (PG_HISTORY), this run is
 * added to it as tonight and the page draws them. Returns the report, for the console to print from; a write
 * that fails stops the writing and is said in `notWritten`, never thrown.
 */
export function writeConformance(dir: string, run: JudgedRun, history?: string): WrittenReport {
  const report = conformanceReport(run);
  // The folder first, as before any file: the history is read only for a folder that could be made.
  const folder = writeReportFiles(dir, []).notWritten;
  if (folder) return { report, notWritten: `${folder}; no report was written` };
  const nights =
    history === undefined ? undefined : carriedHistory(history, nightOf(report, report.knownDeviations?.known));
  const { files, notWritten } = writeReportFiles(dir, [
    ...(nights ? [[HISTORY_FILE, historyText(nights)] as const] : []),
    ['conformance.json', conformanceJson(report)],
    ['conformance.md', conformanceMarkdown(report)],
    ['conformance.html', conformancePage(report, nights)],
    ['junit.xml', conformanceJunit(report)],
  ]);
  if (notWritten === undefined) return { report };
  const written = files.map((file) => basename(file)).filter((name) => name !== HISTORY_FILE);
  const kept =
    written.length > 0
      ? `only ${written.join(', ')} ${written.length === 1 ? 'was' : 'were'} written`
      : 'no report was written';
  return { report, notWritten: `${notWritten}; ${kept}` };
}

/** The previous nights and tonight, for history.json beside the reports, for the next night to read. */
function carriedHistory(previous: string, tonight: Night): Night[] {
  const { nights, note } = readHistory(previous);
  if (note) console.error(note);
  return withNight(nights, tonight);
}

/** conformance.json: the report as it is, for the next run's drift, the CI summary and the cutover to read. */
export function conformanceJson(report: ConformanceReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
