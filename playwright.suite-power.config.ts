import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { SUITE_BASE } from './src/config/playwright-base.js';
import { ensureRunSeed } from './src/contract/generate/settings.js';
import { projectsFor, readPlanFile } from './src/suite-power/projects.js';

// `npm run verify:suite` only: one runner for every run of the plan, each run a folder of test files
// against its own mock (see src/suite-power/run-files.ts).
const plan = readPlanFile();
// Generated inputs: one seed for every run, inherited by the workers (PG_SEED replays it).
ensureRunSeed();
const out = process.env.PG_REPORTS_DIR || 'reports/suite-power-runs';

export default defineConfig({
  ...SUITE_BASE,
  testDir: plan.runsDir,
  // One job a file (a run's tests of one spec file, in order): each file is loaded by one worker, and a
  // run's files lie apart in the queue (see run-files.ts).
  fullyParallel: false,
  workers: process.env.PG_WORKERS ? Number(process.env.PG_WORKERS) : 2,
  outputDir: join(out, 'test-results'),
  reporter: [['./src/suite-power/power-reporter.ts', { outputDir: out, full: plan.full }]],
  projects: projectsFor(),
});
