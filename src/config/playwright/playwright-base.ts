import type { PlaywrightTestConfig } from '@playwright/test';
import { NO_BROWSER_OPTIONS } from './no-browser-options.js';

/** What every run of the conformance suite shares, whichever config starts it. */
export const SUITE_BASE = {
  testDir: 'tests',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // A conformance verdict must not depend on luck: no retries (infrastructure retries live in the client).
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  // Nothing secret goes into `use`: the JSON reporter writes it out. Credentials are added per request.
  use: { ...NO_BROWSER_OPTIONS, trace: 'off' },
} satisfies PlaywrightTestConfig;
