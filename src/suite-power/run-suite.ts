import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { environmentWithoutSuiteVariables, mockCredentialsAsTarget } from '../config/child-env.js';
import { startMock } from '../mock/start.js';
import type { Mode, PlannedRun } from './plan.js';

export type RunOutcome = PlannedRun & {
  verdict: string;
  failedRules: string[];
  ok: boolean;
  seconds: number;
  detail?: string;
};

const PLAYWRIGHT_CLI = join('node_modules', '@playwright', 'test', 'cli.js');

/** The child sees only what this run sets: nothing from the user's PG_ or MOCK_ environment leaks in. */
function childEnv(mode: Mode, baseUrl: string, dir: string, workers: number): NodeJS.ProcessEnv {
  return {
    ...environmentWithoutSuiteVariables(),
    ...mockCredentialsAsTarget(),
    PG_TARGET: mode === 'mock' ? 'mock' : 'sandbox',
    PG_BASE_URL: baseUrl,
    PG_REPORT_SET: 'conformance',
    PG_REPORTS_DIR: dir,
    PG_RESULTS_DIR: join(dir, 'test-results'),
    PG_WORKERS: String(workers),
  };
}

/** Runs the whole conformance suite once against a fresh mock carrying one fault or one variation. */
export type RunOptions = { workers: number; /** fault runs stop at their first failing test unless set */ full: boolean };

export async function runSuite(run: PlannedRun, workDir: string, options: RunOptions): Promise<RunOutcome> {
  const started = performance.now();
  const dir = join(workDir, `${run.kind}-${run.name}-${run.mode}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const mock = await startMock(run.kind === 'fault' ? { faults: [run.name] } : { variants: [run.name] });
  let stderr = '';
  try {
    await new Promise<number>((resolve, reject) => {
      // One failure is enough to call a fault caught, and Playwright restarts a worker after every failed
      // test; stopping there keeps ~200 runs inside npm test's budget. `--full` lists every failing rule.
      const args = [PLAYWRIGHT_CLI, 'test', ...(run.kind === 'fault' && !options.full ? ['--max-failures=1'] : [])];
      const child = spawn(process.execPath, args, { env: childEnv(run.mode, mock.url, dir, options.workers), stdio: ['ignore', 'ignore', 'pipe'] });
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('error', reject);
      child.on('exit', (code) => resolve(code ?? 1));
    });
  } finally {
    await mock.close();
  }
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  let report: { verdict: string; rules: { id: string; status: string }[] };
  try {
    report = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8'));
  } catch {
    return { ...run, verdict: 'ERROR', failedRules: [], ok: false, seconds, detail: `no conformance report: ${stderr.slice(0, 400)}` };
  }
  const failedRules = report.rules.filter((r) => r.status === 'failed').map((r) => r.id);
  // A variation passes when no rule failed: one that leaves rules nothing to judge (an empty vault) is not a failure.
  const ok = run.expected === 'caught' ? report.verdict === 'NON-CONFORMANT' : report.verdict === 'CONFORMANT' || report.verdict === 'NOT FULLY EXERCISED';
  return { ...run, verdict: report.verdict, failedRules, ok, seconds };
}
