import { defineConfig } from '@playwright/test';
import { freePort } from './src/config/free-port.js';
import { SUITE_BASE } from './src/config/playwright-base.js';
import { EMBEDDED_PORT_VAR, loadSuiteConfig } from './src/config/suite-env.js';
import { reportersFor } from './src/reporters/report-set.js';

const config = loadSuiteConfig();

// The config file is evaluated again in every worker; the port chosen here travels to them by environment.
if (config.embeddedMock) process.env[EMBEDDED_PORT_VAR] ??= String(await freePort());
const port = process.env[EMBEDDED_PORT_VAR];

export default defineConfig({
  ...SUITE_BASE,
  workers: process.env.PG_WORKERS ? Number(process.env.PG_WORKERS) : 2,
  outputDir: process.env.PG_RESULTS_DIR || 'test-results',
  reporter: reportersFor(process.env),
  webServer: config.embeddedMock
    ? {
        command: 'node --import tsx src/mock/main.ts',
        url: `http://127.0.0.1:${port}/__mock/health`,
        env: { PG_MOCK_PORT: String(port) },
        reuseExistingServer: false,
        timeout: 30_000,
        stdout: 'ignore',
        stderr: 'pipe',
        gracefulShutdown: { signal: 'SIGTERM', timeout: 2_000 },
      }
    : undefined,
});
