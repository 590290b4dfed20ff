import { startMock } from '../mock/start.js';
import { EMBEDDED_PORT_VAR } from './suite-env.js';

/**
 * Global set-up of a run against the embedded mock: the mock runs inside Playwright's runner process,
 * which idles while workers run tests, instead of in a process of its own that must start, load and be
 * polled until it answers. Workers start after this and inherit the port through the environment.
 */
export default async function embeddedMock(): Promise<() => Promise<void>> {
  const mock = await startMock({ port: Number(process.env[EMBEDDED_PORT_VAR] ?? 0) });
  process.env[EMBEDDED_PORT_VAR] = new URL(mock.url).port;
  return () => mock.close();
}
