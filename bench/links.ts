import { mockCredentialsAsTarget } from '../src/config/child-env.js';
import { basicAuthorization } from '../src/transport/auth.js';
import { conformanceRun, median, type ConformanceRun } from './conformance-run.js';
import { startMock, type AnswerTally, type MockProcess } from './mock.js';

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
export async function linkRuns(links: LinkKind[], rounds: number, log: (line: string) => void): Promise<LinkRuns> {
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
