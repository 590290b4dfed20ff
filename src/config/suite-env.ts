import dotenv from 'dotenv';
import { ConfigError, loadConfig, type SuiteConfig } from './config.js';
import { exitOnConfiguration } from './configuration-exit.js';

/** Set by the runner's main process and inherited by its workers, so all agree on the embedded mock's port. */
export const EMBEDDED_PORT_VAR = 'PG_EMBEDDED_MOCK_PORT';

export type ResolvedConfig = SuiteConfig & { baseUrl: string };

/**
 * .env then the environment (the environment wins), validated; on bad configuration exits 2 with the problems
 * and a last line `<verdictPrefix>: CONFIGURATION ERROR: …`, in the words of the command that asked.
 */
export function loadSuiteConfig(env: NodeJS.ProcessEnv = process.env, verdictPrefix = 'Conformance'): SuiteConfig {
  dotenv.config({ quiet: true });
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) exitOnConfiguration(verdictPrefix, error.problems);
    throw error;
  }
}

export function resolveBaseUrl(config: SuiteConfig, env: NodeJS.ProcessEnv = process.env): ResolvedConfig {
  if (config.baseUrl) return { ...config, baseUrl: config.baseUrl };
  const port = env[EMBEDDED_PORT_VAR];
  if (!port)
    throw new Error(
      `${EMBEDDED_PORT_VAR} is unset: the embedded mock is started by the global set-up of playwright.config.ts`,
    );
  return { ...config, baseUrl: `http://127.0.0.1:${port}` };
}

let config: ResolvedConfig | undefined;

/** The configuration a test runs with: the process's (.env then the environment), one object for the worker's life. */
export function suiteConfig(): ResolvedConfig {
  config ??= resolveBaseUrl(loadSuiteConfig());
  return config;
}
