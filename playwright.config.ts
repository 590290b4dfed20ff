import { defineConfig } from '@playwright/test';
import { SUITE_BASE } from './src/config/playwright-base.js';
import { loadSuiteConfig } from './src/config/suite-env.js';
import { reportersFor } from './src/reporters/report-set.js';

const config = loadSuiteConfig();

export default defineConfig({
  ...SUITE_BASE,
  workers: process.env.PG_WORKERS ? Number(process.env.PG_WORKERS) : 2,
  outputDir: process.env.PG_RESULTS_DIR || 'test-results',
  reporter: reportersFor(process.env),
  // The embedded mock runs in the runner process (see embedded-mock-setup.ts); workers learn its port by environment.
  globalSetup: config.embeddedMock ? './src/config/embedded-mock-setup.ts' : undefined,
});
