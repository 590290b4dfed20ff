import dotenv from 'dotenv';
import { ConfigError, loadConfig, type SuiteConfig } from './config.js';

/** Set by the runner's main process and inherited by its workers, so all agree on the embedded mock's port. */
export const EMBEDDED_PORT_VAR = 'PG_EMBEDDED_MOCK_PORT';

export type ResolvedConfig = SuiteConfig & { baseUrl: string };

/** Project metadata key under which a Playwright project carries its own target (verify:suite's runs). */
export const PROJECT_ENV_KEY = 'suiteEnv';

/**
 * The environment a worker of this project reads its target from: the process's, overlaid with the
 * project's own variables when it has any (one runner, many targets). The overlay is a copy taken before
 * dotenv runs, so a user's .env never reaches such a project.
 */
export function projectEnv(project: { metadata?: Record<string, unknown> }): NodeJS.ProcessEnv {
  const own = project.metadata?.[PROJECT_ENV_KEY] as Record<string, string> | undefined;
  return own ? { ...process.env, ...own } : process.env;
}

/** .env then the environment (the environment wins), validated; exits with the problems on bad configuration. */
export function loadSuiteConfig(env: NodeJS.ProcessEnv = process.env): SuiteConfig {
  dotenv.config({ quiet: true });
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}

export function resolveBaseUrl(config: SuiteConfig, env: NodeJS.ProcessEnv = process.env): ResolvedConfig {
  if (config.baseUrl) return { ...config, baseUrl: config.baseUrl };
  const port = env[EMBEDDED_PORT_VAR];
  if (!port) throw new Error(`${EMBEDDED_PORT_VAR} is unset: the embedded mock is started by the global set-up of playwright.config.ts`);
  return { ...config, baseUrl: `http://127.0.0.1:${port}` };
}
