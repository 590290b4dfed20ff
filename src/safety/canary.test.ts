import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { zipSync } from 'fflate';
import { apiToken } from '../contract/auth.js';
import { TEST_ACH, TEST_CARDS } from '../contract/test-cards.js';
import { MOCK_DEFAULTS } from '../mock/defaults.js';
import { startMock } from '../mock/start.js';
import { searchBytes, searchTree } from './canary-search.js';
import { runConformance } from './run-conformance.js';

const MERCHANT_KEY = 'CanaryMerchantKey_Qx7Zt2';
const VENDOR_KEY = 'CanaryVendorKey_Lm4Rw9';

/** Every form in which a secret could be written: raw, as the Basic token, Base 64 of the bare key. */
function forms(key: string): string[] {
  return [key, apiToken(key), apiToken(key).replace(/=+$/, ''), Buffer.from(key).toString('base64').replace(/=+$/, '')];
}

const CANARIES = [
  ...forms(MERCHANT_KEY),
  ...forms(VENDOR_KEY),
  ...TEST_CARDS.map((c) => c.number),
  'cvv2":"123"',
  TEST_ACH.tr_number,
  TEST_ACH.dda_number,
];

test('the search finds a canary in plain text, escaped JSON, zip entries and base64 zip data URIs', () => {
  const canary = MERCHANT_KEY;
  expect(searchBytes(Buffer.from(`x ${canary} y`), 'a', [canary])).toHaveLength(1);
  expect(searchBytes(Buffer.from(JSON.stringify({ m: JSON.stringify({ cvv2: '123' }) })), 'b', ['cvv2":"123"'])).toHaveLength(1);
  const zip = zipSync({ 'trace.trace': Buffer.from(`{"h":"${canary}"}`) });
  expect(searchBytes(zip, 'c', [canary])).toEqual([{ where: 'c!trace.trace', canary }]);
  const html = Buffer.from(`<script>window.data = "data:application/zip;base64,${Buffer.from(zipSync({ 'r.json': Buffer.from(canary) })).toString('base64')}";</script>`);
  expect(searchBytes(html, 'd', [canary])).toEqual([{ where: 'd#data-uri!r.json', canary }]);
  expect(searchBytes(Buffer.from('nothing here'), 'e', [canary])).toEqual([]);
});

test('a failing run with traces on writes no key, token, card number, CVV or account number anywhere', async ({}, testInfo) => {
  test.setTimeout(180_000);
  // The mock knows the vendor canary but not the merchant canary: integrator checks pass, merchant checks
  // fail and print what they sent, so every writer gets both successes and failures to record.
  const mock = await startMock({ credentials: { apiKey: 'mock-key-not-the-canary', vendorApiKey: VENDOR_KEY } });
  const dir = testInfo.outputPath('run');
  const resultsDir = join(dir, 'test-results');
  try {
    const run = await runConformance(
      {
        PG_TARGET: 'sandbox',
        PG_BASE_URL: mock.url,
        PG_MERCHANT_ID: MOCK_DEFAULTS.merchantId,
        PG_API_KEY: MERCHANT_KEY,
        PG_VENDOR_ID: String(MOCK_DEFAULTS.vendorId),
        PG_VENDOR_API_KEY: VENDOR_KEY,
        PG_WEBHOOK_ID: MOCK_DEFAULTS.webhookId,
        PG_REPORTS_DIR: dir,
        PG_RESULTS_DIR: resultsDir,
      },
      ['--trace', 'on'],
    );
    expect(run.code, 'the run failed as forced').toBe(1);
    expect(run.output).toContain('NON-CONFORMANT');
    const traces = readdirSync(resultsDir, { recursive: true }).map(String).filter((f) => f.endsWith('trace.zip'));
    expect(traces.length, 'traces were written').toBeGreaterThan(10);
    for (const file of ['conformance.md', 'conformance.json', 'conformance.html', 'junit.xml', 'results.json', 'html/index.html']) {
      expect(existsSync(join(dir, file)), file).toBe(true);
    }

    const { hits, files, bytes } = searchTree([dir], CANARIES);
    hits.push(...searchBytes(Buffer.from(run.output), 'console output', CANARIES));
    testInfo.annotations.push({ type: 'searched', description: `${files} files, ${bytes} bytes, and the console output` });
    expect(hits).toEqual([]);
  } finally {
    await mock.close();
  }
});
