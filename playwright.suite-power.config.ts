import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { SUITE_BASE } from './src/config/playwright/playwright-base.js';
import { ensureRunSeed } from './src/generate/settings.js';
import { conformanceOptions } from './src/reporters/report-set.js';
import { targetIdOf } from './src/reporters/model/run-identity.js';
import { projectsFor, readPlanFile } from './src/suite-power/projects.js';
import type { SuitePowerOptions } from './src/suite-power/power-reporter.js';

// `npm run verify:suite` only: one runner for every run of the plan, each run a folder of test files
// against its own mock (see src/suite-power/run-files.ts).
const plan = readPlanFile();
// Generated inputs: one seed for every run, inherited by the workers (PG_SEED replays it).
ensureRunSeed();
const out = process.env.PG_REPORTS_DIR || 'reports/suite-power-runs';
// Each run's conformance reporter is given what a single run's is; the run names its own target.
const power: SuitePowerOptions = {
  outputDir: out,
  plan,
  conformance: conformanceOptions(process.env, out, true),
  targetIds: { mock: 'mock', sandbox: targetIdOf('sandbox', process.env) },
};

export default defineConfig({
  ...SUITE_BASE,
  testDir: plan.runsDir,
  // One job a file (a run's tests of one spec file, in order): each file is loaded by one worker, and a
  // run's files lie apart in the queue (see run-files.ts).
  fullyParallel: false,
  workers: process.env.PG_WORKERS ? Number(process.env.PG_WORKERS) : 2,
  outputDir: join(out, 'test-results'),
  reporter: [['./src/suite-power/power-reporter.ts', power]],
  projects: projectsFor(),
});
