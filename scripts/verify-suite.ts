import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { environmentWithoutSuiteVariables, withoutExperimentalWarnings } from '../src/config/child-env.js';
import { startFleet } from '../src/suite-power/fleet.js';
import { judge, type RunReport } from '../src/suite-power/judge.js';
import { plan, rulesWithoutFault, type PlannedRun } from '../src/suite-power/plan.js';
import { knownCaseFile } from '../src/suite-power/known-cases.js';
import { dayOf } from '../src/known-deviations/entry.js';
import { PLAN_FILE_VAR, type PlanFile } from '../src/suite-power/projects.js';
import { runFile, safeName, writeRunFiles } from '../src/suite-power/run-files.js';
import { mergeShardReports, parseShard, runsOfShard, type ShardReport } from '../src/suite-power/shards.js';
import { closingLines, writeSuitePower, type RunOutcome } from '../src/suite-power/write-suite-power.js';

/**
 * `npm run verify:suite`: the suite against the mock once per fault and once per legitimate variation,
 * in both modes. Every fault must be caught by its own rule where observable; no variation may be flagged.
 * All runs share one Playwright runner and its workers (each run a folder of test files) and one process
 * of mocks (one per run). `--shard=i/n` runs one slice of the plan (CI spreads the slices over machines) and
 * `--merge <dir>` joins the slices' suite-power.json files found under dir into one report of the whole plan.
 */
const USAGE = [
  'usage: npm run verify:suite -- [--only <fault or variation>]... [--full] [--jobs N] [--out DIR] [--shard=i/n]',
  "       npm run verify:suite -- --merge <folder of the shards' reports> [--out DIR]",
  '(docs/mock.md, "Proving the suite\'s power")',
].join('\n');

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        only: { type: 'string', multiple: true },
        // Runs wait on the link as much as on the CPU (slow-link, rate-limited, reads-503-once spend most of
        // their time waiting), so more workers than cores keep both cores busy while those wait.
        jobs: { type: 'string', default: String(Math.max(1, availableParallelism()) * 3) },
        out: { type: 'string', default: 'reports' },
        full: { type: 'boolean', default: false },
        shard: { type: 'string' },
        merge: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    // parseArgs throws for an unknown option or a missing value: the user gets its sentence, not a stack.
    console.error(`verify:suite: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
})();

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

if (values.merge !== undefined) {
  if (values.shard !== undefined || values.only) {
    console.error("verify:suite: --merge reads the shards' reports; it takes neither --shard nor --only");
    process.exit(2);
  }
  let merged;
  try {
    merged = mergeShardReports(readShardReports(values.merge));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const { outcomes, seconds, full, rulesWithoutFault, shards } = merged;
  const summary = writeSuitePower(values.out, outcomes, { seconds, full, rulesWithoutFault, mergedShards: shards });
  console.log(closingLines(summary, values.out).join('\n'));
  process.exit(summary.ok ? 0 : 1);
}

/** Every shard's suite-power.json under dir (CI downloads each shard's artifact into a folder of its own). */
function readShardReports(dir: string): ShardReport[] {
  return (readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((file) => file === 'suite-power.json' || file.endsWith('/suite-power.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as ShardReport);
}

const only = values.only;
const planned = plan(only ? (e) => only.includes(e.name) : undefined);
const unknown = (only ?? []).filter((name) => !planned.some((r) => r.name === name));
if (unknown.length) {
  console.error(`verify:suite: no fault or variation is named ${unknown.join(', ')}`);
  process.exit(2);
}
let shard;
try {
  shard = values.shard === undefined ? undefined : parseShard(values.shard);
} catch (error) {
  console.error(`verify:suite: ${(error as Error).message}`);
  process.exit(2);
}
const runs = shard ? runsOfShard(planned, shard) : planned;
const workDir = resolve(values.out, 'suite-power-runs');
const started = performance.now();
rmSync(workDir, { recursive: true, force: true });
mkdirSync(workDir, { recursive: true });

// Each known-deviations case reads its own file, written here with its expiry counted from today.
const knownDir = join(workDir, 'known-deviations');
mkdirSync(knownDir, { recursive: true });
const knownFile = (r: PlannedRun) => {
  if (!r.knownCase) return {};
  const path = join(knownDir, `${safeName(r.id)}.yaml`);
  writeFileSync(path, knownCaseFile(r.knownCase, dayOf(new Date())));
  return { knownFile: path };
};

/**
 * One Playwright runner over `passRuns`, each against a fresh mock of its own (a fleet); each run writes its
 * conformance.json under workDir/<run>. Returns the runner's exit code.
 */
async function pass(name: string, passRuns: readonly PlannedRun[], full: boolean): Promise<number> {
  const fleet = await startFleet(passRuns);
  try {
    const runsDir = join(workDir, name);
    const planFile: PlanFile = {
      runs: passRuns.map((r) => ({ ...r, url: fleet.urls.get(r.id)!, ...knownFile(r) })),
      full,
      runsDir,
    };
    writeRunFiles(runsDir, planFile.runs, full);
    const planPath = join(workDir, `${name}-plan.json`);
    writeFileSync(planPath, JSON.stringify(planFile));
    const cli = join('node_modules', '@playwright', 'test', 'cli.js');
    const env = {
      ...withoutExperimentalWarnings(environmentWithoutSuiteVariables()),
      [PLAN_FILE_VAR]: planPath,
      PG_REPORTS_DIR: workDir,
      PG_WORKERS: values.jobs,
    };
    return await new Promise<number>((done, fail) => {
      const child = spawn(process.execPath, [cli, 'test', '--config', 'playwright.suite-power.config.ts'], {
        env,
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      child.on('error', fail);
      child.on('exit', (c, signal) => done(c ?? (signal ? 130 : 1)));
    });
  } finally {
    await fleet.close();
  }
}

// First pass: every variation and known-deviations case whole, every fault with its own rule's tests alone
// (all of them with --full). A fault they did not catch gets a second pass, the whole suite against a fresh
// mock with the same fault, which says whether another rule caught it or nothing did. Listing a fault's
// other tests only to skip them was a third of the runner's time before any test ran.
// A shard may be dealt no run at all (a short --only list over many shards): it only writes its empty report.
let code = runs.length ? await pass('runs', runs, values.full) : 0;
// A run with no report stays an error: the second pass is for what the own rule's tests missed, not a retry.
const uncaught = runs.filter(
  (r) =>
    runFile(r, values.full).group === 'fault' &&
    ['survived', 'caught by accident'].includes(judge(r, readReport(r.id)).outcome),
);
if (uncaught.length) {
  console.log(`verify:suite: ${uncaught.length} fault runs not caught by their own rule; the whole suite against each`);
  code = Math.max(code, await pass('runs-whole', uncaught, true));
}

function readReport(id: string): RunReport | undefined {
  try {
    return JSON.parse(readFileSync(join(workDir, safeName(id), 'conformance.json'), 'utf8')) as RunReport;
  } catch {
    return undefined;
  }
}

const outcomes: RunOutcome[] = runs.map((run) => ({ ...run, ...judge(run, readReport(run.id)) }));
const seconds = Math.round((performance.now() - started) / 1000);
const summary = writeSuitePower(values.out, outcomes, {
  seconds,
  full: values.full,
  rulesWithoutFault: only ? [] : rulesWithoutFault(),
  ...(shard && { shard: { ...shard, planned: planned.length } }),
});

console.log(closingLines(summary, values.out).join('\n'));
if (outcomes.length && outcomes.every((o) => o.outcome === 'error'))
  console.log(`the runner wrote no report (exit code ${code})`);
process.exit(summary.ok ? 0 : 1);
