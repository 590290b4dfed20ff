import { expect, test } from '../testing/fixtures.js';
import { MOCK_DEFAULTS } from './defaults.js';
import { FAULTS } from './behaviours/faults.js';
import { MockConfigError, optionsFromEnv, resolveOptions } from './options.js';
import { buildMockServer } from './server.js';
import { VARIANTS } from './behaviours/variants.js';

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (e) {
    if (e instanceof MockConfigError) return e.problems;
    throw e;
  }
  return [];
}

test('with no environment, the mock uses MOCK_DEFAULTS on port 4010', () => {
  const { options, port } = optionsFromEnv({});
  expect(port).toBe(4010);
  expect(resolveOptions(options)).toMatchObject({
    credentials: {
      merchantId: MOCK_DEFAULTS.merchantId,
      apiKey: MOCK_DEFAULTS.apiKey,
      vendorId: MOCK_DEFAULTS.vendorId,
      vendorApiKey: MOCK_DEFAULTS.vendorApiKey,
    },
    webhookId: MOCK_DEFAULTS.webhookId,
    customers: 25,
    faults: [],
    variants: [],
    logger: false,
  });
});

test('reads every MOCK_* variable', () => {
  const { options, port } = optionsFromEnv({
    PG_MOCK_PORT: '0',
    MOCK_MERCHANT_ID: 'm-1',
    MOCK_API_KEY: 'key-a',
    MOCK_VENDOR_ID: '7',
    MOCK_VENDOR_API_KEY: 'key-b',
    MOCK_CUSTOMERS: '1000000',
    MOCK_WEBHOOK_ID: 'wh_x',
    MOCK_FAULTS: ' vault-total-pages-floor ,',
    MOCK_VARIANTS: 'vault-past-end-fails',
    MOCK_LOG: '1',
  });
  expect(port).toBe(0);
  expect(resolveOptions(options)).toMatchObject({
    credentials: { merchantId: 'm-1', apiKey: 'key-a', vendorId: 7, vendorApiKey: 'key-b' },
    customers: 1_000_000,
    webhookId: 'wh_x',
    faults: ['vault-total-pages-floor'],
    variants: ['vault-past-end-fails'],
    logger: true,
  });
});

const MALFORMED: [string, string, RegExp][] = [
  ['PG_MOCK_PORT', '70000', /^PG_MOCK_PORT must be a whole number from 0 to 65535$/],
  ['PG_MOCK_PORT', '-1', /^PG_MOCK_PORT must be/],
  ['MOCK_CUSTOMERS', '1000001', /^MOCK_CUSTOMERS must be a whole number from 0 to 1000000$/],
  ['MOCK_CUSTOMERS', '2.5', /^MOCK_CUSTOMERS must be/],
  ['MOCK_CUSTOMERS', 'many', /^MOCK_CUSTOMERS must be/],
  ['MOCK_VENDOR_ID', '0', /^MOCK_VENDOR_ID must be/],
  ['MOCK_VENDOR_ID', 'v-1', /^MOCK_VENDOR_ID must be/],
  ['MOCK_MERCHANT_ID', 'has space', /^MOCK_MERCHANT_ID must be/],
  ['MOCK_API_KEY', 'a key', /^MOCK_API_KEY must be/],
  ['MOCK_WEBHOOK_ID', 'wh/1', /^MOCK_WEBHOOK_ID must be/],
  ['MOCK_LOG', 'yes', /^MOCK_LOG must be 1 or 0$/],
  ['MOCK_API_KEY', MOCK_DEFAULTS.vendorApiKey, /^MOCK_API_KEY and MOCK_VENDOR_API_KEY must differ/],
];

for (const [name, value, message] of MALFORMED) {
  test(`refuses ${name}=${value.slice(0, 20)} with a message naming the variable`, () => {
    const problems = problemsOf(() => optionsFromEnv({ [name]: value }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
    if (name === 'MOCK_API_KEY') expect(problems[0], 'never quotes a key').not.toContain(value);
  });
}

test('lists every problem at once', () => {
  expect(problemsOf(() => optionsFromEnv({ PG_MOCK_PORT: 'x', MOCK_CUSTOMERS: 'y', MOCK_LOG: 'z' }))).toHaveLength(3);
});

test('unknown fault and variant names fail startup, listing the known ones', () => {
  const problems = problemsOf(() =>
    optionsFromEnv({ MOCK_FAULTS: 'vault-total-pages-floor,no-such-fault', MOCK_VARIANTS: 'nope' }),
  );
  expect(problems).toEqual([
    `MOCK_FAULTS: unknown fault "no-such-fault"; known faults: ${FAULTS.map((f) => f.name).join(', ')}`,
    `MOCK_VARIANTS: unknown variant "nope"; known variants: ${VARIANTS.map((v) => v.name).join(', ')}`,
  ]);
  expect(() => buildMockServer({ faults: ['typo'] })).toThrow(
    /faults: unknown fault "typo"; known faults: tokenize-without-auth/,
  );
});

test('fault and variant registries have unique names, a rule ID and a description', () => {
  for (const registry of [FAULTS, VARIANTS]) {
    const names = registry.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    for (const entry of registry) {
      expect(entry.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(entry.rule).toMatch(/^(AUTH|TOK|VAULT|HOOK|ERR)-[0-9]+$/);
      expect(entry.description.length).toBeGreaterThan(10);
    }
  }
});
