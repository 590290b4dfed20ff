import { mockCredentialsAsTarget } from '../src/config/child-env.js';
import { basicAuthorization } from '../src/transport/auth.js';
import { conformanceRun, median, type ConformanceRun, type Log } from './conformance-run.js';
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

export type LinkKind = 'direct' | 'slow' | 'limited';
export type LinkRun = ConformanceRun & { link: LinkKind; answers: AnswerTally };

/** The mock's variation that stands for each link a black-box run may meet; `direct` is the mock as it is. */
const VARIANT: Record<LinkKind, string> = { direct: '', slow: 'slow-link', limited: 'rate-limited' };

export type LinkRuns = {
  runs: LinkRun[];
  /** Median time of one light gateway request over the slow link, measured before the runs. */
  slowRoundTripMs?: number;
};

/** A light gateway request's time, the median of five after one that opens the connection. */
async function roundTripMs(url: string): Promise<number> {
  const { PG_API_KEY } = mockCredentialsAsTarget();
  const times: number[] = [];
  for (let i = 0; i < 6; i++) {
    const started = performance.now();
    const res = await fetch(new URL('/platform/vault/customer?count=1&page=0', url), {
      headers: { authorization: basicAuthorization(PG_API_KEY ?? ''), accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`the slow-link mock answered the round-trip probe with HTTP ${res.status}`);
    if (i > 0) times.push(performance.now() - started);
  }
  return median(times);
}

/**
 * Black-box runs of the whole suite, as against a remote sandbox, at one mock process per link, started
 * side by side. Each round runs every link once, the order turning round by round (A B C, B C A, …), so
 * background load on a shared machine falls on each link alike.
 */
export async function linkRuns(links: LinkKind[], rounds: number, log: Log): Promise<LinkRuns> {
  const mocks = new Map<LinkKind, MockProcess>();
  const runs: LinkRun[] = [];
  let slowRoundTripMs: number | undefined;
  try {
    for (const link of links) mocks.set(link, await startMock(VARIANT[link]));
    const slow = mocks.get('slow');
    if (slow) slowRoundTripMs = await roundTripMs(slow.url);
    for (let round = 0; round < rounds; round++) {
      for (let k = 0; k < links.length; k++) {
        const link = links[(round + k) % links.length]!;
        const mock = mocks.get(link)!;
        log(`black-box run over the ${link} link (${mock.name}), round ${round + 1} of ${rounds}`);
        mock.reset();
        const run = await conformanceRun({ kind: 'black-box', url: mock.url });
        runs.push({ ...run, link, answers: mock.answers() });
      }
    }
  } finally {
    for (const mock of mocks.values()) await mock.stop();
  }
  return { runs, slowRoundTripMs };
}

export const runsOver = (all: LinkRuns, link: LinkKind): LinkRun[] => all.runs.filter((r) => r.link === link);
