import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { SUITE_BASE } from './src/config/playwright-base.js';
import { loadSuiteConfig } from './src/config/suite-env.js';
import { ensureRunSeed } from './src/contract/generate/settings.js';
import { reportersFor } from './src/reporters/report-set.js';

const config = loadSuiteConfig();
// Generated inputs: one seed for the whole run, chosen here when PG_SEED is unset, inherited by the workers.
ensureRunSeed();

export default defineConfig({
  ...SUITE_BASE,
  // Against the embedded mock every request is answered in the runner's own process, so a worker per two
  // cores leaves it one (on 2 cores: as fast as two workers on a quiet machine, faster under load, a fifth
  // less CPU; docs/bench.md). A remote target's tests mostly wait on the network: two workers.
  workers: process.env.PG_WORKERS ? Number(process.env.PG_WORKERS) : config.embeddedMock ? Math.max(1, Math.floor(availableParallelism() / 2)) : 2,
  // A remote sandbox may be slow or rate-limited (the client waits out 429s): more room than the mock needs.
  timeout: config.target === 'mock' ? 30_000 : 90_000,
  outputDir: process.env.PG_RESULTS_DIR || 'test-results',
  reporter: reportersFor(process.env),
  // The embedded mock runs in the runner process (see embedded-mock-setup.ts); workers learn its port by environment.
  globalSetup: config.embeddedMock ? './src/config/embedded-mock-setup.ts' : undefined,
});
