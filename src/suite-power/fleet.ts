import { startMock, type MockHandle } from '../mock/start.js';
import type { PlannedRun } from './plan.js';

/**
 * One isolated mock per planned run, all in this process, each on its own loopback port: a run sees a
 * gateway of its own (its fault or variation, its own state) at the root of a URL, as it would a real one.
 * A mock costs a few milliseconds and about 1 MB to start; idle, it costs nothing.
 */
export type Fleet = { urls: Map<string, string>; close(): Promise<void> };

export async function startFleet(runs: readonly PlannedRun[]): Promise<Fleet> {
  const mocks: MockHandle[] = [];
  const urls = new Map<string, string>();
  try {
    for (const run of runs) {
      const fault = run.kind === 'fault' ? run.name : run.knownCase?.fault;
      const credentials = run.merchantId ? { credentials: { merchantId: run.merchantId } } : {};
      const mock = await startMock({ ...(fault ? { faults: [fault] } : { variants: [run.name] }), ...credentials });
      mocks.push(mock);
      urls.set(run.id, mock.url);
    }
  } catch (error) {
    await Promise.allSettled(mocks.map((m) => m.close()));
    throw error;
  }
  return { urls, close: async () => void (await Promise.allSettled(mocks.map((m) => m.close()))) };
}
