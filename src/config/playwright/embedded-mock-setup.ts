import { startMock } from '../../mock/start.js';
import { embeddedMockOptions } from './embedded-mock-options.js';
import { EMBEDDED_PORT_VAR, loadSuiteConfig } from '../suite-env.js';

/**
 * Global set-up of a run against the embedded mock: the mock runs inside Playwright's runner process,
 * which idles while workers run tests, instead of in a process of its own that must start, load and be
 * polled until it answers. Workers start after this and inherit the port through the environment.
 * It accepts the credentials the suite sends (embedded-mock-options.ts), whatever of PG_, MOCK_ and .env is set.
 */
export default async function embeddedMock(): Promise<() => Promise<void>> {
  const options = embeddedMockOptions(loadSuiteConfig(), process.env);
  const mock = await startMock({ ...options, port: Number(process.env[EMBEDDED_PORT_VAR] ?? 0) });
  process.env[EMBEDDED_PORT_VAR] = new URL(mock.url).port;
  return () => mock.close();
}
