import { MOCK_DEFAULTS } from './defaults.js';
import { unknownNames } from './behaviours/apply.js';
import type { Credentials } from './gateway/credentials.js';
import { MAX_CUSTOMERS } from './state/customers.js';
import { webhookIdProblem } from './state/webhooks.js';

export type MockOptions = {
  credentials?: Partial<Credentials>;
  webhookId?: string;
  /** Customers in the vault, 0 to MAX_CUSTOMERS. */
  customers?: number;
  faults?: readonly string[];
  variants?: readonly string[];
  /** A request log on stdout: one line per answer (method, URL, status, time; never bodies or headers). Off by default. */
  logger?: boolean;
  /** Time-out of one webhook delivery attempt. */
  deliveryTimeoutMs?: number;
};

/** The mock's options once defaults are filled in and checked (resolveOptions). */
export type ResolvedOptions = Required<Omit<MockOptions, 'credentials'>> & { credentials: Credentials };

const PRINTABLE_TOKEN = /^[\x21-\x7e]{1,256}$/;

/** Lists every problem at once and never quotes a key, so a misplaced secret cannot reach a log. */
export class MockConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid mock configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'MockConfigError';
  }
}

const OPTION_LABELS = {
  merchantId: 'credentials.merchantId',
  apiKey: 'credentials.apiKey',
  vendorId: 'credentials.vendorId',
  vendorApiKey: 'credentials.vendorApiKey',
  webhookId: 'webhookId',
  customers: 'customers',
  faults: 'faults',
  variants: 'variants',
};

type Labels = typeof OPTION_LABELS;

const ENV_LABELS: Labels = {
  merchantId: 'MOCK_MERCHANT_ID',
  apiKey: 'MOCK_API_KEY',
  vendorId: 'MOCK_VENDOR_ID',
  vendorApiKey: 'MOCK_VENDOR_API_KEY',
  webhookId: 'MOCK_WEBHOOK_ID',
  customers: 'MOCK_CUSTOMERS',
  faults: 'MOCK_FAULTS',
  variants: 'MOCK_VARIANTS',
};

/** Fills defaults from MOCK_DEFAULTS and checks everything; throws MockConfigError listing all problems. */
export function resolveOptions(options: MockOptions = {}, labels: Labels = OPTION_LABELS): ResolvedOptions {
  const credentials: Credentials = {
    merchantId: options.credentials?.merchantId ?? MOCK_DEFAULTS.merchantId,
    apiKey: options.credentials?.apiKey ?? MOCK_DEFAULTS.apiKey,
    vendorId: options.credentials?.vendorId ?? MOCK_DEFAULTS.vendorId,
    vendorApiKey: options.credentials?.vendorApiKey ?? MOCK_DEFAULTS.vendorApiKey,
  };
  const resolved: ResolvedOptions = {
    credentials,
    webhookId: options.webhookId ?? MOCK_DEFAULTS.webhookId,
    customers: options.customers ?? MOCK_DEFAULTS.customers,
    faults: [...new Set(options.faults ?? [])],
    variants: [...new Set(options.variants ?? [])],
    logger: options.logger ?? false,
    deliveryTimeoutMs: options.deliveryTimeoutMs ?? 5000,
  };
  const problems: string[] = [];
  if (!/^[\x21-\x7e]{1,64}$/.test(credentials.merchantId))
    problems.push(`${labels.merchantId} must be 1 to 64 printable characters without spaces`);
  if (!PRINTABLE_TOKEN.test(credentials.apiKey))
    problems.push(`${labels.apiKey} must be 1 to 256 printable characters without spaces`);
  if (!PRINTABLE_TOKEN.test(credentials.vendorApiKey))
    problems.push(`${labels.vendorApiKey} must be 1 to 256 printable characters without spaces`);
  if (credentials.apiKey === credentials.vendorApiKey) {
    problems.push(
      `${labels.apiKey} and ${labels.vendorApiKey} must differ, or the mock cannot tell merchant from integrator`,
    );
  }
  if (!Number.isSafeInteger(credentials.vendorId) || credentials.vendorId < 1)
    problems.push(`${labels.vendorId} must be a positive whole number`);
  const hookProblem = webhookIdProblem(resolved.webhookId);
  if (hookProblem) problems.push(`${labels.webhookId} ${hookProblem}`);
  if (!Number.isSafeInteger(resolved.customers) || resolved.customers < 0 || resolved.customers > MAX_CUSTOMERS) {
    problems.push(`${labels.customers} must be a whole number from 0 to ${MAX_CUSTOMERS}`);
  }
  if (!(resolved.deliveryTimeoutMs > 0)) problems.push('deliveryTimeoutMs must be a positive number of milliseconds');
  problems.push(
    ...unknownNames('fault', resolved.faults, labels.faults),
    ...unknownNames('variant', resolved.variants, labels.variants),
  );
  if (problems.length) throw new MockConfigError(problems);
  return resolved;
}

type Env = Record<string, string | undefined>;

function value(env: Env, name: string): string | undefined {
  const v = env[name]?.trim();
  return v === '' ? undefined : v;
}

function wholeNumber(env: Env, name: string, min: number, max: number, problems: string[]): number | undefined {
  const raw = value(env, name);
  if (raw === undefined) return undefined;
  const n = /^[0-9]{1,16}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= min && n <= max)) {
    problems.push(`${name} must be a whole number from ${min} to ${max}`);
    return undefined;
  }
  return n;
}

function list(env: Env, name: string): string[] | undefined {
  return value(env, name)
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Reads the MOCK_* and PG_MOCK_PORT variables; malformed values fail with the variable's name. */
export function optionsFromEnv(env: Env = process.env): { options: MockOptions; port: number } {
  const problems: string[] = [];
  const port = wholeNumber(env, 'PG_MOCK_PORT', 0, 65535, problems) ?? MOCK_DEFAULTS.port;
  const customers = wholeNumber(env, 'MOCK_CUSTOMERS', 0, MAX_CUSTOMERS, problems);
  const vendorId = wholeNumber(env, 'MOCK_VENDOR_ID', 1, Number.MAX_SAFE_INTEGER, problems);
  const rawLog = value(env, 'MOCK_LOG');
  if (rawLog !== undefined && rawLog !== '0' && rawLog !== '1') problems.push('MOCK_LOG must be 1 or 0');
  const options: MockOptions = {
    credentials: {
      merchantId: value(env, 'MOCK_MERCHANT_ID'),
      apiKey: value(env, 'MOCK_API_KEY'),
      vendorId,
      vendorApiKey: value(env, 'MOCK_VENDOR_API_KEY'),
    },
    webhookId: value(env, 'MOCK_WEBHOOK_ID'),
    customers,
    faults: list(env, 'MOCK_FAULTS'),
    variants: list(env, 'MOCK_VARIANTS'),
    logger: rawLog === '1',
  };
  try {
    resolveOptions(options, ENV_LABELS);
  } catch (e) {
    if (!(e instanceof MockConfigError)) throw e;
    problems.push(...e.problems.filter((p) => !problems.includes(p)));
  }
  if (problems.length) throw new MockConfigError(problems);
  return { options, port };
}
