/**
 * The browser context options of @playwright/test's `test`, each set to undefined. The conformance runs and
 * the unit tests open no browser, so nothing reads them; left unset, each is a fixture Playwright sets up and
 * tears down around every test as a step whose stack it captures through source maps, while an option set to
 * a value is no step. Measured on `npm run conformance` (122 tests, 2 workers, this 2-core machine,
 * 2026-12-02): 6,344 of the 7,300 stacks its workers captured were these options' steps. The command tests
 * open Chromium and keep them.
 */
export const NO_BROWSER_OPTIONS = {
  acceptDownloads: undefined,
  actionTimeout: undefined,
  baseURL: undefined,
  bypassCSP: undefined,
  clientCertificates: undefined,
  colorScheme: undefined,
  contextOptions: undefined,
  contrast: undefined,
  deviceScaleFactor: undefined,
  extraHTTPHeaders: undefined,
  forcedColors: undefined,
  geolocation: undefined,
  hasTouch: undefined,
  httpCredentials: undefined,
  ignoreHTTPSErrors: undefined,
  isMobile: undefined,
  javaScriptEnabled: undefined,
  locale: undefined,
  navigationTimeout: undefined,
  offline: undefined,
  permissions: undefined,
  proxy: undefined,
  reducedMotion: undefined,
  screen: undefined,
  serviceWorkers: undefined,
  storageState: undefined,
  testIdAttribute: undefined,
  timezoneId: undefined,
  userAgent: undefined,
  viewport: undefined,
} as const;
