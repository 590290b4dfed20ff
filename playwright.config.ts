import { defineConfig } from '@playwright/test';
import { freePort } from './src/config/free-port.js';
import { EMBEDDED_PORT_VAR, loadSuiteConfig } from './src/config/suite-env.js';
import { ensureRunSeed } from './src/contract/generate/settings.js';
import { reportersFor } from './src/reporters/report-set.js';

const config = loadSuiteConfig();

// The config file is evaluated again in every worker; the port chosen here travels to them by environment.
if (config.embeddedMock) process.env[EMBEDDED_PORT_VAR] ??= String(await freePort());
const port = process.env[EMBEDDED_PORT_VAR];
// Generated inputs: one seed for the whole run, chosen here when PG_SEED is unset, inherited by the workers.
ensureRunSeed();

export default defineConfig({
  testDir: 'tests',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // A conformance verdict must not depend on luck: no retries (infrastructure retries live in the client).
  retries: 0,
  workers: process.env.PG_WORKERS ? Number(process.env.PG_WORKERS) : 2,
  // A remote sandbox may be slow or rate-limited (the client waits out 429s): more room than the mock needs.
  timeout: config.target === 'mock' ? 30_000 : 90_000,
  expect: { timeout: 5_000 },
  outputDir: process.env.PG_RESULTS_DIR || 'test-results',
  reporter: reportersFor(process.env),
  // Nothing secret goes into `use`: the JSON reporter writes it out. Credentials are added per request.
  use: { trace: 'off' },
  webServer: config.embeddedMock
    ? {
        command: 'node --import tsx src/mock/main.ts',
        url: `http://127.0.0.1:${port}/__mock/health`,
        env: { PG_MOCK_PORT: String(port) },
        reuseExistingServer: false,
        // A remote sandbox may be slow or rate-limited (the client waits out 429s): more room than the mock needs.
  timeout: config.target === 'mock' ? 30_000 : 90_000,
        stdout: 'ignore',
        stderr: 'pipe',
        gracefulShutdown: { signal: 'SIGTERM', timeout: 2_000 },
      }
    : undefined,
});
