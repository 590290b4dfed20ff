import { test as playwrightTest, expect } from '@playwright/test';
import { testWithoutBrowserContext } from './playwright-no-context.js';

/**
 * Whether a test resolved the browser-context option fixtures: `contextOptions` is one of those folded into
 * them, replaced here by one that records being set up.
 */
function recording<T extends typeof playwrightTest>(base: T, seen: { contextOptions: boolean }) {
  return base.extend({
    contextOptions: async ({}, use) => {
      seen.contextOptions = true;
      await use({});
    },
  });
}

const plain = { contextOptions: false };
recording(playwrightTest, plain)(
  'plain @playwright/test resolves the browser-context options for every test',
  async () => {
    expect(plain.contextOptions, 'the fixture this file watches is no longer resolved: update this test').toBe(true);
  },
);

const skipped = { contextOptions: false };
const title = "the suite's test base resolves none of them (Playwright still honours the override)";
recording(testWithoutBrowserContext, skipped)(title, async () => {
  expect(
    skipped.contextOptions,
    'Playwright no longer honours _combinedContextOptions: see playwright-no-context.ts',
  ).toBe(false);
});
