import { join } from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import ConformanceReporter, { type ConformanceReporterOptions } from '../reporters/conformance-reporter.js';
import type { PlanFile } from './projects.js';
import { runFile, runKeyOfFile, safeName, type RunWithUrl } from './run-files.js';

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
  plan: PlanFile;
  conformance: ConformanceReporterOptions;
  targetIds: Record<'mock' | 'sandbox', string>;
};

type Run = { reporter: ConformanceReporter; meta: RunWithUrl; failed: boolean };

/**
 * verify:suite's reporter. One runner carries every run: this files each test under its run (the name
 * of its test file says which, see run-files.ts) and hands each run to a conformance reporter of its own, so every run
 * writes the conformance.json and .md a single run writes, in <outputDir>/<run id>/.
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
      const run: Run = { reporter, meta, failed: false };
      this.runs.set(meta.id, run);
      const { group, name } = runFile(meta, plan.full);
      byKey.set(`${group}/${name}`, run);
    }
    for (const test of suite.allTests()) {
      // A file suite's title is its path under the runs' folder: <whole|fault>/<spec file>/<run>.spec.ts.
      const run = byKey.get(runKeyOfFile(fileSuiteOf(test)?.title ?? ''));
      if (run) this.runOf.set(test, run);
    }
    const planned = `verify:suite: ${this.runs.size} runs, ${suite.allTests().length} tests planned`;
    const faultsRunWhole = plan.runs.filter((r) => r.kind === 'fault' && runFile(r, plan.full).group === 'whole');
    const whole = faultsRunWhole.length
      ? `; ${faultsRunWhole.length} fault runs that only a whole run can show are the whole suite`
      : '';
    console.log(
      plan.full
        ? `${planned} (every run is the whole suite)`
        : `${planned} (a fault's run is its own rule's tests${whole})`,
    );
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const run = this.runOf.get(test);
    if (!run) return;
    run.reporter.onTestEnd(test, result);
    run.failed ||= result.status === 'failed' || result.status === 'timedOut';
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
