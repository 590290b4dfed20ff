import { defineConfig } from '@playwright/test';

// Unit and component tests of the library and the mock live beside their code (src/**/*.test.ts).
export default defineConfig({
  testDir: 'src',
  testMatch: '**/*.test.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results/unit',
});
