import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { mockCredentialsAsTarget } from '../config/child-env.js';
import type { PlannedRun } from './plan.js';

/**
 * verify:suite's runs share Playwright workers. Playwright starts a worker per project and replaces it
 * when the next test belongs to another project, and a worker costs about 1.2 CPU-seconds to start: with a
 * project per run, starting workers was half of verify:suite's CPU. So the runs are not projects: each run
 * is a folder of test files, one per spec file of tests/, and each of them imports its spec file afresh
 * (a query in the URL makes a module of its own) and names the run's target with `test.use(runFixtures(…))`.
 * Every test of every run is then a test of the same few projects, and a worker serves any of them.
 * Measured on 17 behaviours of `--shard=1/10` in both modes, three alternated pairs: a Playwright runner per
 * run, three at a time, took 5.6x the CPU (414 against 71 CPU-s) and 5.0x the wall time (275 against 55 s).
 *
 * The files are laid out spec file first (`whole/vault/<run>.spec.ts`), and Playwright queues them in path
 * order, one job a file: so one run's files are spread over the queue, not side by side. A run whose
 * gateway makes its tests wait (a rate limit, a slow link) then never holds every worker at once.
 */
export type RunWithUrl = PlannedRun & {
  url: string;
  /** A known-deviations case's file (known-cases.ts). */ knownFile?: string;
};

/**
 * A run's files: a fault's own-rule tests under `fault/` as `<run>.<rule>.spec.ts`; the whole suite (variations,
 * known-deviations cases, faults with --full or only the whole run shows) under `whole/`.
 */
export function runFile(run: PlannedRun, full: boolean): { group: 'fault' | 'whole'; name: string } {
  const name = safeName(run.id);
  return run.kind === 'fault' && !full && !run.wholeSuite
    ? { group: 'fault', name: `${name}.${run.rule}` }
    : { group: 'whole', name };
}

/** The file of `run` for the spec file `spec` (relative to tests/), relative to the runs' folder. */
export function runFilePath(run: PlannedRun, full: boolean, spec: string): string {
  const { group, name } = runFile(run, full);
  return join(group, spec.replace(/\.spec\.ts$/, ''), `${name}.spec.ts`);
}

/** The run a file of the runs' folder belongs to, as `<group>/<name>` (the reporter's key). */
export function runKeyOfFile(file: string): string {
  const parts = file.split('/');
  return `${parts[0]}/${(parts.at(-1) ?? '').replace(/\.spec\.ts$/, '')}`;
}

/**
 * In a fault's file, a test of the rule the file names (`fault/tokenize/<run>.TOK-8.spec.ts … @TOK-8`, not
 * @TOK-80): Playwright matches a project's grep against the test's file path, titles and tags in one line.
 */
export const OWN_RULE = /\.([A-Z]+-[0-9]+)\.spec\.ts .* @\1(?![0-9])/;

/** A run ID as a folder name: "fault:mask-asterisks:mock" becomes "fault-mask-asterisks-mock". */
export function safeName(runId: string): string {
  return runId.replace(/[^A-Za-z0-9_.-]/g, '-');
}

/** The suite's spec files, relative to `testsDir`. */
export function specFiles(testsDir: string): string[] {
  return readdirSync(testsDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.spec.ts'))
    .sort();
}

/** The target a run's tests see: the mock's default credentials (or the merchant ID it needs) at the run's own URL. */
export function runEnvOf(run: RunWithUrl): Record<string, string> {
  return {
    ...mockCredentialsAsTarget(),
    ...(run.merchantId && { PG_MERCHANT_ID: run.merchantId }),
    PG_TARGET: run.mode === 'mock' ? 'mock' : 'sandbox',
    PG_BASE_URL: run.url,
  };
}

/**
 * Whether the spec file's text names the rule: a fault's own-rule half needs files only where a test of that
 * rule can be. A file that names a rule without tagging a test with it only costs a file to list; one that tags
 * a test without naming the rule in its text would leave the fault to the second pass (verify-suite.ts), which
 * runs the whole suite against it: slower, never a verdict lost.
 */
function namesRule(source: string, rule: string): boolean {
  return new RegExp(`\\b${rule}(?![0-9])`).test(source);
}

/**
 * Writes every run's test files under `outDir`; returns how many. A fault's run (but with `full`) gets files
 * only for the spec files that name its rule: the first pass runs its own rule's tests alone.
 */
export function writeRunFiles(
  outDir: string,
  runs: readonly RunWithUrl[],
  full: boolean,
  testsDir = resolve('tests'),
): number {
  const specs = specFiles(testsDir).map((spec) => ({ spec, source: readFileSync(join(testsDir, spec), 'utf8') }));
  const fixtures = pathToFileURL(join(testsDir, 'fixtures.ts')).href;
  const runFixtures = new URL('./run-fixtures.ts', import.meta.url).href;
  let written = 0;
  // Wherever --out puts them, the files are ES modules, as the spec files they import.
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'package.json'), '{ "type": "module" }\n');
  for (const run of runs) {
    const ownRuleOnly = runFile(run, full).group === 'fault';
    for (const { spec, source: text } of specs) {
      if (ownRuleOnly && !namesRule(text, run.rule)) continue;
      const file = join(outDir, runFilePath(run, full, spec));
      mkdirSync(dirname(file), { recursive: true });
      const source = `${pathToFileURL(join(testsDir, spec)).href}?run=${encodeURIComponent(safeName(run.id))}`;
      writeFileSync(
        file,
        [
          `// verify:suite, run ${run.id}: ${relative(resolve(), join(testsDir, spec))} against the run's own mock.`,
          `import { test } from ${JSON.stringify(fixtures)};`,
          `import ${JSON.stringify(source)};`,
          `import { runFixtures } from ${JSON.stringify(runFixtures)};`,
          '',
          `test.use(runFixtures(${JSON.stringify(runEnvOf(run))}));`,
          '',
        ].join('\n'),
      );
      written++;
    }
  }
  return written;
}
