import { defineConfig } from '@playwright/test';
import { SUITE_BASE } from './src/config/playwright/playwright-base.js';
import { resultsFolder } from './src/config/output-folders.js';
import { workersOf } from './src/config/run-shape.js';
import { EMBEDDED_PORT_VAR, loadSuiteConfig } from './src/config/suite-env.js';
import { ensureRunSeed } from './src/generate/settings.js';
import { reportersFor } from './src/reporters/report-set.js';

const config = loadSuiteConfig();
// Generated inputs: one seed for the whole run, chosen here when PG_SEED is unset, inherited by the workers.
ensureRunSeed();

export default defineConfig({
  ...SUITE_BASE,
  workers: workersOf(process.env, config.target),
  // A remote sandbox may be slow or rate-limited (the client waits out 429s): more room than the mock needs.
  timeout: config.target === 'mock' ? 30_000 : 90_000,
  outputDir: resultsFolder(process.env).dir,
  reporter: reportersFor(process.env),
  // The embedded mock: started by `npm run conformance` (scripts/conformance.ts), which sets its port, or else here
  // in the runner process (embedded-mock-setup.ts); workers learn its port by environment.
  globalSetup:
    config.embeddedMock && !process.env[EMBEDDED_PORT_VAR]
      ? './src/config/playwright/embedded-mock-setup.ts'
      : undefined,
});
