import { MOCK_DEFAULTS } from '../mock/defaults.js';

/** This process's environment without any PG_ or MOCK_ variable, so a child run sees only what it is given. */
export function environmentWithoutSuiteVariables(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('PG_') && !k.startsWith('MOCK_')) env[k] = v;
  return env;
}

/** The PG_ credentials and account values of a run that treats a mock with default credentials as a remote gateway. */
export function mockCredentialsAsTarget(): Record<string, string> {
  return {
    PG_MERCHANT_ID: MOCK_DEFAULTS.merchantId,
    PG_API_KEY: MOCK_DEFAULTS.apiKey,
    PG_VENDOR_ID: String(MOCK_DEFAULTS.vendorId),
    PG_VENDOR_API_KEY: MOCK_DEFAULTS.vendorApiKey,
    PG_WEBHOOK_ID: MOCK_DEFAULTS.webhookId,
    PG_PROFILE_ID: MOCK_DEFAULTS.profileId,
    PG_LOC_ID: MOCK_DEFAULTS.locId,
    PG_USER_ID: String(MOCK_DEFAULTS.userId),
  };
}

/**
 * The environment of a Playwright run this command starts, its workers included, without Node's ExperimentalWarning:
 * undici's decompress interceptor (src/transport/http/dispatchers.ts) announces itself experimental once per
 * process, a line in every worker's output that tells an operator nothing about the gateway. The project pins undici
 * to one major line and its own tests hold the decompression of every encoding.
 */
export function withoutExperimentalWarnings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const flag = '--disable-warning=ExperimentalWarning';
  const options = env.NODE_OPTIONS ?? '';
  return options.split(/\s+/).includes(flag) ? env : { ...env, NODE_OPTIONS: `${options} ${flag}`.trim() };
}
