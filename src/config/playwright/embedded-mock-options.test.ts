import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../../testing/fixtures.js';
import dotenv from 'dotenv';
import { basicAuthorization } from '../../transport/auth.js';
import { newCardRequest } from '../../catalogue/request-builders.js';
import { MOCK_DEFAULTS } from '../../mock/defaults.js';
import { optionsFromEnv, resolveOptions } from '../../mock/options.js';
import { startMock } from '../../mock/start.js';
import { ConfigError, loadConfig } from '../config.js';
import { embeddedMockNotes, embeddedMockOptions } from './embedded-mock-options.js';

type Env = Record<string, string>;

/** The environment the suite reads: `.env` (when given) under the environment, which wins, as loadSuiteConfig does. */
function suiteEnv(environment: Env, dotenvText?: string): Env {
  const env = { ...environment };
  if (dotenvText !== undefined) {
    const path = join(mkdtempSync(join(tmpdir(), 'embedded-mock-')), '.env');
    writeFileSync(path, dotenvText);
    dotenv.config({ path, processEnv: env, quiet: true });
  }
  return env;
}

const ALL_MOCK = {
  MOCK_MERCHANT_ID: 'm-from-mock',
  MOCK_API_KEY: 'some-other-key',
  MOCK_VENDOR_ID: '4242',
  MOCK_VENDOR_API_KEY: 'vendor-other-key',
  MOCK_WEBHOOK_ID: 'wh_other',
};
const ALL_PG = {
  PG_MERCHANT_ID: 'm-from-pg',
  PG_API_KEY: 'pg-key',
  PG_VENDOR_ID: '77',
  PG_VENDOR_API_KEY: 'pg-vendor-key',
  PG_WEBHOOK_ID: 'wh_pg',
};
const asDotenv = (env: Env) =>
  Object.entries(env)
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');

const COMBINATIONS: { name: string; environment: Env; dotenv?: string }[] = [
  { name: 'nothing set: the built-in defaults', environment: {} },
  { name: 'MOCK_API_KEY alone', environment: { MOCK_API_KEY: 'some-other-key' } },
  { name: 'MOCK_MERCHANT_ID alone', environment: { MOCK_MERCHANT_ID: 'm-77' } },
  {
    name: 'the vendor pair from MOCK_',
    environment: { MOCK_VENDOR_ID: '4242', MOCK_VENDOR_API_KEY: 'vendor-other-key' },
  },
  { name: 'MOCK_VENDOR_ID alone', environment: { MOCK_VENDOR_ID: '4242' } },
  { name: 'MOCK_WEBHOOK_ID alone', environment: { MOCK_WEBHOOK_ID: 'wh_other' } },
  { name: 'every MOCK_ credential', environment: ALL_MOCK },
  { name: 'PG_API_KEY without PG_BASE_URL', environment: { PG_API_KEY: 'pg-key' } },
  { name: 'every PG_ credential without PG_BASE_URL', environment: ALL_PG },
  { name: 'every PG_ and every MOCK_ credential, all different', environment: { ...ALL_PG, ...ALL_MOCK } },
  {
    name: 'PG_MERCHANT_ID with MOCK_API_KEY',
    environment: { PG_MERCHANT_ID: 'm-from-pg', MOCK_API_KEY: 'some-other-key' },
  },
  {
    name: 'PG_VENDOR_ID with MOCK_VENDOR_API_KEY',
    environment: { PG_VENDOR_ID: '77', MOCK_VENDOR_API_KEY: 'vendor-other-key' },
  },
  { name: 'MOCK_API_KEY from .env', environment: {}, dotenv: 'MOCK_API_KEY=key-from-dotenv\n' },
  { name: 'every MOCK_ credential from .env', environment: {}, dotenv: asDotenv(ALL_MOCK) },
  {
    name: 'MOCK_API_KEY in .env and in the environment',
    environment: { MOCK_API_KEY: 'from-env' },
    dotenv: 'MOCK_API_KEY=from-dotenv',
  },
  {
    name: 'PG_API_KEY in .env, MOCK_API_KEY in the environment',
    environment: { MOCK_API_KEY: 'from-env' },
    dotenv: 'PG_API_KEY=pg-key',
  },
  {
    name: '.env of a sandbox with PG_TARGET=mock and no PG_BASE_URL',
    environment: { PG_TARGET: 'mock' },
    dotenv: asDotenv(ALL_PG),
  },
];

for (const { name, environment, dotenv: dotenvText } of COMBINATIONS) {
  test(`the embedded mock accepts the credentials the suite sends: ${name}`, async () => {
    const env = suiteEnv(environment, dotenvText);
    const config = loadConfig(env);
    expect(config.embeddedMock).toBe(true);
    const mock = await startMock(embeddedMockOptions(config, env));
    try {
      const query = new URLSearchParams({ count: '1', page: '0', merchant_id: config.merchant.merchantId });
      const listing = await fetch(`${mock.url}/platform/vault/customer?${query}`, {
        headers: { accept: 'application/json', authorization: basicAuthorization(config.merchant.apiKey) },
      });
      expect(await listing.json(), 'the merchant key and ID the suite sends').toMatchObject({ code: 0 });
      const vendor = config.vendor!;
      const tokenize = await fetch(`${mock.url}/pg/tokenize`, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: basicAuthorization(vendor.apiKey),
        },
        body: JSON.stringify({ ...newCardRequest(config.merchant.merchantId), vendor_id: vendor.vendorId }),
      });
      expect(await tokenize.json(), 'the vendor key and ID the suite sends').toMatchObject({ rcode: '000' });
      const webhook = await fetch(`${mock.url}/__mock/webhooks/${config.webhookId}`);
      expect(webhook.status, 'the webhook ID the suite disables is the seeded one').toBe(200);
    } finally {
      await mock.close();
    }
  });
}

// A mock started apart (npm run mock, then PG_BASE_URL) reads MOCK_ alone: the suite agrees with it when both
// read the same environment or .env, and PG_ variables (what the suite sends) are not set.
const setsPg = (c: (typeof COMBINATIONS)[number]) =>
  Object.keys(c.environment).some((k) => k.startsWith('PG_')) || !!c.dotenv?.includes('PG_');
const withoutPgCredentials = COMBINATIONS.filter((c) => !setsPg(c));
for (const { name, environment, dotenv: dotenvText } of withoutPgCredentials) {
  test(`npm run mock and the suite pointed at it agree: ${name}`, () => {
    const env = suiteEnv(environment, dotenvText);
    const config = loadConfig({ ...env, PG_BASE_URL: 'http://127.0.0.1:4010' });
    const mock = resolveOptions(optionsFromEnv(env).options);
    expect(config.merchant).toEqual({ merchantId: mock.credentials.merchantId, apiKey: mock.credentials.apiKey });
    expect(config.vendor).toEqual({ vendorId: mock.credentials.vendorId, apiKey: mock.credentials.vendorApiKey });
    expect(config.webhookId).toBe(mock.webhookId);
  });
}

test("the rest of the mock's variables apply to the embedded mock as to npm run mock", () => {
  const env = {
    MOCK_CUSTOMERS: '3',
    MOCK_FAULTS: 'vault-total-pages-floor',
    MOCK_VARIANTS: 'extra-fields',
    PG_MOCK_PORT: '4999',
  };
  const options = embeddedMockOptions(loadConfig(env), env);
  expect(options).toMatchObject({ customers: 3, faults: ['vault-total-pages-floor'], variants: ['extra-fields'] });
});

test('a problem of the embedded mock names the variable its value came from, and never the value', () => {
  const problems = (env: Env) => {
    try {
      embeddedMockOptions(loadConfig(env), env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };
  const cannotTell = 'must differ, or the mock cannot tell merchant from integrator';
  expect(problems({ PG_API_KEY: MOCK_DEFAULTS.vendorApiKey })).toEqual([
    `the embedded mock: PG_API_KEY and the built-in MOCK_VENDOR_API_KEY default ${cannotTell}`,
  ]);
  expect(problems({ PG_API_KEY: 'same-key', MOCK_VENDOR_API_KEY: 'same-key' })).toEqual([
    `the embedded mock: PG_API_KEY and MOCK_VENDOR_API_KEY ${cannotTell}`,
  ]);
  expect(problems({ PG_VENDOR_ID: '0' })).toEqual(['the embedded mock: PG_VENDOR_ID must be a positive whole number']);
  expect(problems({ MOCK_FAULTS: 'no-such-fault' })[0]).toMatch(
    /^the embedded mock: MOCK_FAULTS: unknown fault "no-such-fault"/,
  );
});

test('PG_ credentials against the embedded mock are said to go there, and a differing MOCK_ one is named, without values', () => {
  const notes = embeddedMockNotes({
    PG_API_KEY: 'a-secret',
    MOCK_API_KEY: 'b-secret',
    PG_MERCHANT_ID: 'm',
    MOCK_MERCHANT_ID: 'm',
  });
  expect(notes).toEqual([
    'Note: PG_MERCHANT_ID, PG_API_KEY set without PG_BASE_URL: this run checks the embedded mock, started to accept them; ' +
      'set PG_TARGET and PG_BASE_URL to check a gateway with them.',
    'Note: PG_API_KEY and MOCK_API_KEY differ; the embedded mock is started with PG_API_KEY, which the suite sends ' +
      '(MOCK_API_KEY is read by npm run mock).',
  ]);
  expect(embeddedMockNotes({ MOCK_API_KEY: 'b-secret' })).toEqual([]);
});
