import { mockCredentialsAsTarget } from '../src/config/child-env.js';
import { RUN_SHAPES } from '../src/config/run-shape.js';
import { basicAuthorization } from '../src/transport/auth.js';
import { conformanceRun, median, type ConformanceRun, type Log } from './conformance-run.js';
import { cleanEnv, startServer, type Server } from './processes.js';

/** Answers a mock process logged since the last `reset()`, and when the bench read the first and last. */
export type AnswerTally = {
  /** Every answer, the control API's included. */
  all: number;
  /** Answers to gateway requests (paths outside the control API's `/__mock/`). */
  gateway: number;
  /** Of those, the payment gateway's (`/pg/`: tokenize), 429s included. */
  pg: number;
  firstGatewayAt?: number;
  lastGatewayAt?: number;
  /** The most gateway requests the mock was answering at one moment (0 when it answered none). */
  peakInFlight: number;
};

/** One gateway request's time at the mock, from its arrival to its answer, in ms of the mock's clock. */
type Interval = { start: number; end: number };

/** The most intervals that hold one moment in common; one that ends as another starts does not overlap it. */
function mostOverlapping(intervals: Interval[]): number {
  const events = intervals.flatMap(({ start, end }) => [
    { at: start, change: 1 },
    { at: end, change: -1 },
  ]);
  // At one moment, ends before starts.
  events.sort((a, b) => a.at - b.at || a.change - b.change);
  let now = 0;
  let peak = 0;
  for (const { change } of events) peak = Math.max(peak, (now += change));
  return peak;
}

/** A request log line's interval: it ends at the line's `time` and began its `ms` before; undefined if unreadable. */
function intervalOf(line: string): Interval | undefined {
  try {
    const { time, ms } = JSON.parse(line) as { time?: unknown; ms?: unknown };
    const end = typeof time === 'string' ? Date.parse(time) : NaN;
    if (!Number.isFinite(end) || typeof ms !== 'number' || !Number.isFinite(ms)) return undefined;
    return { start: end - ms, end };
  } catch {
    return undefined;
  }
}

export type MockProcess = Server & { answers(): AnswerTally; reset(): void };

/**
 * A mock in its own process, started as `npm run mock` starts it, on a free port, with its request log on
 * (`MOCK_LOG=1`: one JSON line per answer) so the bench can count what a run asked of it. Of each line it
 * uses the time the line arrives and, for gateway requests, the line's `time` and `ms`: when the mock
 * answered and how long it held the request, so how many it held at once. The end is the mock's own time
 * stamp, not the line's arrival: lines can reach the bench in bursts, and a late one would seem to overlap
 * the next request of the same test.
 */
export async function startMock(variants = ''): Promise<MockProcess> {
  let tally: Omit<AnswerTally, 'peakInFlight'> = { all: 0, gateway: 0, pg: 0 };
  let intervals: Interval[] = [];
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
      if (line.includes('"/pg/')) tally.pg++;
      tally.firstGatewayAt ??= now;
      tally.lastGatewayAt = now;
      const interval = intervalOf(line);
      if (interval) intervals.push(interval);
    },
  );
  return {
    ...server,
    answers: () => ({ ...tally, peakInFlight: mostOverlapping(intervals) }),
    reset: () => {
      tally = { all: 0, gateway: 0, pg: 0 };
      intervals = [];
    },
  };
}

export type LinkKind = 'direct' | 'slow' | 'limited' | 'direct-as-distant' | 'tokenize-limited' | 'slow-tokenize';
export type LinkRun = ConformanceRun & { link: LinkKind; answers: AnswerTally };

/**
 * The mock's variation that stands for each link a black-box run may meet; `direct` is the mock as it is.
 * `direct-as-distant` is the mock as it is too, run with a distant target's workers and requests in flight
 * (src/config/run-shape.ts): the run the slow link's runs are, without the link.
 */
const VARIANT: Record<LinkKind, string> = {
  direct: '',
  slow: 'slow-link',
  limited: 'rate-limited',
  'direct-as-distant': '',
  'tokenize-limited': 'tokenize-limited',
  'slow-tokenize': 'slow-tokenize',
};
const { workers, inFlightPerWorker } = RUN_SHAPES.distant;
const SHAPE: Partial<Record<LinkKind, Record<string, string>>> = {
  'direct-as-distant': { PG_WORKERS: String(workers), PG_IN_FLIGHT: String(workers * inFlightPerWorker) },
};

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
        const run = await conformanceRun({ kind: 'black-box', url: mock.url }, SHAPE[link]);
        runs.push({ ...run, link, answers: mock.answers() });
      }
    }
  } finally {
    for (const mock of mocks.values()) await mock.stop();
  }
  return { runs, slowRoundTripMs };
}

export const runsOver = (all: LinkRuns, link: LinkKind): LinkRun[] => all.runs.filter((r) => r.link === link);
