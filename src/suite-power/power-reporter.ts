import { join } from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { annotation } from '../evidence/annotations.js';
import ConformanceReporter, { type ConformanceReporterOptions } from '../reporters/conformance-reporter.js';
import type { PlanFile } from './projects.js';
import { runFile, runKeyOfFile, safeName, type RunWithUrl } from './run-files.js';
import { skipUnstarted } from './skip-unstarted.js';

/** The suite of the test file a test was collected from (its location is the spec file the run file imports). */
function fileSuiteOf(test: TestCase): Suite | undefined {
  for (let s: Suite | undefined = test.parent; s; s = s.parent) if (s.type === 'file') return s;
  return undefined;
}

/**
 * Passed in by playwright.suite-power.config.ts: the plan it read, what each run's conformance reporter is
 * given (report-set.ts's conformanceOptions), and the ID of each kind of target a run names.
 */
export type SuitePowerOptions = {
  outputDir: string;
  full?: boolean;
  plan: PlanFile;
  conformance: ConformanceReporterOptions;
  targetIds: Record<'mock' | 'sandbox', string>;
};

type Run = { reporter: ConformanceReporter; meta: RunWithUrl; tests: TestCase[]; failed: boolean; caught: boolean };

/**
 * The rules a failed test counts against, as the conformance report counts them: those of its findings,
 * else every rule it is tagged with; none when only the target was unavailable or misconfigured.
 */
export function rulesFailedBy(test: TestCase, result: TestResult): string[] {
  if (result.status !== 'failed' && result.status !== 'timedOut') return [];
  const annotations = [...test.annotations, ...result.annotations];
  const named = annotation.finding.read(annotations).map((f) => f.ruleId);
  if (named.length) return named;
  if (annotation.unavailable.read(annotations).length || annotation.misconfigured.read(annotations).length) return [];
  return annotation.rule.read(test.annotations);
}

export const CAUGHT_NOTE = 'not run: the fault was already caught by a test of its own rule';

/**
 * verify:suite's reporter. One runner carries every run: this files each test under its run (the name
 * of its test file says which, see run-files.ts) and hands each run to a conformance reporter of its own, so every run
 * writes the conformance.json and .md a single run writes, in <outputDir>/<run id>/.
 *
 * It also stops a fault's run early, and only on its own rule: once a test of that rule failed, the run's
 * tests that have not started are skipped without being sent to a worker (skip-unstarted.ts, this
 * project's one write to a Playwright object it does not own, and why).
 */
export default class SuitePowerReporter implements Reporter {
  private readonly runs = new Map<string, Run>();
  /** A test's run, by the test itself: looked up once per test, not per event. */
  private readonly runOf = new Map<TestCase, Run>();
  private finished = 0;
  private lastProgress = Date.now();

  constructor(private readonly options: SuitePowerOptions) {}

  printsToStdio(): boolean {
    return true;
  }

  onBegin(config: FullConfig, suite: Suite): void {
    const { plan, conformance, targetIds } = this.options;
    const byKey = new Map<string, Run>();
    for (const meta of plan.runs) {
      const target = meta.mode === 'mock' ? 'mock' : 'sandbox';
      const outputDir = join(this.options.outputDir, safeName(meta.id));
      const knownDeviations = meta.knownFile ? { use: true as const, path: meta.knownFile, named: true } : undefined;
      const reporter = new ConformanceReporter({
        ...conformance,
        outputDir,
        quiet: true,
        target,
        targetId: targetIds[target],
        knownDeviations,
      });
      reporter.onBegin(config, suite);
      const run: Run = { reporter, meta, tests: [], failed: false, caught: false };
      this.runs.set(meta.id, run);
      const { group, name } = runFile(meta, plan.full);
      byKey.set(`${group}/${name}`, run);
    }
    for (const test of suite.allTests()) {
      // A file suite's title is its path under the runs' folder: <whole|fault>/<spec file>/<run>.spec.ts.
      const run = byKey.get(runKeyOfFile(fileSuiteOf(test)?.title ?? ''));
      if (!run) continue;
      run.tests.push(test);
      this.runOf.set(test, run);
    }
    const planned = `verify:suite: ${this.runs.size} runs, ${suite.allTests().length} tests planned`;
    const faultsRunWhole = plan.runs.filter((r) => r.kind === 'fault' && runFile(r, plan.full).group === 'whole');
    const whole = faultsRunWhole.length
      ? `; ${faultsRunWhole.length} fault runs that only a whole run can show are the whole suite`
      : '';
    console.log(
      this.options.full
        ? `${planned} (every run is the whole suite)`
        : `${planned} (a fault's run is its own rule's tests, and ends at the first of them to fail${whole})`,
    );
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const run = this.runOf.get(test);
    if (!run) return;
    run.reporter.onTestEnd(test, result);
    run.failed ||= result.status === 'failed' || result.status === 'timedOut';
    if (
      run.meta.kind === 'fault' &&
      !run.caught &&
      !this.options.full &&
      rulesFailedBy(test, result).includes(run.meta.rule)
    ) {
      run.caught = true;
      skipUnstarted(run.tests, CAUGHT_NOTE);
    }
    this.finished++;
    if (Date.now() - this.lastProgress > 15_000) {
      this.lastProgress = Date.now();
      console.log(`  ${this.finished} tests done`);
    }
  }

  onEnd(result: FullResult): void {
    for (const { reporter, failed } of this.runs.values()) {
      reporter.onEnd({ ...result, status: result.status === 'passed' && failed ? 'failed' : result.status });
    }
  }
}
