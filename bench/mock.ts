import { cleanEnv, startServer, type Server } from './processes.js';

/** Answers a mock process logged since the last `reset()`, and when the bench read the first and last. */
export type AnswerTally = {
  /** Every answer, the control API's included. */
  all: number;
  /** Answers to gateway requests (paths outside the control API's `/__mock/`). */
  gateway: number;
  firstGatewayAt?: number;
  lastGatewayAt?: number;
};

export type MockProcess = Server & { answers(): AnswerTally; reset(): void };

/**
 * A mock in its own process, started as `npm run mock` starts it, on a free port, with its request log on
 * (`MOCK_LOG=1`: one JSON line per answer) so the bench can count what a run asked of it. Only the count
 * and the time each line arrives are used, never the line's fields.
 */
export async function startMock(variants = ''): Promise<MockProcess> {
  let tally: AnswerTally = { all: 0, gateway: 0 };
  const server = await startServer(
    `mock${variants ? ` (${variants})` : ''}`,
    process.execPath,
    ['--import', 'tsx', 'scripts/mock.ts'],
    cleanEnv({ PG_MOCK_PORT: '0', MOCK_LOG: '1', ...(variants ? { MOCK_VARIANTS: variants } : {}) }),
    (line) => {
      if (!line.startsWith('{')) return;
      tally.all++;
      if (line.includes('/__mock/')) return;
      const now = performance.now();
      tally.gateway++;
      tally.firstGatewayAt ??= now;
      tally.lastGatewayAt = now;
    },
  );
  return {
    ...server,
    answers: () => ({ ...tally }),
    reset: () => {
      tally = { all: 0, gateway: 0 };
    },
  };
}
