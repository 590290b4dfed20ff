import { defineConfig } from '@playwright/test';

// The command tests (src/**/*.command.test.ts): each starts another program as a child process (one of the
// project's commands as a user runs it, a shell replaying a reproduce line, Chromium opening the report) and
// reads its exit code, console or files. `npm run test:commands` runs them; `npm test` does not.
export default defineConfig({
  testDir: 'src',
  testMatch: /\.command\.test\.ts$/,
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  outputDir: 'test-results/commands',
});
