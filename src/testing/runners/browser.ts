import { existsSync } from 'node:fs';
import { chromium, test as base, type Browser } from '@playwright/test';

/** Debian's package, not a Playwright download: the page must open in a real browser as users have it. */
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
export const NO_CHROMIUM = `needs Debian's chromium at ${CHROMIUM}: apt-get update && apt-get install -y chromium`;

/**
 * One Chromium for the worker's pages, each test in a context of its own: the launch costs more than the pages.
 * The file's tests run in one worker, in order, so the three pages share one launch.
 */
export const test = base.extend<object, { chromiumBrowser: Browser | undefined }>({
  chromiumBrowser: [
    async ({}, use) => {
      if (!existsSync(CHROMIUM)) return use(undefined);
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
      await use(browser);
      await browser.close();
    },
    // Its own bound, apart from the first page test's 30 s: a launch on a busy machine can take most of those.
    { scope: 'worker', timeout: 60_000 },
  ],
});
