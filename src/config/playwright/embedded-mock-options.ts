import { MockConfigError, optionsFromEnv, resolveOptions, type MockOptions } from '../../mock/options.js';
import { ConfigError, type SuiteConfig } from '../config.js';

/** Each credential the suite and the mock must agree on: the variable the suite reads first, then the mock's. */
const CREDENTIALS = [
  { suite: 'PG_MERCHANT_ID', mock: 'MOCK_MERCHANT_ID', label: 'merchantId' },
  { suite: 'PG_API_KEY', mock: 'MOCK_API_KEY', label: 'apiKey' },
  { suite: 'PG_VENDOR_ID', mock: 'MOCK_VENDOR_ID', label: 'vendorId' },
  { suite: 'PG_VENDOR_API_KEY', mock: 'MOCK_VENDOR_API_KEY', label: 'vendorApiKey' },
  { suite: 'PG_WEBHOOK_ID', mock: 'MOCK_WEBHOOK_ID', label: 'webhookId' },
] as const;

const given = (env: NodeJS.ProcessEnv, name: string) => (env[name]?.trim() ? name : undefined);

/** The variable a credential's value came from, so a problem with it names what to change. */
const sourceOf = (env: NodeJS.ProcessEnv, c: (typeof CREDENTIALS)[number]) =>
  given(env, c.suite) ?? given(env, c.mock) ?? `the built-in ${c.mock} default`;

/**
 * The options of the mock the suite starts itself (PG_TARGET=mock without PG_BASE_URL, and npm run proxy
 * without it). The suite owns both ends of that link, so there is one set of credentials: the ones the suite
 * sends (each PG_ variable, else its MOCK_ counterpart, else the built-in default; config.ts), and the mock
 * is started to accept exactly those. The rest of the mock's variables (MOCK_CUSTOMERS, MOCK_FAULTS,
 * MOCK_VARIANTS, MOCK_LOG) apply as they do to `npm run mock`, so the mock started here is the one
 * `npm run mock` would start with the same environment.
 * Throws ConfigError naming the variable behind each problem; the suite's own checks (config.ts) come first.
 */
export function embeddedMockOptions(config: SuiteConfig, env: NodeJS.ProcessEnv): MockOptions {
  const rest: NodeJS.ProcessEnv = { ...env };
  for (const c of CREDENTIALS) delete rest[c.mock];
  delete rest.PG_MOCK_PORT; // the embedded mock takes a free port; PG_MOCK_PORT is npm run mock's
  let options: MockOptions;
  try {
    options = {
      ...optionsFromEnv(rest).options,
      credentials: {
        merchantId: config.merchant.merchantId,
        apiKey: config.merchant.apiKey,
        ...(config.vendor && { vendorId: config.vendor.vendorId, vendorApiKey: config.vendor.apiKey }),
      },
      webhookId: config.webhookId,
    };
    const sources = Object.fromEntries(CREDENTIALS.map((c) => [c.label, sourceOf(env, c)])) as Record<
      (typeof CREDENTIALS)[number]['label'],
      string
    >;
    resolveOptions(options, {
      ...sources,
      customers: 'MOCK_CUSTOMERS',
      faults: 'MOCK_FAULTS',
      variants: 'MOCK_VARIANTS',
    });
  } catch (error) {
    if (error instanceof MockConfigError) throw new ConfigError(error.problems.map((p) => `the embedded mock: ${p}`));
    throw error;
  }
  return options;
}

/**
 * What a run against the embedded mock says of PG_ credentials, names only: that they went to the embedded
 * mock (a .env of a sandbox without PG_TARGET and PG_BASE_URL must not pass for a sandbox run), and, for
 * each also set as MOCK_ with another value, that the MOCK_ one is not used.
 */
export function embeddedMockNotes(env: NodeJS.ProcessEnv): string[] {
  const pg = CREDENTIALS.filter((c) => given(env, c.suite)).map((c) => c.suite);
  if (!pg.length) return [];
  const differ = (c: (typeof CREDENTIALS)[number]) =>
    given(env, c.suite) && given(env, c.mock) && env[c.suite]!.trim() !== env[c.mock]!.trim();
  return [
    `Note: ${pg.join(', ')} set without PG_BASE_URL: this run checks the embedded mock, started to accept them; ` +
      'set PG_TARGET and PG_BASE_URL to check a gateway with them.',
    ...CREDENTIALS.filter(differ).map(
      (c) =>
        `Note: ${c.suite} and ${c.mock} differ; the embedded mock is started with ${c.suite}, which the suite sends ` +
        `(${c.mock} is read by npm run mock).`,
    ),
  ];
}
