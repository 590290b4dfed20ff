import { expect, test as playwrightTest } from '@playwright/test';
import { testWithoutOptionSteps } from './playwright-option-steps.js';

// Playwright's own values, as plain @playwright/test gives them to a test that sets none.
playwrightTest('plain @playwright/test: the option values this file compares against', async ({ locale, viewport }) => {
  expect(locale).toBe('en-US');
  expect(viewport).toEqual({ width: 1280, height: 720 });
});

testWithoutOptionSteps(
  "the suite's test base keeps Playwright's option values",
  async ({ acceptDownloads, baseURL, contextOptions, javaScriptEnabled, locale, serviceWorkers, viewport }) => {
    expect({ acceptDownloads, baseURL, contextOptions, javaScriptEnabled, locale, serviceWorkers, viewport }).toEqual({
      acceptDownloads: true,
      baseURL: process.env.PLAYWRIGHT_TEST_BASE_URL,
      contextOptions: {},
      javaScriptEnabled: true,
      locale: 'en-US',
      serviceWorkers: 'allow',
      viewport: { width: 1280, height: 720 },
    });
  },
);

testWithoutOptionSteps.describe('with test.use', () => {
  testWithoutOptionSteps.use({ locale: 'fr-FR', contextOptions: { offline: true } });
  testWithoutOptionSteps(
    'an option set with test.use still reaches the test and what reads it',
    async ({ locale, offline }) => {
      expect(locale).toBe('fr-FR');
      // offline defaults from contextOptions: Playwright's own fixture still computes it.
      expect(offline).toBe(true);
    },
  );
});
