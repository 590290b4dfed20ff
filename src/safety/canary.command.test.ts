import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../testing/fixtures.js';
import { MOCK_DEFAULTS } from '../mock/defaults.js';
import type { ConformanceJson } from '../reporters/model/read-report.js';
import { startMock } from '../mock/start.js';
import { MERCHANT_KEY, search, searchText, VENDOR_KEY } from '../testing/made-up/canaries.js';
import { runConformance } from '../testing/run-command.js';

test('a failing run with traces on writes no key, token, card number, CVV or account number anywhere', async ({}, testInfo) => {
  // A conformance run in a child process: many times its quiet-machine time on a busy one.
  test.setTimeout(300_000);
  // The canaries are the mock's own keys (a key the target refuses would stop the run in its preflight).
  // Each fault fails a test or two that print what they sent, while the other tests of their rules pass, so
  // every writer records both successes and failures: a 19-digit test card sent with its CVV and answered in
  // full (TOK-8, an example and a generated number), ACH routing and account numbers refused (TOK-3), the
  // vendor key refused on the listing (AUTH-5), a listing served without its content type (ERR-4), near misses
  // of both keys served (AUTH-3: the letter case, a character added); every request carries a key, and
  // AUTH-4's generated headers carry it in every malformed shape. The run is
  // narrowed to those rules: the other tests go through the same writers with no kind of secret these lack,
  // and each failed test costs a new worker.
  const mock = await startMock({
    credentials: { apiKey: MERCHANT_KEY, vendorApiKey: VENDOR_KEY },
    faults: [
      'mask-full-19-digits',
      'ach-refused',
      'vendor-key-refused-on-vault',
      'vault-content-type-missing',
      'key-compared-case-insensitively',
      'key-extra-char-ignored',
    ],
  });
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
      ['--rule', 'TOK-8,TOK-3,AUTH-5,ERR-4,AUTH-4,AUTH-3', '--trace', 'on'],
    );
    expect(run.code, 'the run failed as forced').toBe(1);
    expect(run.output).toContain('NON-CONFORMANT');
    const traces = readdirSync(resultsDir, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('trace.zip'));
    expect(traces.length, 'traces were written').toBeGreaterThan(10);
    // Each fault's rule failed, so what its tests sent stands in failure messages and reproduce lines,
    // and tests passed too: every writer recorded both.
    const report = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as ConformanceJson;
    expect(report.rules.filter((r) => r.status === 'failed').map((r) => r.id)).toEqual(
      expect.arrayContaining(['TOK-8', 'TOK-3', 'AUTH-5', 'ERR-4', 'AUTH-3']),
    );
    const { stats } = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as {
      stats: { expected: number; unexpected: number };
    };
    expect(stats.unexpected, 'tests failed').toBeGreaterThan(3);
    expect(stats.expected, 'tests passed').toBeGreaterThan(3);
    for (const file of [
      'conformance.md',
      'conformance.json',
      'conformance.html',
      'junit.xml',
      'results.json',
      'html/index.html',
    ]) {
      expect(existsSync(join(dir, file)), file).toBe(true);
    }

    const { hits, files, bytes } = search(dir);
    hits.push(...searchText(run.output, 'console output'));
    testInfo.annotations.push({
      type: 'searched',
      description: `${files} files, ${bytes} bytes, and the console output`,
    });
    expect(hits).toEqual([]);
  } finally {
    await mock.close();
  }
});
