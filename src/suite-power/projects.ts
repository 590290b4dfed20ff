import { readFileSync } from 'node:fs';
import type { Project } from '@playwright/test';
import { mockCredentialsAsTarget } from '../config/child-env.js';
import { PROJECT_ENV_KEY } from '../config/suite-env.js';
import type { PlannedRun } from './plan.js';

/** The file verify:suite writes before starting the runner: every run with its mock's URL. */
export const PLAN_FILE_VAR = 'PG_SUITE_POWER_PLAN';
export type PlanFile = { runs: (PlannedRun & { url: string })[]; workersPerRun: number; full: boolean };

export function readPlanFile(env: NodeJS.ProcessEnv = process.env): PlanFile {
  const path = env[PLAN_FILE_VAR];
  if (!path) throw new Error(`${PLAN_FILE_VAR} is unset: this config is run by npm run verify:suite`);
  return JSON.parse(readFileSync(path, 'utf8')) as PlanFile;
}

/** What a run's project carries in its metadata; the reporter reads `run` to file each test under its run. */
export type RunMetadata = { run: string; target: string; rule: string; kind: PlannedRun['kind']; [PROJECT_ENV_KEY]: Record<string, string> };

/** Matches a test tagged with exactly this rule: @TOK-1 but not @TOK-10. */
export function ruleTag(rule: string): RegExp {
  return new RegExp(`@${rule}(?![0-9])`);
}

function projectOf(run: PlanFile['runs'][number], workers: number, name: string): Project {
  const target = run.mode === 'mock' ? 'mock' : 'sandbox';
  const env = { ...mockCredentialsAsTarget(), PG_TARGET: target, PG_BASE_URL: run.url };
  const metadata: RunMetadata = { run: run.id, target, rule: run.rule, kind: run.kind, [PROJECT_ENV_KEY]: env };
  return { name, metadata, workers };
}

/**
 * Playwright projects for the plan. A variation is one project: the whole suite. A fault is two: the tests
 * tagged with the rule it breaks, then every other test; all first halves come before all second halves,
 * and the reporter skips what is left of a fault's run once a test of its own rule has failed (see
 * power-reporter.ts). So a fault stops early only on its own rule, and otherwise gets the whole suite.
 * `full` runs every fault as one whole-suite project. Whole runs come first: long jobs start first and
 * short ones fill the gaps. Every project has one worker: a worker serves one project, and a second one
 * would cost a second start for a run of a few seconds.
 */
export function projectsFor(plan: PlanFile): Project[] {
  const whole: Project[] = [];
  const own: Project[] = [];
  const rest: Project[] = [];
  for (const run of plan.runs) {
    if (run.kind === 'variant' || plan.full) {
      whole.push(projectOf(run, plan.workersPerRun, run.id));
      continue;
    }
    own.push({ ...projectOf(run, plan.workersPerRun, `${run.id} own-rule`), grep: ruleTag(run.rule) });
    rest.push({ ...projectOf(run, plan.workersPerRun, `${run.id} rest`), grepInvert: ruleTag(run.rule) });
  }
  return [...whole, ...own, ...rest];
}
