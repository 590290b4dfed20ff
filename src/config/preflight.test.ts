import { expect, test } from '@playwright/test';
import { MOCK_DEFAULTS } from '../mock/defaults.js';
import { FAULTS } from '../mock/behaviours/faults.js';
import { VARIANTS } from '../mock/behaviours/variants.js';
import { startMock } from '../mock/start.js';
import { DEFAULT_RETRY } from '../contract/gateway-client.js';
import { preflight } from './preflight.js';

const WRONG_KEY = 'sk_wrong_key_never_print_this';

function configFor(baseUrl: string, overrides: Record<string, unknown> = {}) {
  return {
    target: 'sandbox' as const,
    baseUrl,
    merchant: { merchantId: MOCK_DEFAULTS.merchantId, apiKey: MOCK_DEFAULTS.apiKey },
    vendor: { vendorId: MOCK_DEFAULTS.vendorId, apiKey: MOCK_DEFAULTS.vendorApiKey },
    webhookId: MOCK_DEFAULTS.webhookId,
    allowWrites: true,
    maxRps: undefined,
    ...overrides,
  };
}

async function withMock<T>(options: { faults?: string[]; variants?: string[] }, body: (url: string) => Promise<T>): Promise<T> {
  const mock = await startMock({ port: 0, ...options });
  try {
    return await body(mock.url);
  } finally {
    await mock.close();
  }
}

test('the right keys and base URL pass the preflight with a single listing per key', async () => {
  const result = await withMock({}, (url) => preflight(configFor(url)));
  expect(result).toEqual({ kind: 'ok', requests: 2 });
});

test('a wrong API key stops the run with one sentence naming PG_API_KEY, never the key', async () => {
  const result = await withMock({}, (url) => preflight(configFor(url, { merchant: { merchantId: MOCK_DEFAULTS.merchantId, apiKey: WRONG_KEY } })));
  expect(result.kind).toBe('configuration');
  const problems = result.kind === 'configuration' ? result.problems : [];
  expect(problems).toEqual([
    'The target refused PG_API_KEY: the vault listing answered it exactly as it answers a key it never issued (HTTP 401, code 1004); copy the merchant API key for this sandbox from the manager portal.',
  ]);
  expect(JSON.stringify(result)).not.toContain(WRONG_KEY);
});

test('a wrong vendor key names PG_VENDOR_API_KEY and what leaving it out costs', async () => {
  const result = await withMock({}, (url) => preflight(configFor(url, { vendor: { vendorId: MOCK_DEFAULTS.vendorId, apiKey: WRONG_KEY } })));
  expect(result.kind === 'configuration' && result.problems).toEqual([
    expect.stringMatching(/^The target refused PG_VENDOR_API_KEY: .* \(Unsetting PG_VENDOR_ID and PG_VENDOR_API_KEY skips the integrator checks instead; the run then ends NOT FULLY EXERCISED at best\.\)$/),
  ]);
});

test('a wrong key is told by comparison, whatever status and scheme the target refuses with', async () => {
  const wrongKey = { merchant: { merchantId: MOCK_DEFAULTS.merchantId, apiKey: WRONG_KEY } };
  for (const options of [{ variants: ['auth-failures-403'] }, { variants: ['failures-http-200'] }]) {
    const result = await withMock(options, (url) => preflight(configFor(url, wrongKey)));
    expect(result.kind === 'configuration' && result.problems, JSON.stringify(options)).toEqual([expect.stringContaining('The target refused PG_API_KEY')]);
  }
  // Every failure an empty 400 (a failed ERR-2 for the run that follows): a wrong key and a wrong path answer
  // alike, so the sentence names both variables.
  const result = await withMock({ faults: ['platform-failure-empty-400'] }, (url) => preflight(configFor(url, wrongKey)));
  const both = expect.stringMatching(/^PG_API_KEY or PG_BASE_URL is wrong: .*\(HTTP 400\)/);
  expect(result.kind === 'configuration' && result.problems).toEqual([both]);
});

test('against a mock named by PG_BASE_URL, a refused key points at the mock\'s own variable', async () => {
  const result = await withMock({}, (url) => preflight(configFor(url, { target: 'mock', merchant: { merchantId: MOCK_DEFAULTS.merchantId, apiKey: WRONG_KEY } })));
  expect(result.kind === 'configuration' && result.problems).toEqual([expect.stringContaining('set it to the key the mock was started with (MOCK_API_KEY), or leave it unset')]);
});

test('in production without PG_ALLOW_WRITES a refused key is configuration, and the sentence says what else it could be', async () => {
  const result = await withMock({}, (url) => preflight(configFor(url, { target: 'production', allowWrites: false, merchant: { merchantId: MOCK_DEFAULTS.merchantId, apiKey: WRONG_KEY } })));
  expect(result.kind === 'configuration' && result.problems).toEqual([expect.stringContaining('copy the merchant API key for production from the manager portal. (Production without PG_ALLOW_WRITES=1 offers only the listing to ask')]);
  expect(result.kind === 'configuration' && result.problems).toEqual([expect.stringContaining('run with PG_ALLOW_WRITES=1 to tell')]);
});

test('a base URL with a path says to drop the path and which base answers', async () => {
  const result = await withMock({}, async (url) => ({ url, result: await preflight(configFor(`${url}/pg`)) }));
  expect(result.result).toEqual({
    kind: 'configuration',
    problems: [`PG_BASE_URL should be the base address without a path such as /pg: the vault listing is not found under ${result.url}/pg (HTTP 404, rcode "901", as for a path that does not exist) but is found under ${result.url}; set PG_BASE_URL=${result.url}.`],
    requests: expect.any(Number),
  });
  const deeper = await withMock({ variants: ['failures-http-200'] }, async (url) => ({ url, result: await preflight(configFor(`${url}/api/v1`)) }));
  expect(deeper.result.kind === 'configuration' && deeper.result.problems).toEqual([expect.stringContaining(`without a path such as /api/v1: `)]);
});

test('a target that is not there is unavailable, not a configuration problem', async () => {
  const url = await withMock({}, async (u) => u); // closed: nothing listens there any more
  const result = await preflight(configFor(url), { ...DEFAULT_RETRY, attempts: 1, timeoutMs: 2_000 });
  expect(result.kind).toBe('unavailable');
});

// Every deviation the suite must catch, and every legitimate variation, with the right configuration: the
// preflight never turns one into a configuration problem (the rules judge them, each by its own rule).
// vendor-key-refused-on-vault refuses the vendor key on the listing exactly as an unknown key: tokenize
// tells the two apart. The mock-mode-only faults are included: a preflight sees the same gateway.
test('no fault and no variation of the mock is taken for a configuration problem', async () => {
  test.setTimeout(120_000);
  const flagged: string[] = [];
  for (const [kind, name] of [...FAULTS.map((f) => ['faults', f.name] as const), ...VARIANTS.map((v) => ['variants', v.name] as const)]) {
    const result = await withMock({ [kind]: [name] }, (url) => preflight(configFor(url)));
    if (result.kind !== 'ok') flagged.push(`${name}: ${result.kind === 'configuration' ? result.problems.join(' ') : result.problem}`);
  }
  expect(flagged).toEqual([]);
});

test('a wrong key is still caught under every legitimate variation', async () => {
  test.setTimeout(120_000);
  const missed: string[] = [];
  for (const v of VARIANTS) {
    const result = await withMock({ variants: [v.name] }, (url) => preflight(configFor(url, { merchant: { merchantId: MOCK_DEFAULTS.merchantId, apiKey: WRONG_KEY } })));
    if (result.kind !== 'configuration') missed.push(`${v.name}: ${result.kind}`);
  }
  expect(missed).toEqual([]);
});
