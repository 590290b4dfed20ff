import { defineConfig } from '@playwright/test';
import { NO_BROWSER_OPTIONS } from './src/config/playwright/no-browser-options.js';

// Unit and component tests of the library and the mock live beside their code (src/**/*.test.ts), each in
// this process: `npm test` runs them. A test that starts another program (one of the project's commands, a
// shell, Chromium) is a command test, `*.command.test.ts`, run by `npm run test:commands`
// (playwright.commands.config.ts); src/ci/test-tiers.test.ts fails when one is left here.
export default defineConfig({
  testDir: 'src',
  testMatch: /\.test\.ts$/,
  testIgnore: /\.command\.test\.ts$/,
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  outputDir: 'test-results/unit',
  use: NO_BROWSER_OPTIONS,
});
