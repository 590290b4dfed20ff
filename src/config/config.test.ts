import { expect, test } from '../testing/fixtures.js';
import { MOCK_DEFAULTS } from '../mock/defaults.js';
import { ConfigError, loadConfig } from './config.js';
import { isApiToken, quotesKept } from './pasted-values.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

const SECRET = 'sk_live_do_not_print_me';

test('defaults to the embedded mock with its built-in credentials', () => {
  const config = loadConfig({});
  expect(config).toMatchObject({ target: 'mock', embeddedMock: true, baseUrl: undefined, allowWrites: true });
  expect(config.merchant).toEqual({ merchantId: MOCK_DEFAULTS.merchantId, apiKey: MOCK_DEFAULTS.apiKey });
  expect(config.vendor).toEqual({ vendorId: MOCK_DEFAULTS.vendorId, apiKey: MOCK_DEFAULTS.vendorApiKey });
  expect(config.webhookId).toBe(MOCK_DEFAULTS.webhookId);
});

test('a mock target with PG_BASE_URL uses the mock already running there', () => {
  expect(loadConfig({ PG_BASE_URL: 'http://127.0.0.1:4010/' })).toMatchObject({
    embeddedMock: false,
    baseUrl: 'http://127.0.0.1:4010',
  });
});

test('sandbox without PG_BASE_URL names the variable and prints no secret', () => {
  const problems = problemsOf({ PG_TARGET: 'sandbox', PG_MERCHANT_ID: 'm', PG_API_KEY: SECRET });
  expect(problems).toEqual(['PG_BASE_URL is required when PG_TARGET is sandbox']);
  expect(() => loadConfig({ PG_TARGET: 'sandbox', PG_API_KEY: SECRET })).toThrow(/PG_BASE_URL[\s\S]*PG_MERCHANT_ID/);
  try {
    loadConfig({ PG_TARGET: 'sandbox', PG_API_KEY: SECRET, PG_BASE_URL: `https://x:${SECRET}@h/` });
  } catch (error) {
    expect(String(error)).not.toContain(SECRET);
  }
});

test('names every malformed variable', () => {
  expect(problemsOf({ PG_TARGET: 'staging' })).toEqual([
    'PG_TARGET is "staging", not one of mock, sandbox, production; did you mean PG_TARGET=sandbox?',
  ]);
  expect(problemsOf({ PG_BASE_URL: 'not a url' })).toEqual([
    'PG_BASE_URL is not a valid absolute URL (expected e.g. https://gateway.example/)',
  ]);
  expect(problemsOf({ PG_BASE_URL: 'ftp://h/' })).toEqual(['PG_BASE_URL must use http or https']);
  expect(problemsOf({ PG_VENDOR_ID: 'abc', PG_VENDOR_API_KEY: 'k' })).toEqual([
    'PG_VENDOR_ID must be a whole number (the integrator ID) when PG_VENDOR_API_KEY is set',
  ]);
  expect(problemsOf({ PG_ALLOW_WRITES: 'yes' })).toEqual([
    'PG_ALLOW_WRITES is "yes", not 1 or 0; did you mean PG_ALLOW_WRITES=1?',
  ]);
  const real = { PG_MERCHANT_ID: 'm', PG_API_KEY: 'k' };
  expect(problemsOf({ ...real, PG_TARGET: 'sandbox', PG_BASE_URL: 'https://h/', PG_VENDOR_API_KEY: 'vk' })).toEqual([
    'PG_VENDOR_ID must be a whole number (the integrator ID) when PG_VENDOR_API_KEY is set',
  ]);
  expect(problemsOf({ ...real, PG_TARGET: 'sandbox', PG_BASE_URL: 'https://h/', PG_VENDOR_ID: '7' })).toEqual([
    'PG_VENDOR_API_KEY is required when PG_VENDOR_ID is set',
  ]);
});

test('real targets refuse plain http to another host and a base URL of the other target', () => {
  const real = { PG_MERCHANT_ID: 'm', PG_API_KEY: 'k' };
  expect(problemsOf({ ...real, PG_TARGET: 'sandbox', PG_BASE_URL: 'http://gateway.example/' })).toEqual([
    'PG_BASE_URL uses plain http to a non-loopback host; sandbox needs https',
  ]);
  expect(problemsOf({ ...real, PG_TARGET: 'sandbox', PG_BASE_URL: 'http://127.0.0.1:4010/' })).toEqual([]);
  expect(problemsOf({ ...real, PG_TARGET: 'production', PG_BASE_URL: 'https://api.sandbox.gateway.example/' })).toEqual(
    ['PG_TARGET is production but PG_BASE_URL looks like a sandbox host'],
  );
  expect(problemsOf({ ...real, PG_TARGET: 'sandbox', PG_BASE_URL: 'https://prod.gateway.example/' })).toEqual([
    'PG_TARGET is sandbox but PG_BASE_URL looks like a production host',
  ]);
});

test('production is read-only unless PG_ALLOW_WRITES=1', () => {
  const prod = {
    PG_TARGET: 'production',
    PG_BASE_URL: 'https://gateway.example/',
    PG_MERCHANT_ID: 'm',
    PG_API_KEY: 'k',
  };
  expect(loadConfig(prod).allowWrites).toBe(false);
  expect(loadConfig({ ...prod, PG_ALLOW_WRITES: '1' }).allowWrites).toBe(true);
  expect(loadConfig(prod).vendor).toBeUndefined();
  expect(loadConfig(prod).webhookId).toBeUndefined();
});

test('PG_MAX_RPS is off by default and takes a positive number of requests a second', () => {
  expect(loadConfig({}).maxRps).toBeUndefined();
  expect(loadConfig({ PG_MAX_RPS: '20' }).maxRps).toBe(20);
  expect(loadConfig({ PG_MAX_RPS: '2.5' }).maxRps).toBe(2.5);
  for (const bad of ['0', '-5', 'fast', '1e3', '10/s']) {
    expect(problemsOf({ PG_MAX_RPS: bad }), bad).toEqual([
      'PG_MAX_RPS must be a positive number of requests a second (e.g. 20 or 2.5), or unset for no pacing',
    ]);
  }
});

test('every numeric variable is checked like PG_MAX_RPS: a value that is not a whole number in range names the variable', () => {
  expect(problemsOf({ PG_WORKERS: 'abc' })).toEqual([
    'PG_WORKERS must be a whole number from 1 to 64 (worker processes), or unset',
  ]);
  expect(problemsOf({ PG_WORKERS: '0' })).toEqual([
    'PG_WORKERS must be a whole number from 1 to 64 (worker processes), or unset',
  ]);
  expect(problemsOf({ PG_GENERATED_RUNS: '2.5' })).toEqual([
    'PG_GENERATED_RUNS must be a whole number from 1 to 100,000 (generated inputs per property), or unset',
  ]);
  for (const seed of ['12x', '-1', '1.5']) {
    expect(problemsOf({ PG_SEED: seed }), seed).toEqual([
      'PG_SEED must be a whole number of 0 or more (the seed a report printed), or unset',
    ]);
  }
  expect(problemsOf({ PG_MOCK_PORT: '70000', PG_PROXY_PORT: '-1' })).toEqual([
    'PG_MOCK_PORT must be a whole number from 0 to 65,535 (a port; 0 picks a free one), or unset',
    'PG_PROXY_PORT must be a whole number from 0 to 65,535 (a port; 0 picks a free one), or unset',
  ]);
  expect(problemsOf({ MOCK_CUSTOMERS: '1e3' })).toEqual([
    "MOCK_CUSTOMERS must be a whole number from 0 to 1,000,000 (customers in the mock's vault), or unset",
  ]);
  const wellFormed = {
    PG_WORKERS: '4',
    PG_GENERATED_RUNS: '100',
    PG_SEED: '123456',
    PG_MOCK_PORT: '0',
    PG_PROXY_PORT: '4020',
    MOCK_CUSTOMERS: '5000',
  };
  expect(problemsOf(wellFormed)).toEqual([]);
});

test("the merchant's own profile, location and user: the mock's on the mock, only what the operator gave elsewhere", () => {
  expect(loadConfig({}).accountFields).toEqual({
    profile_id: MOCK_DEFAULTS.profileId,
    loc_id: MOCK_DEFAULTS.locId,
    user_id: MOCK_DEFAULTS.userId,
  });
  const sandbox = { PG_TARGET: 'sandbox', PG_BASE_URL: 'https://h/', PG_MERCHANT_ID: 'm', PG_API_KEY: 'k' };
  expect(loadConfig(sandbox).accountFields).toEqual({});
  expect(loadConfig({ ...sandbox, PG_PROFILE_ID: ' retail ', PG_USER_ID: '42' }).accountFields).toEqual({
    profile_id: 'retail',
    user_id: 42,
  });
  expect(loadConfig({ ...sandbox, PG_LOC_ID: 'store-7' }).accountFields).toEqual({ loc_id: 'store-7' });
});

test('PG_USER_ID is a whole number like the other numeric variables, and its value is never quoted', () => {
  const sandbox = { PG_TARGET: 'sandbox', PG_BASE_URL: 'https://h/', PG_MERCHANT_ID: 'm', PG_API_KEY: 'k' };
  for (const bad of ['abc', '1.5', '-3', '12x']) {
    const problems = problemsOf({ ...sandbox, PG_USER_ID: bad });
    expect(problems).toEqual([expect.stringMatching(/^PG_USER_ID must be a whole number from 0 to /)]);
    expect(problems.join('\n')).not.toContain(bad);
  }
});

test('credentials an operator mixes up in the variables themselves are named before any request, never quoted', () => {
  const sandbox = { PG_TARGET: 'sandbox', PG_BASE_URL: 'https://h/', PG_MERCHANT_ID: 'm-1', PG_API_KEY: SECRET };
  expect(problemsOf({ ...sandbox, PG_VENDOR_API_KEY: SECRET })).toEqual([
    'PG_VENDOR_ID must be a whole number (the integrator ID) when PG_VENDOR_API_KEY is set',
    "PG_API_KEY and PG_VENDOR_API_KEY hold the same key: the merchant's key and the integrator's are two (section 5.2); " +
      'copy the vendor API key into PG_VENDOR_API_KEY, or unset PG_VENDOR_ID and PG_VENDOR_API_KEY',
  ]);
  expect(problemsOf({ ...sandbox, PG_MERCHANT_ID: SECRET })).toEqual([
    'PG_MERCHANT_ID holds the same value as PG_API_KEY: set it to the merchant ID, not a key',
  ]);
  // A vendor ID copied with its quotes is named as such; surrounding whitespace is trimmed, as for every variable.
  expect(problemsOf({ ...sandbox, PG_VENDOR_ID: '"90001"', PG_VENDOR_API_KEY: 'vk' })).toEqual([
    quotesKept('PG_VENDOR_ID'),
  ]);
  expect(
    loadConfig({ ...sandbox, PG_MERCHANT_ID: ' m-1 ', PG_VENDOR_ID: ' 90001 ', PG_VENDOR_API_KEY: 'vk' }),
  ).toMatchObject({
    merchant: { merchantId: 'm-1' },
    vendor: { vendorId: 90001 },
  });
  // A merchant ID wrapped in quotes may be a real one as far as the document says: the preflight asks the target.
  expect(problemsOf({ ...sandbox, PG_MERCHANT_ID: '"m-1"' })).toEqual([]);
  expect(JSON.stringify(problemsOf({ ...sandbox, PG_VENDOR_API_KEY: SECRET, PG_MERCHANT_ID: SECRET }))).not.toContain(
    SECRET,
  );
});

const NOT_A_TARGET = 'not one of mock, sandbox, production';
const NOT_REPEATED = '(the value given is not repeated: it may be a key on the wrong line)';
const ENUMERATED: { env: Record<string, string>; problem: string }[] = [
  {
    env: { PG_TARGET: 'Sandbox' },
    problem: `PG_TARGET is "Sandbox", ${NOT_A_TARGET}; did you mean PG_TARGET=sandbox?`,
  },
  {
    env: { PG_TARGET: 'PRODUCTION' },
    problem: `PG_TARGET is "PRODUCTION", ${NOT_A_TARGET}; did you mean PG_TARGET=production?`,
  },
  { env: { PG_TARGET: 'sandbx' }, problem: `PG_TARGET is "sandbx", ${NOT_A_TARGET}; did you mean PG_TARGET=sandbox?` },
  { env: { PG_TARGET: 'prod' }, problem: `PG_TARGET is "prod", ${NOT_A_TARGET}; did you mean PG_TARGET=production?` },
  { env: { PG_TARGET: 'banana' }, problem: `PG_TARGET is "banana", ${NOT_A_TARGET}` },
  { env: { PG_TARGET: SECRET }, problem: `PG_TARGET must be one of mock, sandbox, production ${NOT_REPEATED}` },
  {
    env: { PG_ALLOW_WRITES: 'true' },
    problem: 'PG_ALLOW_WRITES is "true", not 1 or 0; did you mean PG_ALLOW_WRITES=1?',
  },
  { env: { PG_ALLOW_WRITES: 'off' }, problem: 'PG_ALLOW_WRITES is "off", not 1 or 0; did you mean PG_ALLOW_WRITES=0?' },
  // One character from 1 is no evidence of meaning 1: a write permission is never guessed.
  { env: { PG_ALLOW_WRITES: '2' }, problem: `PG_ALLOW_WRITES must be 1 or 0 ${NOT_REPEATED}` },
];

for (const { env, problem } of ENUMERATED) {
  const given = JSON.stringify(env).replace(SECRET, 'a key');
  test(`an enumerated variable quotes what was given and the closest accepted value: ${given}`, () => {
    expect(problemsOf(env)).toEqual([problem]);
  });
}

// Section 5.3's token for SECRET, as a user who followed it would paste it.
const TOKEN = Buffer.from(`:${SECRET}`).toString('base64');

test('the token of section 5 set in place of a key is named, with or without "Basic ", and neither is quoted', () => {
  const sandbox = { PG_TARGET: 'sandbox', PG_BASE_URL: 'https://h/', PG_MERCHANT_ID: 'm-1', PG_API_KEY: 'k' };
  const vendor = { PG_VENDOR_ID: '90001', PG_VENDOR_API_KEY: 'vk' };
  const said = (variable: string) =>
    `${variable} looks like the token, not the key: it is the Base 64 of a colon and a key, as section 5 builds ` +
    'the token from the key; set the key itself (the suite builds the token)';
  // As `echo ':key' | base64` builds it (the key and a line end), and with its padding taken off.
  const echoed = Buffer.from(`:${SECRET}\n`).toString('base64');
  for (const pasted of [TOKEN, `Basic ${TOKEN}`, `basic  ${TOKEN}`, echoed, echoed.replace(/=+$/, '')]) {
    const problems = problemsOf({ ...sandbox, ...vendor, PG_API_KEY: pasted });
    expect(problems).toEqual([said('PG_API_KEY')]);
    expect(JSON.stringify(problems)).not.toContain(TOKEN);
    expect(JSON.stringify(problems)).not.toContain(SECRET);
  }
  expect(problemsOf({ ...sandbox, ...vendor, PG_VENDOR_API_KEY: TOKEN })).toEqual([said('PG_VENDOR_API_KEY')]);
});

test('a key is not taken for a token: only Base 64 of a colon and printable text is one', () => {
  expect(isApiToken(TOKEN)).toBe(true);
  // Keys that are valid Base 64 text, of other bytes: a random key, hex, the bytes of a key without the colon.
  for (const key of [
    'sk_sandbox_3f9a',
    'Zm9vYmFyYmF6cXV4',
    '0123456789abcdef0123456789abcdef',
    Buffer.from(SECRET).toString('base64'),
    Buffer.from(':').toString('base64'),
    Buffer.from(':key\u0000').toString('base64'),
    Buffer.from(':').toString('base64').replace(/=+$/, ''),
    `${TOKEN}=`,
    TOKEN.slice(0, -2),
    'Basic',
  ]) {
    expect(isApiToken(key), key).toBe(false);
  }
});

test('quotes kept in a URL, a word of a list or a number are named, once, the value never quoted', () => {
  const real = { PG_MERCHANT_ID: 'm-1', PG_API_KEY: SECRET };
  const sandbox = { ...real, PG_TARGET: 'sandbox', PG_BASE_URL: 'https://h/' };
  expect(problemsOf({ ...real, PG_TARGET: '"sandbox"', PG_BASE_URL: 'https://h/' })).toEqual([quotesKept('PG_TARGET')]);
  expect(problemsOf({ ...real, PG_TARGET: 'sandbox', PG_BASE_URL: "'https://h/'" })).toEqual([
    quotesKept('PG_BASE_URL'),
  ]);
  expect(problemsOf({ ...sandbox, PG_ALLOW_WRITES: '"1"', PG_WORKERS: '"2"', PG_USER_ID: '`7`' })).toEqual([
    quotesKept('PG_ALLOW_WRITES'),
    quotesKept('PG_WORKERS'),
    quotesKept('PG_USER_ID'),
  ]);
  // Inside the quotes the value is judged as ever: a second problem there is its own.
  expect(problemsOf({ ...sandbox, PG_MAX_RPS: '"fast"' })).toEqual([
    quotesKept('PG_MAX_RPS'),
    'PG_MAX_RPS must be a positive number of requests a second (e.g. 20 or 2.5), or unset for no pacing',
  ]);
  expect(quotesKept('PG_WEBHOOK_ID')).toBe(
    'PG_WEBHOOK_ID is wrapped in quotes ("…" kept inside the value by a shell, a CI secret or docker\'s --env-file); remove them',
  );
  // IDs and keys of no documented format may be quoted ones: the target decides (the preflight, the run).
  for (const name of ['PG_MERCHANT_ID', 'PG_API_KEY', 'PG_WEBHOOK_ID', 'PG_PROFILE_ID', 'PG_LOC_ID']) {
    expect(problemsOf({ ...sandbox, [name]: '"x-1"' }), name).toEqual([]);
  }
});

test('PG_MERCHANT_ID_FORM=number, set by npm run conformance for its run, needs a merchant ID of digits', () => {
  const digits = {
    PG_TARGET: 'sandbox',
    PG_BASE_URL: 'https://gw.example',
    PG_MERCHANT_ID: '100234',
    PG_API_KEY: SECRET,
  };
  expect(loadConfig({ ...digits, PG_MERCHANT_ID_FORM: 'number' }).merchant).toEqual({
    merchantId: '100234',
    apiKey: SECRET,
    idForm: 'number',
  });
  expect(loadConfig({ ...digits, PG_MERCHANT_ID_FORM: 'string' }).merchant.idForm).toBeUndefined();
  expect(problemsOf({ ...digits, PG_MERCHANT_ID: 'acme-0042', PG_MERCHANT_ID_FORM: 'number' })).toEqual([
    'PG_MERCHANT_ID_FORM must be string, or number where PG_MERCHANT_ID is a whole number without leading zeros',
  ]);
});
