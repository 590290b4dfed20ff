import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '../testing/fixtures.js';
import { mockCredentialsAsTarget } from '../config/child-env.js';
import { startMock, type MockHandle } from '../mock/start.js';
import { RecordingProxy, refusesKey } from '../testing/stand-ins/recording-proxy.js';
import { runConformance } from '../testing/run-command.js';
import { serverIdentity, TEST_CA_FILE } from '../testing/certificates.js';
import { loadRules } from '../catalogue/rules.js';
import { MOCK_DEFAULTS } from '../mock/defaults.js';

// Whole `npm run conformance` runs in child processes against a mock taken for a sandbox (black-box mode).
// The two preflight cases stop before Playwright starts (about a second each); the two that need the run
// itself (an unknown PG_WEBHOOK_ID shows only at its first disable) cost a conformance run each, with one
// generated input a property and one worker (WHOLE_RUN): what they check depends on neither.
let mock: MockHandle;
// A gateway as the vendor's published OpenAPI document declares tokenize (merchant_id an integer, exp_date
// always required), with the merchant ID of digits such a gateway has; one whose listing takes any key; and a
// stand-in in front of the mock that knows the vendor key but refuses it on every request (HTTP 401,
// "Unauthorized"), while a key it never issued gets the mock's own answer.
const NUMERIC_ID = '100234';
let integerMerchantId: MockHandle;
let listingTakesAnyKey: MockHandle;
let vendorKeyRefused: RecordingProxy;
let vendorKeyRefusedUrl: string;
test.beforeAll(async () => {
  mock = await startMock();
  integerMerchantId = await startMock({
    faults: ['tokenize-merchant-id-integer'],
    credentials: { merchantId: NUMERIC_ID },
  });
  listingTakesAnyKey = await startMock({ faults: ['vault-accepts-any-key'] });
  vendorKeyRefused = new RecordingProxy(mock.url, refusesKey(MOCK_DEFAULTS.vendorApiKey));
  vendorKeyRefusedUrl = await vendorKeyRefused.start();
});
test.afterAll(async () => {
  await Promise.all([mock.close(), integerMerchantId.close(), listingTakesAnyKey.close(), vendorKeyRefused.stop()]);
});

const WRONG_KEY = 'sk_sandbox_wrong_key_Zq81';
const WHOLE_RUN = { PG_GENERATED_RUNS: '1', PG_WORKERS: '1' };

function sandbox(dir: string, overrides: Record<string, string | undefined>): Record<string, string> {
  const env: Record<string, string | undefined> = {
    PG_TARGET: 'sandbox',
    PG_BASE_URL: mock.url,
    ...mockCredentialsAsTarget(),
    PG_REPORTS_DIR: dir,
    PG_RESULTS_DIR: join(dir, 'test-results'),
    ...overrides,
  };
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
}

type ResultsJson = { config: { metadata: { actualWorkers: number } } };

const reportOf = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as {
    verdict: string;
    configuration: string[];
    counts: Record<string, number>;
    rules: { id: string; status: string }[];
  };

test(
  'a wrong API key ends with exit 2 and one sentence naming PG_API_KEY, in seconds, with no test run ' +
    'and no key printed',
  async ({}, testInfo) => {
    const dir = testInfo.outputPath('run');
    const started = Date.now();
    const run = await runConformance(sandbox(dir, { PG_API_KEY: WRONG_KEY }));
    expect(run.code, run.output).toBe(2);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(run.output).toContain(
      'The target refused PG_API_KEY: the vault listing answered it exactly as it answers a key it never issued (HTTP 401, code 1004)',
    );
    expect(run.output).toContain('No test was run');
    expect(run.output).not.toMatch(/Running [0-9]+ tests/);
    expect(run.output).not.toContain(WRONG_KEY);
    expect(run.output).not.toContain(Buffer.from(`:${WRONG_KEY}`).toString('base64'));
    expect(reportOf(dir)).toMatchObject({ verdict: 'CONFIGURATION ERROR', counts: { 'not run': loadRules().length } });
  },
);

// Each mix-up an operator makes with the IDs and keys: named in one sentence, before any test runs; the last
// line (what a CI step reads) names the variable and the mistake, and never what `notSaid` would send the
// operator to instead.
const MIX_UPS: { name: string; env: () => Record<string, string>; sentence: string; notSaid?: string }[] = [
  {
    name: 'a wrong PG_MERCHANT_ID',
    env: () => ({ PG_MERCHANT_ID: 'acme-shop-0042' }),
    sentence: 'The target refused PG_MERCHANT_ID: ',
  },
  {
    name: 'a wrong numeric PG_MERCHANT_ID',
    env: () => ({ PG_MERCHANT_ID: '1234567' }),
    sentence: 'The target refused PG_MERCHANT_ID: ',
  },
  {
    name: 'a wrong PG_VENDOR_ID',
    env: () => ({ PG_VENDOR_ID: '90002' }),
    sentence: 'The target refused PG_VENDOR_ID: ',
  },
  {
    name: 'the two keys swapped',
    env: () => ({ PG_API_KEY: MOCK_DEFAULTS.vendorApiKey, PG_VENDOR_API_KEY: MOCK_DEFAULTS.apiKey }),
    sentence: 'PG_API_KEY and PG_VENDOR_API_KEY look swapped: ',
  },
  {
    name: 'the merchant ID and the vendor ID swapped',
    env: () => ({
      PG_BASE_URL: integerMerchantId.url,
      PG_MERCHANT_ID: String(MOCK_DEFAULTS.vendorId),
      PG_VENDOR_ID: NUMERIC_ID,
    }),
    sentence: 'PG_MERCHANT_ID and PG_VENDOR_ID look swapped: ',
  },
  {
    name: 'a vendor key the target refuses on tokenize as a made-up one',
    env: () => ({ PG_BASE_URL: listingTakesAnyKey.url, PG_VENDOR_API_KEY: WRONG_KEY }),
    sentence: 'The target refused PG_VENDOR_API_KEY: ',
  },
  {
    name: 'a vendor key the target knows but refuses on every request',
    env: () => ({ PG_BASE_URL: vendorKeyRefusedUrl }),
    sentence: 'The target refused PG_VENDOR_API_KEY: the vault listing, which takes no vendor ID, refused it ',
    notSaid: 'refused PG_VENDOR_ID',
  },
];

for (const mixUp of MIX_UPS) {
  test(`${mixUp.name} ends with exit 2 and one sentence, in seconds, with no test run and the verdict line last`, async ({}, testInfo) => {
    const dir = testInfo.outputPath('run');
    const started = Date.now();
    const run = await runConformance(sandbox(dir, mixUp.env()));
    expect(run.code, run.output).toBe(2);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(run.output).toContain(`  - ${mixUp.sentence}`);
    expect(run.output).toContain('No test was run');
    expect(run.output).not.toMatch(/Running [0-9]+ tests/);
    expect(run.output.trimEnd().split('\n').at(-1)).toContain(`Conformance: CONFIGURATION ERROR: ${mixUp.sentence}`);
    if (mixUp.notSaid) expect(run.output).not.toContain(mixUp.notSaid);
    for (const key of [MOCK_DEFAULTS.apiKey, MOCK_DEFAULTS.vendorApiKey, WRONG_KEY])
      expect(run.output).not.toContain(key);
    expect(reportOf(dir)).toMatchObject({
      verdict: 'CONFIGURATION ERROR',
      configuration: [expect.stringContaining(mixUp.sentence)],
    });
  });
}

test(
  "a gateway that takes merchant_id only as a number, as the vendor's OpenAPI document declares, is no configuration " +
    'error: the run sends the number, fails TOK-12 with both exchanges and exercises the other rules',
  async ({}, testInfo) => {
    test.setTimeout(120_000);
    const dir = testInfo.outputPath('run');
    const run = await runConformance(
      sandbox(dir, { ...WHOLE_RUN, PG_BASE_URL: integerMerchantId.url, PG_MERCHANT_ID: NUMERIC_ID }),
    );
    expect(run.code, run.output).toBe(1);
    expect(run.output).toContain(
      'Preflight: tokenize refuses PG_MERCHANT_ID as the string section 2.1 gives it (HTTP 400, rcode "206", "merchant_id must ' +
        'be an integer.") and takes it as a JSON number',
    );
    const report = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as {
      verdict: string;
      configuration: string[];
      rules: { id: string; status: string; observations: { text: string }[] }[];
    };
    expect(report.verdict).toBe('NON-CONFORMANT');
    expect(report.configuration).toEqual([]);
    const status = Object.fromEntries(report.rules.map((r) => [r.id, r.status]));
    // ACH without exp_date is refused there too (TOK-3); every other rule the run can judge on a sandbox is judged.
    expect(Object.entries(status).filter(([, s]) => s === 'failed')).toEqual([
      ['TOK-3', 'failed'],
      ['TOK-12', 'failed'],
    ]);
    for (const id of ['TOK-1', 'TOK-2', 'TOK-5', 'TOK-11', 'AUTH-2', 'AUTH-5']) expect(status[id], id).toBe('passed');
    expect(report.rules.find((r) => r.id === 'TOK-12')?.observations).toEqual([
      expect.objectContaining({
        text: expect.stringContaining('so this run sent it as a number in every other tokenize request'),
      }),
    ]);
  },
);

test('workers fit how far the preflight found the target: 2 near, 4 over a slow link, PG_WORKERS over both', async ({}, testInfo) => {
  test.setTimeout(120_000);
  const slow = await startMock({ variants: ['slow-link'] });
  try {
    const workersOn = async (url: string, overrides: Record<string, string> = {}) => {
      const dir = testInfo.outputPath(`run-${url.split(':').at(-1)}-${Object.keys(overrides).length}`);
      const run = await runConformance(sandbox(dir, { PG_BASE_URL: url, PG_GENERATED_RUNS: '1', ...overrides }), [
        '--rule',
        'AUTH-3',
      ]);
      expect(run.code, run.output).toBe(0);
      // Playwright's own record of the workers it ran (its JSON report), not the console's wording.
      const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as ResultsJson;
      return results.config.metadata.actualWorkers;
    };
    expect(await workersOn(mock.url)).toBe(2);
    expect(await workersOn(slow.url)).toBe(4);
    expect(await workersOn(slow.url, { PG_WORKERS: '3' })).toBe(3);
  } finally {
    await slow.close();
  }
});

test('a base URL with a path ends with exit 2, saying to drop the path, with no test run', async ({}, testInfo) => {
  const run = await runConformance(
    sandbox(testInfo.outputPath('run'), { PG_BASE_URL: `${mock.url}/pg`, PG_ALLOW_WRITE: '1' }),
  );
  expect(run.code, run.output).toBe(2);
  expect(run.output).toContain(`PG_BASE_URL should be the base address without a path such as /pg: `);
  expect(run.output).toContain(`set PG_BASE_URL=${mock.url}.`);
  expect(run.output).toContain(
    'Warning: PG_ALLOW_WRITE is not a variable this suite reads; did you mean PG_ALLOW_WRITES?',
  );
  expect(run.output).not.toMatch(/Running [0-9]+ tests/);
});

test(
  'https:// against the plain-http mock ends with exit 2 and a sentence, not TARGET UNAVAILABLE, with ' + 'no test run',
  async ({}, testInfo) => {
    const dir = testInfo.outputPath('run');
    const run = await runConformance(sandbox(dir, { PG_BASE_URL: mock.url.replace('http://', 'https://') }));
    expect(run.code, run.output).toBe(2);
    expect(run.output).toContain(
      'has no TLS on this port: the server answered, but not with TLS. Is it serving plain http here?',
    );
    expect(run.output).toContain('Use http:// in PG_BASE_URL');
    expect(run.output).not.toMatch(/Running [0-9]+ tests/);
    expect(run.output.trimEnd().split('\n').at(-1)).toMatch(/^Conformance: CONFIGURATION ERROR: /);
    expect(reportOf(dir)).toMatchObject({ verdict: 'CONFIGURATION ERROR' });
  },
);

test(
  'a certificate for another host name ends with exit 2 naming PG_BASE_URL, its authority trusted ' +
    'through NODE_EXTRA_CA_CERTS',
  async ({}, testInfo) => {
    const tls = createTlsServer(serverIdentity('other-host'), (_, res) => res.end('{}'));
    await new Promise<void>((r) => tls.listen(0, '127.0.0.1', r));
    try {
      const base = `https://127.0.0.1:${(tls.address() as AddressInfo).port}`;
      const trusted = { PG_BASE_URL: base, NODE_EXTRA_CA_CERTS: TEST_CA_FILE };
      const run = await runConformance(sandbox(testInfo.outputPath('run'), trusted));
      expect(run.code, run.output).toBe(2);
      expect(run.output).toContain(
        'names DNS:other-host.invalid, not 127.0.0.1: set PG_BASE_URL to a host name the certificate covers.',
      );
      expect(run.output.trimEnd().split('\n').at(-1)).toMatch(/^Conformance: CONFIGURATION ERROR: /);
    } finally {
      tls.close();
    }
  },
);

test('an unknown PG_WEBHOOK_ID ends with exit 2 naming it, not with a failed rule', async ({}, testInfo) => {
  test.setTimeout(120_000);
  const dir = testInfo.outputPath('run');
  const run = await runConformance(sandbox(dir, { ...WHOLE_RUN, PG_WEBHOOK_ID: 'wh_nobody_knows_this_one' }));
  expect(run.code, run.output).toBe(2);
  expect(run.output).toContain(
    'Configuration problems, fix these first (1):\n  - PG_WEBHOOK_ID names no webhook the target knows',
  );
  expect(run.output.trimEnd().split('\n').at(-1)).toMatch(
    /^Conformance: CONFIGURATION ERROR: PG_WEBHOOK_ID names no webhook the target knows: .* \(found during the run: [0-9]+ rules; /,
  );
  const report = reportOf(dir);
  expect(report.counts.failed ?? 0).toBe(0);
  expect(report.configuration).toEqual([expect.stringContaining('PG_WEBHOOK_ID names no webhook the target knows')]);
});

// A right PG_WEBHOOK_ID the gateway refuses to disable in one form or to one key: a made-up ID is refused the
// same way, so only the questions of checks/refused-disable.ts keep the ID from being named. --rule narrows
// each run to the tests that meet the refusal; the questions are the same in the whole run.
for (const { fault, rule } of [
  { fault: 'disable-refuses-empty-body', rule: 'HOOK-1' },
  { fault: 'vendor-key-refused-on-disable', rule: 'AUTH-5' },
]) {
  test(`a gateway with fault ${fault} ends NON-CONFORMANT on ${rule}, never naming PG_WEBHOOK_ID`, async ({}, testInfo) => {
    test.setTimeout(120_000);
    const gateway = await startMock({ faults: [fault] });
    try {
      const dir = testInfo.outputPath('run');
      const run = await runConformance(sandbox(dir, { ...WHOLE_RUN, PG_BASE_URL: gateway.url }), ['--rule', rule]);
      expect(run.code, run.output).toBe(1);
      expect(run.output).not.toContain('PG_WEBHOOK_ID names no webhook');
      expect(run.output.trimEnd().split('\n').at(-1)).toMatch(new RegExp(`^Conformance: NON-CONFORMANT for ${rule} `));
      const report = reportOf(dir);
      expect(report.configuration).toEqual([]);
      expect(report.rules.find((r) => r.id === rule)?.status).toBe('failed');
    } finally {
      await gateway.close();
    }
  });
}

test(
  'a proxy that starts asking for credentials mid-run ends with exit 2 naming HTTPS_PROXY / HTTP_PROXY, ' +
    'not with a failed rule',
  async ({}, testInfo) => {
    test.setTimeout(120_000);
    // In front of the mock: the probe's and the preflight's requests pass, every later one is answered 407.
    let passed = 0;
    const front = createHttpServer((req, res) => {
      if (++passed > 6) return void res.writeHead(407, { 'proxy-authenticate': 'Basic realm="egress"' }).end();
      const upstream = httpRequest(`${mock.url}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(upstream);
    });
    await new Promise<void>((r) => front.listen(0, '127.0.0.1', r));
    try {
      const dir = testInfo.outputPath('run');
      const base = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
      const run = await runConformance(sandbox(dir, { PG_BASE_URL: base, PG_WORKERS: '1' }), ['--rule', 'AUTH-6']);
      expect(run.code, run.output).toBe(2);
      expect(run.output.trimEnd().split('\n').at(-1)).toMatch(/^Conformance: CONFIGURATION ERROR for AUTH-6 /);
      const report = reportOf(dir);
      expect(report.counts.failed ?? 0).toBe(0);
      expect(report.configuration).toEqual([
        expect.stringContaining("put the proxy's user and password in HTTPS_PROXY / HTTP_PROXY"),
      ]);
    } finally {
      front.close();
    }
  },
);

test(
  'a sandbox run without PG_WEBHOOK_ID is NOT FULLY EXERCISED (exit 4), and the console ends with the ' +
    'skipped rules and the variable to set',
  async ({}, testInfo) => {
    test.setTimeout(120_000);
    const run = await runConformance(sandbox(testInfo.outputPath('run'), { ...WHOLE_RUN, PG_WEBHOOK_ID: undefined }));
    expect(run.code, run.output).toBe(4);
    const end = run.output.slice(run.output.lastIndexOf('Operations never served'));
    expect(end).toContain(
      '  - disableWebhook: never called to do its work, as webhook checks on this target need PG_WEBHOOK_ID',
    );
    expect(end).toContain(
      'Skipped (1):\n  - HOOK-1: webhook checks on this target need PG_WEBHOOK_ID (a webhook the suite may disable) (set PG_WEBHOOK_ID)',
    );
    // Reasons are listed by how many tests each skipped, most first: this one's place follows the suite's shape.
    expect(end).toMatch(/Skipped tests by reason: [^\n]*\b[0-9]+ × webhook checks on this target need PG_WEBHOOK_ID/);
    expect(end).toMatch(/Conformance: NOT FULLY EXERCISED: [^\n]*1 skipped/);
  },
);
