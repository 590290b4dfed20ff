import { test, type Fixtures, type PlaywrightTestOptions } from '@playwright/test';

/**
 * Every test-scoped option of @playwright/test. A name a Playwright release adds or drops fails the typecheck
 * here, so no option fixture goes back to being a step unseen.
 */
const TEST_OPTIONS = {
  acceptDownloads: true,
  actionTimeout: true,
  baseURL: true,
  bypassCSP: true,
  clientCertificates: true,
  colorScheme: true,
  contextOptions: true,
  contrast: true,
  deviceScaleFactor: true,
  extraHTTPHeaders: true,
  forcedColors: true,
  geolocation: true,
  hasTouch: true,
  httpCredentials: true,
  ignoreHTTPSErrors: true,
  isMobile: true,
  javaScriptEnabled: true,
  locale: true,
  navigationTimeout: true,
  offline: true,
  permissions: true,
  proxy: true,
  reducedMotion: true,
  screen: true,
  serviceWorkers: true,
  storageState: true,
  testIdAttribute: true,
  timezoneId: true,
  userAgent: true,
  viewport: true,
} satisfies Record<keyof PlaywrightTestOptions, true>;

/**
 * Playwright's `test` with its option fixtures set up without a step each, their values unchanged.
 *
 * Every test of @playwright/test sets up the option fixtures that fold into browser-context options (its
 * trace-recording fixture needs them), though this suite opens no browser and no request context. As
 * Playwright declares them, each is a fixture step, and a step captures a stack at setup and again at
 * teardown: on 1000 empty tests on one worker, 20.0 CPU-s against 9.6 without those steps, about 10 ms a
 * test. `box: 'self'` (public fixture option) makes a fixture no step of its own; `undefined` as its value
 * keeps what the option already holds (Playwright's default, the config's or a `test.use` value), as
 * `test.use({ option: undefined })` does. Measured side by side on `npm run conformance` (five runs each):
 * 15.2 CPU-s this way against 14.1 with the fixtures left unresolved through a Playwright internal (+5 %, pair
 * by pair 0.97 to 1.19), within the 10 % this project accepts for a public route (docs/speed.md).
 *
 * playwright-option-steps.test.ts checks the values are Playwright's and that a `test.use` still reaches them.
 */
export const testWithoutOptionSteps = test.extend(
  Object.fromEntries(
    Object.keys(TEST_OPTIONS).map((name) => [name, [undefined, { scope: 'test', box: 'self' }]]),
  ) as Fixtures<object, object, PlaywrightTestOptions>,
);
