import { MERCHANT_ID_FORM_VAR, type SuiteConfig } from '../config/config.js';
import { ROUND_TRIP_VAR } from '../config/run-shape.js';
import { preflight } from './preflight.js';

/** What the caller does with configuration problems: write the reports and end the process (exit 2). */
export type ConfigurationStop = (found: { problems: string[]; requests: number; started: Date }) => Promise<never>;

/**
 * `npm run conformance`'s preflight against a remote target (or a mock named by PG_BASE_URL): a configuration
 * problem goes to `stop`, one sentence per problem; the target being unavailable is returned for the caller's
 * TARGET UNAVAILABLE path. The reports and the exit are the caller's, so the configuration imports no reporter.
 */
export async function preflightOrExit(
  config: SuiteConfig & { baseUrl: string },
  stop: ConfigurationStop,
): Promise<string | undefined> {
  const started = new Date();
  const result = await preflight(config);
  // What the target could not be asked (production read-only) is said before the run, never guessed.
  if (result.kind !== 'unavailable') for (const note of result.notes ?? []) console.error(`Preflight: ${note}`);
  // The Playwright run this process starts next inherits its environment: it sends the form the target takes.
  if (result.kind === 'ok' && result.merchantIdForm === 'number') process.env[MERCHANT_ID_FORM_VAR] = 'number';
  if (result.kind === 'ok') {
    // … and its workers and requests in flight fit how far the target is (src/config/run-shape.ts).
    process.env[ROUND_TRIP_VAR] = String(result.roundTripMs);
    return undefined;
  }
  if (result.kind === 'unavailable') return result.problem;
  return stop({ problems: result.problems, requests: result.requests, started });
}
