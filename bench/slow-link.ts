import { allConformant, median, seconds } from './conformance-run.js';
import { runsOver, type LinkRuns } from './links.js';
import { verdicts } from './suite.js';

export type SlowLinkFigure = {
  roundTripMs: number;
  slowWallMs: number;
  directWallMs: number;
  /** Round trips the longest-waiting test spends one after another, and that test. */
  criticalPath: { roundTrips: number; test: string };
  /** Every test's round trips added up: what the run's workers share between them. */
  roundTrips: number;
  workers: number;
  conformant: boolean;
  verdicts: string;
};

/**
 * A test's chain of dependent requests is read from its own time: what it took over the slow link beyond
 * what it took direct, in round trips (medians over the runs). Tests are independent of one another, so the
 * longest chain is the run's critical path: no number of workers gets the link's cost under it.
 */
export function slowLinkFigure(all: LinkRuns): SlowLinkFigure {
  const direct = runsOver(all, 'direct');
  const slow = runsOver(all, 'slow');
  const roundTripMs = all.slowRoundTripMs ?? NaN;
  const chains = new Map<string, number>();
  for (const test of slow[0]?.tests.keys() ?? []) {
    const over = median(slow.map((r) => r.tests.get(test) ?? NaN));
    const under = median(direct.map((r) => r.tests.get(test) ?? NaN));
    // A test missing from every run of either link (renamed, skipped) has no chain to read.
    if (Number.isFinite(over) && Number.isFinite(under))
      chains.set(test, Math.max(0, Math.round((over - under) / roundTripMs)));
  }
  const [test, roundTrips] = [...chains].reduce((a, b) => (b[1] > a[1] ? b : a), ['none', 0]);
  return {
    roundTripMs,
    slowWallMs: median(slow.map((r) => r.wallMs)),
    directWallMs: median(direct.map((r) => r.wallMs)),
    criticalPath: { roundTrips, test },
    roundTrips: [...chains.values()].reduce((a, b) => a + b, 0),
    workers: slow[0]?.workers ?? NaN,
    conformant: allConformant([...direct, ...slow]),
    verdicts: verdicts(slow),
  };
}

export function slowLinkMarkdown(f: SlowLinkFigure): string {
  const added = f.slowWallMs - f.directWallMs;
  const critical = f.criticalPath.roundTrips * f.roundTripMs;
  const shared = (f.roundTrips * f.roundTripMs) / f.workers;
  return [
    `### A slow link (${f.roundTripMs.toFixed(0)} ms a round trip), black-box runs`,
    '',
    '| run wall, slow link | run wall, direct | the link added | critical path | all chains over the workers |',
    '|---:|---:|---:|---:|---:|',
    `| ${seconds(f.slowWallMs)} s | ${seconds(f.directWallMs)} s | **${seconds(added)} s** | ` +
      `**${seconds(critical)} s** (${f.criticalPath.roundTrips} round trips) | ` +
      `${seconds(shared)} s (${f.roundTrips} round trips, ${f.workers} workers) |`,
    '',
    `The link added ${(added / critical).toFixed(1)}× its critical path. Longest chain: ${f.criticalPath.test}.`,
    f.conformant ? 'Every run CONFORMANT, exit 0.' : `**Not every run was CONFORMANT**: ${f.verdicts}.`,
  ].join('\n');
}
