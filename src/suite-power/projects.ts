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
 * The runner's three projects over the runs' test files (see run-files.ts). Whole runs (variations, and
 * faults with --full) come first, so long jobs start first and short ones fill the gaps. A fault's run is
 * split: the tests of the rule it breaks (own-rule), then every other test (rest); all first halves come
 * before all second halves, and the reporter skips what is left of a fault's run once a test of its own
 * rule has failed (see power-reporter.ts). So a fault stops early only on its own rule, and otherwise gets
 * the whole suite. A worker is replaced between projects (three times per slot) and after a test that
 * timed out; a failed test keeps it (the keepWorker fixture).
 */
export function projectsFor(): Project[] {
  return [
    { name: 'whole runs', testMatch: 'whole/**/*.spec.ts' },
    { name: 'faults: own rule', testMatch: 'fault/**/*.spec.ts', grep: OWN_RULE },
    { name: 'faults: rest', testMatch: 'fault/**/*.spec.ts', grepInvert: OWN_RULE },
  ];
}
