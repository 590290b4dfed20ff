import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { zipSync } from 'fflate';
import { apiToken } from '../transport/auth.js';
import { withNearMisses } from '../transport/near-miss-keys.js';
import { TEST_ACH, TEST_CARDS } from '../catalogue/test-cards.js';
import { MOCK_DEFAULTS } from '../mock/defaults.js';
import type { ConformanceJson } from '../reporters/report-json.js';
import { startMock } from '../mock/start.js';
import { ScriptedClient } from '../proxy/scripted-client.js';
import { startSession } from '../proxy/session.js';
import { REPRODUCE_LINE, searchBytes, searchTree } from './canary-search.js';
import { runConformance } from './run-conformance.js';

const MERCHANT_KEY = 'CanaryMerchantKey_Qx7Zt2';
const VENDOR_KEY = 'CanaryVendorKey_Lm4Rw9';

/** Every form in which a secret could be written: raw, as the Basic token, Base 64 of the bare key. */
function forms(key: string): string[] {
  return [key, apiToken(key), apiToken(key).replace(/=+$/, ''), Buffer.from(key).toString('base64').replace(/=+$/, '')];
}

/** Luhn-valid and on no list of published test numbers: it stands for a real customer's card. */
const PRIVATE_CARD = '4929123456781236';

/**
 * Never written anywhere, reproduce lines included: the keys (a reproduce line names their variable), the near
 * misses of them AUTH-3 sends (each a key one character or the letter case away), and a private card.
 */
const SECRETS = [...withNearMisses([MERCHANT_KEY, VENDOR_KEY]).flatMap(forms), PRIVATE_CARD];
/**
 * Published test data: redacted everywhere except in a reproduce line, which must send the request again
 * as it was sent (a test card number is no secret; the line would not reproduce without it).
 */
const TEST_DATA = [...TEST_CARDS.map((c) => c.number), 'cvv2":"123"', TEST_ACH.tr_number, TEST_ACH.dda_number];

/** Hits of the secrets anywhere and of the test data outside reproduce lines. */
function search(dir: string) {
  const secrets = searchTree([dir], SECRETS);
  const testData = searchTree([dir], TEST_DATA, REPRODUCE_LINE);
  return { hits: [...secrets.hits, ...testData.hits], files: secrets.files, bytes: secrets.bytes };
}
const searchText = (text: string, where: string) => [
  ...searchBytes(Buffer.from(text), where, SECRETS),
  ...searchBytes(Buffer.from(text), where, TEST_DATA, [], REPRODUCE_LINE),
];

test('the search finds a canary in plain text, escaped JSON, zip entries and base64 zip data URIs', () => {
  const canary = MERCHANT_KEY;
  expect(searchBytes(Buffer.from(`x ${canary} y`), 'a', [canary])).toHaveLength(1);
  expect(
    searchBytes(Buffer.from(JSON.stringify({ m: JSON.stringify({ cvv2: '123' }) })), 'b', ['cvv2":"123"']),
  ).toHaveLength(1);
  const zip = zipSync({ 'trace.trace': Buffer.from(`{"h":"${canary}"}`) });
  expect(searchBytes(zip, 'c', [canary])).toEqual([{ where: 'c!trace.trace', canary }]);
  const html = Buffer.from(
    `<script>window.data = ` +
      `"data:application/zip;base64,${Buffer.from(zipSync({ 'r.json': Buffer.from(canary) })).toString('base64')}";</script>`,
  );
  expect(searchBytes(html, 'd', [canary])).toEqual([{ where: 'd#data-uri!r.json', canary }]);
  expect(searchBytes(Buffer.from('nothing here'), 'e', [canary])).toEqual([]);
});

test('published test data inside a reproduce line is no hit; outside it, or after the line ends, it is', () => {
  const card = TEST_CARDS[3].number;
  const line = `Reproduce with: curl -sS -X POST -u ":$PG_API_KEY" --data-raw '{"card_number":"${card}"}' 'http://x/pg/tokenize'`;
  expect(searchBytes(Buffer.from(line), 'a', [card], [], REPRODUCE_LINE)).toEqual([]);
  expect(
    searchBytes(Buffer.from(JSON.stringify({ message: `${line}\nSent: ${card}` })), 'b', [card], [], REPRODUCE_LINE),
  ).toEqual([{ where: 'b', canary: card }]);
  expect(searchBytes(Buffer.from(`<pre>${line}</pre><p>${card}</p>`), 'c', [card], [], REPRODUCE_LINE)).toEqual([
    { where: 'c', canary: card },
  ]);
  expect(searchBytes(Buffer.from(`Sent: ${card}`), 'd', [card], [], REPRODUCE_LINE)).toEqual([
    { where: 'd', canary: card },
  ]);
});

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

test('the proxy prints and writes no key, token, card number, CVV or account number, with findings on both sides', async ({}, testInfo) => {
  // The gateway leaks a full 19-digit number (a finding that prints the answer); the application makes
  // every deliberate mistake, sends its keys wrongly too, and the proxy is told no key at all: it must
  // learn them from the traffic to redact them.
  const mock = await startMock({
    credentials: { apiKey: MERCHANT_KEY, vendorApiKey: VENDOR_KEY },
    faults: ['mask-full-19-digits'],
  });
  const lines: string[] = [];
  const dir = testInfo.outputPath('proxy-reports');
  try {
    const session = await startSession({
      upstream: mock.url,
      target: { kind: 'embedded mock', origin: mock.url },
      host: '127.0.0.1',
      port: 0,
      secrets: [],
      context: {},
      print: (line) => lines.push(line),
    });
    const client = new ScriptedClient(session.proxy.url, {
      merchantId: MOCK_DEFAULTS.merchantId,
      apiKey: MERCHANT_KEY,
      webhookId: MOCK_DEFAULTS.webhookId,
    });
    await client.run(60, ['token-without-colon', 'no-merchant-id', 'exp-date-with-slash']);
    const send = (authorization: string, body: unknown) =>
      fetch(`${session.proxy.url}/pg/tokenize`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.text());
    // The key unencoded in the header and, by mistake, in the body: only redaction by value catches that.
    await send(`Basic ${MERCHANT_KEY}`, {
      merchant_id: MOCK_DEFAULTS.merchantId,
      api_key: MERCHANT_KEY,
      card_number: TEST_CARDS[0].number,
      cvv2: '123',
      tr_number: TEST_ACH.tr_number,
      dda_number: TEST_ACH.dda_number,
    });
    await send(`Basic ${apiToken(VENDOR_KEY)}`, {
      merchant_id: MOCK_DEFAULTS.merchantId,
      card_number: TEST_CARDS[7].number,
      exp_date: '12/99',
      cvv2: '123',
    });
    await send(VENDOR_KEY, { merchant_id: MOCK_DEFAULTS.merchantId, card_number: TEST_CARDS[3].number, cvv2: '123' });
    // A customer's card (no published test number) with a finding (exp_date MM/YY): its reproduce line must hide it too.
    await send(`Basic ${apiToken(MERCHANT_KEY)}`, {
      merchant_id: MOCK_DEFAULTS.merchantId,
      card_number: PRIVATE_CARD,
      exp_date: '12/29',
      cvv2: '987',
    });
    const { report, files } = await session.finish(dir);
    expect(
      report.rules.some((r) => r.side === 'gateway' && r.ruleId === 'TOK-8' && r.broken),
      'the leak was reported',
    ).toBe(true);
    expect(
      report.rules.filter((r) => r.side === 'application' && r.broken).length,
      'application findings were reported',
    ).toBeGreaterThan(3);
    expect(files).toHaveLength(3);
    const { hits, files: searched, bytes } = search(dir);
    hits.push(...searchText(lines.join('\n'), 'proxy console output'));
    testInfo.annotations.push({
      type: 'searched',
      description: `${searched} files, ${bytes} bytes, and ${lines.length} console lines`,
    });
    expect(hits).toEqual([]);
  } finally {
    await mock.close();
  }
});
