import type { ReporterDescription } from '@playwright/test';
import { knownDeviationsSource } from '../known-deviations/source.js';
import { generatedRuns, runSeed, SEED_VAR } from '../generate/settings.js';
import { Redactor } from '../evidence/redact.js';
import { withNearMisses } from '../transport/near-miss-keys.js';
import type { ConformanceReporterOptions } from './conformance-reporter.js';
import { selectedRules } from './model/rule-selection.js';
import type { GeneratedInputs } from './model/run-wide-records.js';
import { targetIdOf } from './model/run-identity.js';
import { reportsFolder } from '../config/output-folders.js';

/**
 * Only the keys (and the near misses AUTH-3 sends of them): a reproduce line of a mock run writes the suite's
 * own card numbers as sent.
 */
export function keysRedactor(keys: readonly (string | undefined)[]): (text: string) => string {
  const redactor = new Redactor(withNearMisses(keys.filter((k): k is string => !!k)));
  return (text) => redactor.text(text, () => true);
}

/** The settings as the environment gives them: no seed when PG_SEED is unset (a merge of shard reports). */
export function generatedInputsOf(env: NodeJS.ProcessEnv): GeneratedInputs {
  return { seed: env[SEED_VAR] ? runSeed(env) : undefined, runsPerProperty: generatedRuns(env) };
}

/**
 * The conformance reporter's options, read from the environment here, once, by the Playwright config: the
 * reporter itself reads no environment.
 */
export function conformanceOptions(env: NodeJS.ProcessEnv, dir: string, quiet = false): ConformanceReporterOptions {
  const target = env.PG_TARGET || 'mock';
  return {
    outputDir: dir,
    quiet,
    target,
    targetId: targetIdOf(target, env),
    selected: selectedRules(env),
    baseline: env.PG_BASELINE || undefined,
    generated: generatedInputsOf(env),
    redactKeys: keysRedactor([env.PG_API_KEY, env.PG_VENDOR_API_KEY]),
    // PG_HISTORY: the previous nights, carried forward into `dir/history.json` and the page; a quiet run
    // (verify:suite's) is no night.
    ...(env.PG_HISTORY && !quiet ? { history: env.PG_HISTORY } : {}),
    knownDeviations: knownDeviationsSource(env),
    recordKnown: env.PG_RECORD_KNOWN === '1',
    // npm run conformance exits by the verdict this sends, also when the reports could not be written.
    verdictToParent: !quiet,
  };
}

/**
 * Everything a run writes under reports/; shared by a normal run and by merging sharded blob reports. The
 * conformance reporter writes junit.xml too, one test case per rule with its findings.
 */
export function fullReports(dir: string, env: NodeJS.ProcessEnv): ReporterDescription[] {
  return [
    ['html', { outputFolder: `${dir}/html`, open: 'never' }],
    ['json', { outputFile: `${dir}/results.json` }],
    ['./src/reporters/conformance-reporter.ts', conformanceOptions(env, dir)],
  ];
}

/** The console's reporter: dots in CI, a line a test elsewhere. */
export function consoleReporter(env: NodeJS.ProcessEnv): ReporterDescription {
  return [env.CI ? 'dot' : 'list'];
}

/**
 * PG_BLOB_REPORT=1: a shard writes only a blob report (`npm run report:merge` turns blobs into the usual set).
 * PG_REPORT_SET=conformance: only the conformance report, quietly (verify:suite's runs).
 */
export function reportersFor(env: NodeJS.ProcessEnv): ReporterDescription[] {
  const dir = reportsFolder(env).dir;
  if (env.PG_BLOB_REPORT === '1') return [consoleReporter(env), ['blob', { outputDir: 'blob-report' }]];
  if (env.PG_REPORT_SET === 'conformance')
    return [['./src/reporters/conformance-reporter.ts', conformanceOptions(env, dir, true)]];
  return [consoleReporter(env), ...fullReports(dir, env)];
}
