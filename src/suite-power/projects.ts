import { readFileSync } from 'node:fs';
import type { Project } from '@playwright/test';
import { OWN_RULE, type RunWithUrl } from './run-files.js';

/** The file verify:suite writes before starting the runner: every run with its mock's URL. */
export const PLAN_FILE_VAR = 'PG_SUITE_POWER_PLAN';
export type PlanFile = { runs: RunWithUrl[]; full: boolean; runsDir: string };

export function readPlanFile(env: NodeJS.ProcessEnv = process.env): PlanFile {
  const path = env[PLAN_FILE_VAR];
  if (!path) throw new Error(`${PLAN_FILE_VAR} is unset: this config is run by npm run verify:suite`);
  return JSON.parse(readFileSync(path, 'utf8')) as PlanFile;
}

/**
 * The runner's two projects over the runs' test files (see run-files.ts). Whole runs (variations, known-deviations
 * cases, and faults with --full or in verify:suite's second pass) come first, so long jobs start first and short
 * ones fill the gaps; then every fault's own rule: the tests of the rule it breaks, from the files that name it.
 * The reporter skips what is left of a fault's own-rule tests once one of them has failed (see
 * power-reporter.ts). A worker is replaced between projects (twice per slot) and after a test that timed out;
 * a failed test keeps it (run-fixtures.ts).
 */
export function projectsFor(): Project[] {
  return [
    { name: 'whole runs', testMatch: 'whole/**/*.spec.ts' },
    { name: 'faults: own rule', testMatch: 'fault/**/*.spec.ts', grep: OWN_RULE },
  ];
}
