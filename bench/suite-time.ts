import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanEnv, timeCommand } from './processes.js';
import type { SuiteRun, Target } from './report.js';

/** Targets of the suite's own cost (issue 11): one run against the embedded mock, and verify:suite. */
export const ONE_RUN_TARGET_MS = 5_000;
export const VERIFY_SUITE_TARGET_MS = 180_000;
const SUITE_TIMEOUT_MS = 180_000;
const VERIFY_TIMEOUT_MS = 1_800_000;
const ONE_RUN_REPEATS = 3;
const NODE_TSX = [process.execPath, ['--import', 'tsx']] as const;

type RuleStatuses = Map<string, string>;

/** Each rule's status from a run's conformance.json, or undefined when the run wrote none. */
function ruleStatuses(reportsDir: string): RuleStatuses | undefined {
  try {
    const report = JSON.parse(readFileSync(join(reportsDir, 'conformance.json'), 'utf8')) as {
      rules: { id: string; status: string }[];
    };
    return new Map(report.rules.map((r) => [r.id, r.status]));
  } catch {
    return undefined;
  }
}

/** Folds the shards' statuses: failed anywhere is failed, else passed anywhere is passed (a shard runs only part of the rules). */
function verdictOf(runs: (RuleStatuses | undefined)[]): string {
  if (runs.some((r) => r === undefined)) return 'no conformance.json';
  const ids = new Set(runs.flatMap((r) => [...(r as RuleStatuses).keys()]));
  const counts = new Map<string, number>();
  for (const id of ids) {
    const statuses = runs.map((r) => r?.get(id));
    const status = statuses.includes('failed')
      ? 'failed'
      : statuses.includes('passed')
        ? 'passed'
        : (statuses.find((x) => x !== 'not run') ?? 'not run');
    counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  return [...counts].map(([status, n]) => `${n} ${status}`).join(', ');
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/**
 * Wall time of the suite against its embedded mock: one run (median of three, after one unmeasured run
 * that fills Playwright's transform cache), two shards at once, and with `verifySuite` the whole of
 * `npm run verify:suite` (minutes: every fault and variation in both modes).
 */
export async function suiteTimes(log: (line: string) => void, options: { verifySuite: boolean }): Promise<SuiteRun[]> {
  const [node, flags] = NODE_TSX;
  const tmp = mkdtempSync(join(tmpdir(), 'pg-bench-'));
  const run = async (name: string, extra: string[]) => {
    const reports = join(tmp, name, 'reports');
    const result = await timeCommand(
      node,
      [...flags, 'scripts/conformance.ts', ...extra],
      cleanEnv({ PG_REPORTS_DIR: reports, PG_RESULTS_DIR: join(tmp, name, 'results') }),
      SUITE_TIMEOUT_MS,
    );
    if (result.timedOut || result.code === null)
      log(
        `${name}: ${result.timedOut ? 'timed out' : 'did not run'}:\n${result.output.trim().split('\n').slice(-15).join('\n')}`,
      );
    return { ...result, rules: ruleStatuses(reports) };
  };
  const runs: SuiteRun[] = [];
  try {
    log(`npm run conformance, 1 + ${ONE_RUN_REPEATS} times`);
    await run('warm-up', []);
    const singles = [];
    for (let i = 0; i < ONE_RUN_REPEATS; i++) singles.push(await run(`single-${i}`, []));
    runs.push({
      name: 'one run',
      wallMs: median(singles.map((s) => s.ms)),
      exitCodes: singles.map((s) => s.code),
      timedOut: singles.some((s) => s.timedOut),
      rules: verdictOf([singles[0]?.rules]),
      note: `median of ${ONE_RUN_REPEATS}: ${singles.map((s) => (s.ms / 1000).toFixed(1)).join(', ')} s`,
    });

    log('npm run conformance -- --shard=1/2 and --shard=2/2 at once');
    const started = performance.now();
    const shards = await Promise.all([run('shard1', ['--shard=1/2']), run('shard2', ['--shard=2/2'])]);
    const wallMs = performance.now() - started;
    // Each shard alone is INCOMPLETE (exit 1): it ran only part of the rules. Together they must pass them all.
    runs.push({
      name: 'two shards at once',
      wallMs,
      exitCodes: shards.map((s) => s.code),
      timedOut: shards.some((s) => s.timedOut),
      rules: verdictOf(shards.map((s) => s.rules)),
    });

    if (options.verifySuite) {
      log('npm run verify:suite');
      const out = join(tmp, 'verify');
      const r = await timeCommand(
        node,
        [...flags, 'scripts/verify-suite.ts', '--out', out],
        cleanEnv(),
        VERIFY_TIMEOUT_MS,
      );
      let rules = 'no suite-power.json';
      try {
        const s = JSON.parse(readFileSync(join(out, 'suite-power.json'), 'utf8')) as {
          faults: { runs: number; caught: number };
          variants: { runs: number; passed: number };
        };
        rules = `faults caught ${s.faults.caught}/${s.faults.runs}, variations passed ${s.variants.passed}/${s.variants.runs}`;
      } catch {
        log(`verify:suite wrote no summary:\n${r.output.trim().split('\n').slice(-15).join('\n')}`);
      }
      runs.push({ name: 'verify:suite', wallMs: r.ms, exitCodes: [r.code], timedOut: r.timedOut, rules });
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return runs;
}

/** The bench's target rows for the suite's own cost. */
export function suiteTargets(runs: SuiteRun[], skipped: boolean): Target[] {
  const row = (name: string, target: string, limitMs: number, absent: string): Target => {
    const r = runs.find((s) => s.name === name);
    if (!r) return { target, measured: absent, met: undefined };
    const ok = r.exitCodes.every((c) => c === 0) && !r.timedOut;
    return {
      target,
      measured: `${(r.wallMs / 1000).toFixed(1)} s (${r.rules}${ok ? '' : `, exit ${r.exitCodes.join(', ')}`})`,
      met: ok && r.wallMs < limitMs,
    };
  };
  return [
    row(
      'one run',
      `one conformance run against the embedded mock under ${ONE_RUN_TARGET_MS / 1000} s wall`,
      ONE_RUN_TARGET_MS,
      skipped ? 'skipped (--no-suite)' : 'did not run',
    ),
    row(
      'verify:suite',
      `verify:suite under ${VERIFY_SUITE_TARGET_MS / 1000} s wall`,
      VERIFY_SUITE_TARGET_MS,
      'not measured (add --verify-suite)',
    ),
  ];
}
