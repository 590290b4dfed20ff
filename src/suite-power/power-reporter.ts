import { join } from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { MISCONFIGURED_TAG } from '../contract/target-misconfigured.js';
import { UNAVAILABLE_TAG } from '../contract/target-unavailable.js';
import ConformanceReporter from '../reporters/conformance-reporter.js';
import type { PlannedRun } from './plan.js';
import { readPlanFile } from './projects.js';
import { runFile, runKeyOfFile, safeName } from './run-files.js';

type Options = { outputDir: string; full?: boolean };

type Run = { reporter: ConformanceReporter; meta: PlannedRun; target: string; tests: TestCase[]; failed: boolean; caught: boolean };

// As in the conformance reporter: a RuleViolation message starts "[TOK-8] …".
const VIOLATION = /^(?:[A-Za-z]+: )?\[([A-Z]+-[0-9]+)\]/gm;

/**
 * The rules a failed test counts against, as the conformance report counts them: those its failure names,
 * else every rule it is tagged with; none when only the target was unavailable or misconfigured.
 */
export function rulesFailedBy(test: TestCase, result: TestResult): string[] {
  if (result.status !== 'failed' && result.status !== 'timedOut') return [];
  const text = result.errors.map((e) => e.message ?? '').join('\n');
  const named = [...text.matchAll(VIOLATION)].map((m) => m[1] ?? '');
  if (named.length) return named;
  if (text.includes(UNAVAILABLE_TAG) || text.includes(MISCONFIGURED_TAG)) return [];
  return test.annotations.filter((a) => a.type === 'rule').map((a) => a.description ?? '');
}

export const CAUGHT_NOTE = 'not run: the fault was already caught by a test of its own rule';

/**
 * verify:suite's reporter. One runner carries every run: this files each test under its run (the name
 * of its test file says which, see run-files.ts) and hands each run to a conformance reporter of its own, so every run
 * writes the conformance.json and .md a single run writes, in <outputDir>/<run id>/.
 *
 * It also stops a fault's run early, and only on its own rule: once a test of that rule failed, the run's
 * tests that have not started are marked skipped, and Playwright skips every job (a test file) whose
 * tests are all marked, without sending it to a worker; a file already in a worker runs to its end.
 * (That marks TestCase.expectedStatus, which Playwright reads before it sends a job; if a later Playwright
 * stops honouring it, those tests simply run, and only time is lost.)
 */
export default class SuitePowerReporter implements Reporter {
  private readonly runs = new Map<string, Run>();
  /** A test's run, by the test itself: looked up once per test, not per event. */
  private readonly runOf = new Map<TestCase, Run>();
  private finished = 0;
  private lastProgress = Date.now();

  constructor(private readonly options: Options) {}

  printsToStdio(): boolean {
    return true;
  }

  onBegin(config: FullConfig, suite: Suite): void {
    const plan = readPlanFile();
    const byKey = new Map<string, Run>();
    for (const meta of plan.runs) {
      const reporter = new ConformanceReporter({ outputDir: join(this.options.outputDir, safeName(meta.id)), quiet: true });
      reporter.onBegin(config, suite);
      const run: Run = { reporter, meta, target: meta.mode === 'mock' ? 'mock' : 'sandbox', tests: [], failed: false, caught: false };
      this.runs.set(meta.id, run);
      const { group, name } = runFile(meta, plan.full);
      byKey.set(`${group}/${name}`, run);
    }
    for (const test of suite.allTests()) {
      // The file's title is its path under the runs' folder: <whole|fault>/<spec file>/<run>.spec.ts.
      const run = byKey.get(runKeyOfFile(test.parent.titlePath()[2] ?? ''));
      if (!run) continue;
      run.tests.push(test);
      this.runOf.set(test, run);
    }
    console.log(`verify:suite: ${this.runs.size} runs, ${suite.allTests().length} tests planned (a fault's run ends at the first failure of its own rule)`);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const run = this.runOf.get(test);
    if (!run) return;
    run.reporter.onTestEnd(test, result);
    run.failed ||= result.status === 'failed' || result.status === 'timedOut';
    if (run.meta.kind === 'fault' && !run.caught && !this.options.full && rulesFailedBy(test, result).includes(run.meta.rule)) {
      run.caught = true;
      for (const t of run.tests) {
        if (t.results.length) continue;
        (t as { expectedStatus: string }).expectedStatus = 'skipped';
        t.annotations.push({ type: 'skip', description: CAUGHT_NOTE });
      }
    }
    this.finished++;
    if (Date.now() - this.lastProgress > 15_000) {
      this.lastProgress = Date.now();
      console.log(`  ${this.finished} tests done`);
    }
  }

  onEnd(result: FullResult): void {
    // The conformance reporter names the target from PG_TARGET; each run has its own.
    const saved = process.env.PG_TARGET;
    try {
      for (const { reporter, target, failed } of this.runs.values()) {
        process.env.PG_TARGET = target;
        reporter.onEnd({ ...result, status: result.status === 'passed' && failed ? 'failed' : result.status });
      }
    } finally {
      if (saved === undefined) delete process.env.PG_TARGET;
      else process.env.PG_TARGET = saved;
    }
  }
}
