import type { Fixtures } from '@playwright/test';
import { loadConfig } from '../config/config.js';
import { resolveBaseUrl, type ResolvedConfig } from '../config/suite-env.js';

/**
 * What each test file of a verify:suite run hands `test.use` (run-files.ts writes the call): the run's
 * own target in place of the process's configuration, so a user's .env never reaches a run, and runs
 * that share a worker each see their own mock.
 *
 * A run's failed test is also declared expected once it has failed (`testInfo.fail()`): a fault run's
 * failure is its data, and Playwright replaces a worker after an unexpected failure, about 1.2 CPU-s
 * each. A timed-out test still replaces it, since its body may still be running. Measured on
 * `npm run verify:suite -- --shard=1/10` (33 runs), three alternated pairs on this 2-core machine
 * (load 15 to 30): without this, without boxed fixture steps and with exchanges.json attached in every
 * run, the tier took 1.92× the CPU (195 against 106 CPU-s) and 2.28× the wall time (636 against 279 s);
 * replacing a worker per failed test is most of that, and the other two could not stay without the
 * suite's fixtures branching on verify:suite.
 */
export function runFixtures(env: Record<string, string>): Fixtures<{ suite: ResolvedConfig }> {
  let config: ResolvedConfig | undefined;
  return {
    suite: async ({}, use, testInfo) => {
      config ??= resolveBaseUrl(loadConfig(env));
      await use(config);
      if (testInfo.status === 'failed') testInfo.fail();
    },
  };
}
