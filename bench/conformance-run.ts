import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mockCredentialsAsTarget } from '../src/config/child-env.js';
import { cleanEnv, timeCommand } from './processes.js';

/**
 * Which gateway a run judges: the mock `npm run conformance` embeds (the quickstart), a mock process the
 * run drives as a mock (its control API too), or a mock process judged black-box as a sandbox would be.
 */
export type RunTarget = { kind: 'embedded' } | { kind: 'mock' | 'black-box'; url: string };

export type ConformanceRun = {
  wallMs: number;
  /** CPU seconds of the whole `npm run conformance` process tree (an embedded mock included). */
  cpuSeconds: number | undefined;
  /** The most memory that tree held at once, its processes' proportional set sizes added up, in MiB; undefined off Linux. */
  peakMemoryMiB: number | undefined;
  code: number | null;
  verdict: string;
  workers: number | undefined;
  /** Each test's duration in ms, by file and title. */
  tests: Map<string, number>;
};

/** How a run ended, which every figure keeps so a figure from a failing run is named as one. */
export type RunEnd = Pick<ConformanceRun, 'verdict' | 'code'>;

export type Log = (line: string) => void;

// Every run draws the same generated inputs, so runs send the same requests and compare.
const SEED = '1';
const TIMEOUT_MS = 600_000;

type Spec = { title: string; file: string; tests: { projectName: string; results: { duration: number }[] }[] };
type Suite = { specs?: Spec[]; suites?: Suite[] };
type Results = { config?: { metadata?: { actualWorkers?: number } }; suites: Suite[] };

function testDurations(suites: Suite[], into = new Map<string, number>()): Map<string, number> {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        const last = t.results.at(-1);
        if (last) into.set([t.projectName, spec.file, spec.title].filter(Boolean).join(' › '), last.duration);
      }
    }
    testDurations(suite.suites ?? [], into);
  }
  return into;
}

function readJson<T>(path: string): T | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/**
 * One whole `npm run conformance`, its reports in a temporary folder (reports/ is left alone); `env`, what
 * the run gets beyond its target's (a shape other than its default).
 */
export async function conformanceRun(target: RunTarget, env: Record<string, string> = {}): Promise<ConformanceRun> {
  const dir = mkdtempSync(join(tmpdir(), 'pg-bench-'));
  const reports = join(dir, 'reports');
  const targetEnv: Record<string, string> =
    target.kind === 'embedded'
      ? {}
      : target.kind === 'mock'
        ? { PG_BASE_URL: target.url }
        : { ...mockCredentialsAsTarget(), PG_TARGET: 'sandbox', PG_BASE_URL: target.url };
  try {
    const r = await timeCommand(
      'npm',
      ['run', 'conformance'],
      cleanEnv({ ...targetEnv, ...env, PG_SEED: SEED, PG_REPORTS_DIR: reports, PG_RESULTS_DIR: join(dir, 'results') }),
      TIMEOUT_MS,
    );
    const results = readJson<Results>(join(reports, 'results.json'));
    const verdict = readJson<{ verdict: string }>(join(reports, 'conformance.json'))?.verdict;
    if (!verdict) process.stderr.write(`bench: a run wrote no verdict:\n${r.output.slice(-3_000)}\n`);
    return {
      wallMs: r.ms,
      cpuSeconds: r.cpuSeconds,
      peakMemoryMiB: r.peakMemoryMiB,
      code: r.code,
      verdict: r.timedOut ? 'timed out' : (verdict ?? 'no conformance.json'),
      workers: results?.config?.metadata?.actualWorkers,
      tests: testDurations(results?.suites ?? []),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `runs` measurements one after another, each logged as `<what>: run i of runs`. */
export async function measureRuns<T>(runs: number, what: string, log: Log, measure: () => Promise<T>): Promise<T[]> {
  const measured: T[] = [];
  for (let i = 1; i <= runs; i++) {
    log(`${what}: run ${i} of ${runs}`);
    measured.push(await measure());
  }
  return measured;
}

/** The median of the numbers that are finite (a value a run could not give is NaN), or NaN if none is. */
export const median = (xs: number[]): number => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** The largest of the numbers that are finite, or NaN if none is. */
export const maxOf = (xs: number[]): number => {
  const finite = xs.filter(Number.isFinite);
  return finite.length ? Math.max(...finite) : NaN;
};

/** Whether every run ended as a clean run must: CONFORMANT, exit 0. */
export const allConformant = (runs: RunEnd[]): boolean => runs.every((r) => r.verdict === 'CONFORMANT' && r.code === 0);

export const verdicts = (runs: RunEnd[]): string => runs.map((r) => `${r.verdict} (exit ${r.code})`).join(', ');

/** The line under a benchmark's table saying whether its figures come from clean runs. */
export const conformanceNote = (conformant: boolean, verdictList: string): string =>
  conformant ? 'Every run CONFORMANT, exit 0.' : `**Not every run was CONFORMANT**: ${verdictList}.`;

export const seconds = (ms: number): string => (ms / 1000).toFixed(1);

/** A memory figure in whole MiB, or a dash where the run could not give one (off Linux). */
export const mebibytes = (mib: number | undefined): string =>
  mib !== undefined && Number.isFinite(mib) ? `${mib.toFixed(0)} MiB` : '–';
