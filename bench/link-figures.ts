import { allConformant, conformanceNote, maxOf, mebibytes, median, seconds, verdicts } from './conformance-run.js';
import { runsOver, type LinkKind, type LinkRun, type LinkRuns } from './mocks.js';

/**
 * The benchmarks of black-box runs over a link, each set against the direct runs alternated with them (mocks.ts):
 * a rate-limited sandbox and a slow link. Each one's figure (what reports/bench.json holds) and its markdown.
 */

/** How the runs behind a link figure ended: all of them for `conformant`, the verdicts over the link itself. */
type LinkHealth = { conformant: boolean; verdicts: string };

/** The runs over `link` beside the direct runs they are set against (`against`: the same run without the link). */
function overLink(
  all: LinkRuns,
  link: Exclude<LinkKind, 'direct' | 'direct-as-distant'>,
  against: 'direct' | 'direct-as-distant',
) {
  const direct = runsOver(all, against);
  const over = runsOver(all, link);
  const health: LinkHealth = { conformant: allConformant([...direct, ...over]), verdicts: verdicts(over) };
  return { direct, over, health };
}

const medianWall = (runs: LinkRun[]) => median(runs.map((r) => r.wallMs));

/** The concurrency and memory the runs over one link used, each the most any of them used. */
export type RunUse = {
  /** Playwright's workers (results.json's actualWorkers). */
  workers: number;
  /** The most gateway requests the mock was answering at one moment. */
  peakInFlight: number;
  /** Peak memory of the run: npm, the runner and its workers (the mock, standing for the gateway, is apart). */
  peakMemoryMiB: number;
};

const useOf = (runs: LinkRun[]): RunUse => ({
  workers: maxOf(runs.map((r) => r.workers ?? NaN)),
  peakInFlight: maxOf(runs.map((r) => r.answers.peakInFlight)),
  peakMemoryMiB: maxOf(runs.map((r) => r.peakMemoryMiB ?? NaN)),
});

const count = (x: number): string => (Number.isFinite(x) ? String(x) : '–');
const useCells = (u: RunUse): string =>
  `${count(u.workers)} | ${count(u.peakInFlight)} | ${mebibytes(u.peakMemoryMiB)}`;

/** The `rate-limited` variation's limit, as docs/mock.md states it: 20 gateway requests a second, bursts of 20. */
const RATE_PER_SECOND = 20;
const BURST = 20;

export type RateLimitFigure = {
  /** Gateway requests a black-box run sends when nothing is refused (median of the direct runs). */
  requests: number;
  /** The least time those requests can take at the limit: the burst at once, the rest at the rate. */
  floorMs: number;
  /** From the first gateway answer to the last, in the rate-limited runs (median). */
  spanMs: number;
  /** The same in the runs without the limit: what the run needs of its gateway when nothing holds it back. */
  directSpanMs: number;
  limitedWallMs: number;
  directWallMs: number;
  /** Answers the rate-limited mock gave beyond the requests (its 429s), median. */
  refused: number;
  use: { limited: RunUse; direct: RunUse };
} & LinkHealth;

export function rateLimitFigure(all: LinkRuns): RateLimitFigure {
  // A rate-limited mock on this machine is a near target: set against the direct runs of the same shape.
  const { direct, over: limited, health } = overLink(all, 'limited', 'direct');
  const requests = median(direct.map((r) => r.answers.gateway));
  const span = (r: LinkRun) => (r.answers.lastGatewayAt ?? NaN) - (r.answers.firstGatewayAt ?? NaN);
  return {
    requests,
    floorMs: (Math.max(0, requests - BURST) / RATE_PER_SECOND) * 1000,
    spanMs: median(limited.map(span)),
    directSpanMs: median(direct.map(span)),
    limitedWallMs: medianWall(limited),
    directWallMs: medianWall(direct),
    refused: median(limited.map((r) => r.answers.gateway - requests)),
    use: { limited: useOf(limited), direct: useOf(direct) },
    ...health,
  };
}

export function rateLimitMarkdown(f: RateLimitFigure): string {
  return [
    `### A rate-limited sandbox (${RATE_PER_SECOND} requests a second, bursts of ${BURST}), black-box runs`,
    '',
    '| | requests a run | first to last answer | run wall | 429s met | workers | peak in flight | peak memory |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    `| floor at the limit | ${f.requests} | ${seconds(f.floorMs)} s | | | | | |`,
    `| rate-limited | | **${seconds(f.spanMs)} s (${(f.spanMs / f.floorMs).toFixed(2)}× the floor)** | ` +
      `${seconds(f.limitedWallMs)} s | ${f.refused} | ${useCells(f.use.limited)} |`,
    `| no limit | ${f.requests} | ${seconds(f.directSpanMs)} s | ${seconds(f.directWallMs)} s | | ` +
      `${useCells(f.use.direct)} |`,
    '',
    f.spanMs < f.floorMs
      ? '**Faster than the floor: the limit is not the one this bench assumes.**'
      : conformanceNote(f.conformant, f.verdicts),
  ].join('\n');
}

/** A test's chain of dependent requests: the round trips it spends one after another over the slow link. */
type Chain = { roundTrips: number; test: string };

const LONGEST_CHAINS = 10;

export type SlowLinkFigure = {
  roundTripMs: number;
  slowWallMs: number;
  /** The same run direct: a distant target's workers and requests in flight, as over the slow link. */
  directWallMs: number;
  /** The run direct with its own defaults: a near target's (src/config/run-shape.ts). */
  nearWallMs: number;
  nearWorkers: number;
  /** Round trips the longest-waiting test spends one after another, and that test. */
  criticalPath: Chain;
  /** The longest chains, longest first (up to ten, none of 0 round trips): the tests the link waits on most. */
  longestChains: Chain[];
  /** Every test's round trips added up: what the run's workers share between them. */
  roundTrips: number;
  workers: number;
  use: { slow: RunUse; direct: RunUse; near: RunUse };
} & LinkHealth;

/**
 * A test's chain of dependent requests is read from its own time: what it took over the slow link beyond
 * what it took direct, in round trips (medians over the runs). Tests are independent of one another, so the
 * longest chain is the run's critical path: no number of workers gets the link's cost under it.
 */
export function slowLinkFigure(all: LinkRuns): SlowLinkFigure {
  // Chains are read against the same run direct: a test's time under two workers is not its time under four.
  const { direct, over: slow, health } = overLink(all, 'slow', 'direct-as-distant');
  const near = runsOver(all, 'direct');
  const roundTripMs = all.slowRoundTripMs ?? NaN;
  const chains = new Map<string, number>();
  for (const test of slow[0]?.tests.keys() ?? []) {
    const over = median(slow.map((r) => r.tests.get(test) ?? NaN));
    const under = median(direct.map((r) => r.tests.get(test) ?? NaN));
    // A test missing from every run of either link (renamed, skipped) has no chain to read.
    if (Number.isFinite(over) && Number.isFinite(under))
      chains.set(test, Math.max(0, Math.round((over - under) / roundTripMs)));
  }
  const longest = [...chains]
    .map(([test, roundTrips]) => ({ roundTrips, test }))
    .filter((c) => c.roundTrips > 0)
    .sort((a, b) => b.roundTrips - a.roundTrips || a.test.localeCompare(b.test))
    .slice(0, LONGEST_CHAINS);
  return {
    roundTripMs,
    slowWallMs: medianWall(slow),
    directWallMs: medianWall(direct),
    nearWallMs: medianWall(near),
    nearWorkers: near[0]?.workers ?? NaN,
    criticalPath: longest[0] ?? { roundTrips: 0, test: 'none' },
    longestChains: longest,
    roundTrips: [...chains.values()].reduce((a, b) => a + b, 0),
    workers: slow[0]?.workers ?? NaN,
    use: { slow: useOf(slow), direct: useOf(direct), near: useOf(near) },
    ...health,
    conformant: health.conformant && allConformant(near),
  };
}

export function slowLinkMarkdown(f: SlowLinkFigure): string {
  const added = f.slowWallMs - f.directWallMs;
  const critical = f.criticalPath.roundTrips * f.roundTripMs;
  const shared = (f.roundTrips * f.roundTripMs) / f.workers;
  return [
    `### A slow link (${f.roundTripMs.toFixed(0)} ms a round trip), black-box runs`,
    '',
    '| run wall, slow link | run wall, direct, same shape | the link added | critical path | ' +
      'all chains over the workers | run wall, direct, as a near target |',
    '|---:|---:|---:|---:|---:|---:|',
    `| ${seconds(f.slowWallMs)} s | ${seconds(f.directWallMs)} s | **${seconds(added)} s** | ` +
      `**${seconds(critical)} s** (${f.criticalPath.roundTrips} round trips) | ` +
      `${seconds(shared)} s (${f.roundTrips} round trips, ${f.workers} workers) | ` +
      `${seconds(f.nearWallMs)} s (${count(f.nearWorkers)} workers): the slow run takes ` +
      `${seconds(f.slowWallMs - f.nearWallMs)} s more |`,
    '',
    '| | workers | peak in flight | peak memory |',
    '|---|---:|---:|---:|',
    `| slow link | ${useCells(f.use.slow)} |`,
    `| direct, same shape | ${useCells(f.use.direct)} |`,
    `| direct, as a near target | ${useCells(f.use.near)} |`,
    '',
    `The link added ${(added / critical).toFixed(1)}× its critical path. The longest chains, in round trips:`,
    '',
    ...(f.longestChains.length
      ? f.longestChains.map((c) => `- ${c.roundTrips}: ${c.test}`)
      : ['- none: no test took longer over the link']),
    '',
    conformanceNote(f.conformant, f.verdicts),
  ].join('\n');
}

/** The `tokenize-limited` variation's limit, as docs/mock.md states it: 5 payment gateway requests a second, bursts of 5. */
const TOKENIZE_PER_SECOND = 5;
const TOKENIZE_BURST = 5;

export type OperationLimitFigure = {
  /** Tokenizes (every `/pg/` request) a black-box run sends when nothing is refused (median of the direct runs). */
  tokenizes: number;
  /** The least time those can take at the limit: the burst at once, the rest at the rate. */
  floorMs: number;
  /** From the first gateway answer to the last, in the limited runs (median). */
  spanMs: number;
  limitedWallMs: number;
  directWallMs: number;
  /** `/pg/` answers beyond the tokenizes (the 429s), median. */
  refused: number;
  use: { limited: RunUse; direct: RunUse };
} & LinkHealth;

/** A limit on one operation: how close to the limited operation's floor the run keeps, the rest going at its own pace. */
export function operationLimitFigure(all: LinkRuns): OperationLimitFigure {
  const { direct, over: limited, health } = overLink(all, 'tokenize-limited', 'direct');
  const tokenizes = median(direct.map((r) => r.answers.pg));
  const span = (r: LinkRun) => (r.answers.lastGatewayAt ?? NaN) - (r.answers.firstGatewayAt ?? NaN);
  return {
    tokenizes,
    floorMs: (Math.max(0, tokenizes - TOKENIZE_BURST) / TOKENIZE_PER_SECOND) * 1000,
    spanMs: median(limited.map(span)),
    limitedWallMs: medianWall(limited),
    directWallMs: medianWall(direct),
    refused: median(limited.map((r) => r.answers.pg - tokenizes)),
    use: { limited: useOf(limited), direct: useOf(direct) },
    ...health,
  };
}

export function operationLimitMarkdown(f: OperationLimitFigure): string {
  return [
    `### A limit on tokenize alone (${TOKENIZE_PER_SECOND} a second, bursts of ${TOKENIZE_BURST}; the listing unlimited), black-box runs`,
    '',
    '| | tokenizes a run | first to last answer | run wall | 429s met | workers | peak in flight | peak memory |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    `| floor at the limit | ${f.tokenizes} | ${seconds(f.floorMs)} s | | | | | |`,
    `| tokenize limited | | **${seconds(f.spanMs)} s (${(f.spanMs / f.floorMs).toFixed(2)}× the floor)** | ` +
      `${seconds(f.limitedWallMs)} s | ${f.refused} | ${useCells(f.use.limited)} |`,
    `| no limit | ${f.tokenizes} | | ${seconds(f.directWallMs)} s | | ${useCells(f.use.direct)} |`,
    '',
    conformanceNote(f.conformant, f.verdicts),
  ].join('\n');
}

export type SlowOperationFigure = {
  slowWallMs: number;
  /** The same run direct, with its own defaults (a near target's shape). */
  directWallMs: number;
  use: { slow: RunUse; direct: RunUse };
} & LinkHealth;

/** One slow operation (tokenize 1.2 s late): the run against the same run without the delay. */
export function slowOperationFigure(all: LinkRuns): SlowOperationFigure {
  const { direct, over: slow, health } = overLink(all, 'slow-tokenize', 'direct');
  return {
    slowWallMs: medianWall(slow),
    directWallMs: medianWall(direct),
    use: { slow: useOf(slow), direct: useOf(direct) },
    ...health,
  };
}

export function slowOperationMarkdown(f: SlowOperationFigure): string {
  return [
    '### One slow operation (every tokenize 1.2 s late, the listing as fast as ever), black-box runs',
    '',
    '| | run wall | workers | peak in flight | peak memory |',
    '|---|---:|---:|---:|---:|',
    `| slow tokenize | **${seconds(f.slowWallMs)} s (${(f.slowWallMs / f.directWallMs).toFixed(2)}× direct)** | ` +
      `${useCells(f.use.slow)} |`,
    `| direct | ${seconds(f.directWallMs)} s | ${useCells(f.use.direct)} |`,
    '',
    conformanceNote(f.conformant, f.verdicts),
  ].join('\n');
}
