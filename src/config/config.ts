import { MOCK_DEFAULTS } from '../mock/defaults.js';
import { merchantIdNumber, type MerchantIdForm } from '../catalogue/request-builders.js';
import { withNearMisses } from '../transport/near-miss-keys.js';
import { enumeratedProblem } from './enumerated-variables.js';
import { wholeNumberProblems } from './numeric-variables.js';
import { isApiToken, QUOTES_REFUSED, quotedValueProblems, tokenInsteadOfKey } from './pasted-values.js';

export const TARGETS = ['mock', 'sandbox', 'production'] as const;
export type Target = (typeof TARGETS)[number];

export type SuiteConfig = {
  target: Target;
  /** Where the gateway answers; undefined for the embedded mock until it is started. */
  baseUrl: string | undefined;
  /** True when the suite starts its own mock (PG_TARGET=mock without PG_BASE_URL). */
  embeddedMock: boolean;
  /**
   * `idForm` is how tokenize sends the merchant ID: section 2.1's string unless the preflight found the target
   * refuses it and takes a JSON number (MERCHANT_ID_FORM_VAR, set by npm run conformance for its run alone).
   */
  merchant: { merchantId: string; apiKey: string; idForm?: MerchantIdForm };
  vendor: { vendorId: number; apiKey: string } | undefined;
  webhookId: string | undefined;
  /**
   * Section 2.1 fields whose values name something on the merchant's account (PG_PROFILE_ID, PG_LOC_ID,
   * PG_USER_ID; on the mock, the mock's own): only a value given here makes TOK-11 judge a refusal of it.
   */
  accountFields: AccountFields;
  allowWrites: boolean;
  /** PG_MAX_RPS: requests a second the whole run may send to the gateway; undefined = no pacing. */
  maxRps: number | undefined;
  /** PG_IN_FLIGHT: gateway requests the whole run may have in flight at once; undefined = 8 a worker. */
  inFlight: number | undefined;
};

export type AccountFields = { profile_id?: string; loc_id?: string; user_id?: number };

/** Set by npm run conformance for the run it starts when the preflight found tokenize takes merchant_id only as a number. */
export const MERCHANT_ID_FORM_VAR = 'PG_MERCHANT_ID_FORM';

/**
 * Names every problem at once and never quotes a value, so a misplaced key cannot reach a log; the one
 * exception is an enumerated variable's value near an accepted one (enumerated-variables.ts).
 */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration (see .env.example):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function isLoopbackHost(hostname: string): boolean {
  return /^(localhost|127(?:\.[0-9]{1,3}){3}|\[::1\])$/i.test(hostname);
}

function value(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const v = env[name]?.trim();
  return v === '' ? undefined : v;
}

function checkBaseUrl(raw: string, target: Target, problems: string[]): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    problems.push('PG_BASE_URL is not a valid absolute URL (expected e.g. https://gateway.example/)');
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    problems.push('PG_BASE_URL must use http or https');
    return undefined;
  }
  if (url.username || url.password) problems.push('PG_BASE_URL must not carry credentials; use PG_API_KEY');
  if (target !== 'mock' && url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    problems.push(`PG_BASE_URL uses plain http to a non-loopback host; ${target} needs https`);
  }
  // A base URL that names the other real target is almost always a copy-paste slip with live keys.
  const host = url.hostname.toLowerCase();
  if (target === 'production' && /(^|[.-])(sandbox|sbx|test|staging|uat)([.-]|$)/.test(host)) {
    problems.push('PG_TARGET is production but PG_BASE_URL looks like a sandbox host');
  }
  if (target === 'sandbox' && /(^|[.-])(prod|production|live)([.-]|$)/.test(host)) {
    problems.push('PG_TARGET is sandbox but PG_BASE_URL looks like a production host');
  }
  return url.toString().replace(/\/$/, '');
}

/**
 * Values that are the same where section 5.2 has two different things: a copy slip, found before any request.
 * One key in both key variables makes every integrator check (AUTH-5, TOK-5) prove nothing; a key in
 * PG_MERCHANT_ID would be sent in the listing's URL, where access logs keep it. Never quotes a value.
 */
function credentialMixUps(env: NodeJS.ProcessEnv, problems: string[]): void {
  const merchantId = value(env, 'PG_MERCHANT_ID');
  const apiKey = value(env, 'PG_API_KEY');
  const vendorKey = value(env, 'PG_VENDOR_API_KEY');
  if (apiKey && apiKey === vendorKey) {
    problems.push(
      "PG_API_KEY and PG_VENDOR_API_KEY hold the same key: the merchant's key and the integrator's are two (section 5.2); " +
        'copy the vendor API key into PG_VENDOR_API_KEY, or unset PG_VENDOR_ID and PG_VENDOR_API_KEY',
    );
  }
  for (const [name, key] of Object.entries({ PG_API_KEY: apiKey, PG_VENDOR_API_KEY: vendorKey })) {
    if (merchantId && merchantId === key) {
      problems.push(`PG_MERCHANT_ID holds the same value as ${name}: set it to the merchant ID, not a key`);
    }
  }
}

/** Reads and checks the suite's configuration from the environment (.env already merged by dotenv). */
export function loadConfig(given: NodeJS.ProcessEnv = process.env): SuiteConfig {
  // Quotes where no valid value has any are named once; the rest is judged on what is inside them.
  const { problems, unquoted: env } = quotedValueProblems(given, QUOTES_REFUSED);
  const rawTarget = value(env, 'PG_TARGET') ?? 'mock';
  const target = (TARGETS as readonly string[]).includes(rawTarget) ? (rawTarget as Target) : undefined;
  if (!target) problems.push(enumeratedProblem('PG_TARGET', rawTarget, TARGETS)!);
  const t = target ?? 'mock';

  const rawUrl = value(env, 'PG_BASE_URL');
  const baseUrl = rawUrl ? checkBaseUrl(rawUrl, t, problems) : undefined;
  if (!rawUrl && t !== 'mock') problems.push(`PG_BASE_URL is required when PG_TARGET is ${t}`);

  const isMock = t === 'mock';
  // The variable, or on the mock the mock's own variable and then its built-in value.
  const orMock = (name: string, mockName: string, builtIn: string) =>
    value(env, name) ?? (isMock ? (value(env, mockName) ?? builtIn) : undefined);
  const merchantId = orMock('PG_MERCHANT_ID', 'MOCK_MERCHANT_ID', MOCK_DEFAULTS.merchantId);
  const apiKey = orMock('PG_API_KEY', 'MOCK_API_KEY', MOCK_DEFAULTS.apiKey);
  if (!merchantId) problems.push(`PG_MERCHANT_ID is required when PG_TARGET is ${t}`);
  if (!apiKey) problems.push(`PG_API_KEY is required when PG_TARGET is ${t}`);

  const rawVendorId = orMock('PG_VENDOR_ID', 'MOCK_VENDOR_ID', String(MOCK_DEFAULTS.vendorId));
  const vendorKey = orMock('PG_VENDOR_API_KEY', 'MOCK_VENDOR_API_KEY', MOCK_DEFAULTS.vendorApiKey);
  let vendor: SuiteConfig['vendor'];
  if (rawVendorId !== undefined || vendorKey !== undefined) {
    const vendorId = Number(rawVendorId);
    if (rawVendorId === undefined || !/^[0-9]+$/.test(rawVendorId) || !Number.isSafeInteger(vendorId)) {
      problems.push('PG_VENDOR_ID must be a whole number (the integrator ID) when PG_VENDOR_API_KEY is set');
    } else if (!vendorKey) {
      problems.push('PG_VENDOR_API_KEY is required when PG_VENDOR_ID is set');
    } else {
      vendor = { vendorId, apiKey: vendorKey };
    }
  }

  // The variables as the operator set them: the embedded mock's own defaults are its options' to judge.
  for (const name of ['PG_API_KEY', 'PG_VENDOR_API_KEY']) {
    const key = value(env, name);
    if (key && isApiToken(key)) problems.push(tokenInsteadOfKey(name));
  }
  credentialMixUps(env, problems);

  const rawWrites = value(env, 'PG_ALLOW_WRITES');
  const writesProblem =
    rawWrites === undefined ? undefined : enumeratedProblem('PG_ALLOW_WRITES', rawWrites, ['1', '0']);
  if (writesProblem) problems.push(writesProblem);

  const rawMaxRps = value(env, 'PG_MAX_RPS');
  const maxRps = rawMaxRps === undefined ? undefined : Number(rawMaxRps);
  if (rawMaxRps !== undefined && !(/^[0-9]+(\.[0-9]+)?$/.test(rawMaxRps) && maxRps! > 0)) {
    problems.push('PG_MAX_RPS must be a positive number of requests a second (e.g. 20 or 2.5), or unset for no pacing');
  }

  problems.push(...wholeNumberProblems(env));

  const webhookId = orMock('PG_WEBHOOK_ID', 'MOCK_WEBHOOK_ID', MOCK_DEFAULTS.webhookId);

  // PG_USER_ID is checked with the other whole numbers above.
  const rawUserId = value(env, 'PG_USER_ID');
  const profileId = value(env, 'PG_PROFILE_ID') ?? (isMock ? MOCK_DEFAULTS.profileId : undefined);
  const locId = value(env, 'PG_LOC_ID') ?? (isMock ? MOCK_DEFAULTS.locId : undefined);
  const userId = rawUserId !== undefined ? Number(rawUserId) : isMock ? MOCK_DEFAULTS.userId : undefined;
  // Only the given ones: a request spreads them over its made-up values.
  const accountFields: AccountFields = {
    ...(profileId !== undefined && { profile_id: profileId }),
    ...(locId !== undefined && { loc_id: locId }),
    ...(userId !== undefined && { user_id: userId }),
  };

  const idForm = value(env, MERCHANT_ID_FORM_VAR);
  if (
    idForm !== undefined &&
    idForm !== 'string' &&
    (idForm !== 'number' || merchantIdNumber(merchantId ?? '') === undefined)
  )
    problems.push(
      `${MERCHANT_ID_FORM_VAR} must be string, or number where PG_MERCHANT_ID is a whole number without leading zeros`,
    );

  if (problems.length) throw new ConfigError(problems);
  return {
    target: t,
    baseUrl,
    embeddedMock: isMock && !baseUrl,
    merchant: { merchantId: merchantId!, apiKey: apiKey!, ...(idForm === 'number' && { idForm }) },
    vendor,
    webhookId,
    accountFields,
    allowWrites: t !== 'production' || rawWrites === '1',
    maxRps,
    // Checked with the other whole numbers above.
    inFlight: value(env, 'PG_IN_FLIGHT') === undefined ? undefined : Number(value(env, 'PG_IN_FLIGHT')),
  };
}

/** Values that must never appear in anything the suite writes: the keys, and the near misses AUTH-3 sends of them. */
export function secretsOf(config: SuiteConfig): string[] {
  return withNearMisses([config.merchant.apiKey, config.vendor?.apiKey].filter((s): s is string => !!s));
}
