import { allConformant, median, seconds } from './conformance-run.js';
import { runsOver, type LinkRun, type LinkRuns } from './links.js';
import { verdicts } from './suite.js';

/** The `rate-limited` variation's limit, as docs/mock.md states it: 20 gateway requests a second, bursts of 20. */
export const RATE_PER_SECOND = 20;
export const BURST = 20;

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
  conformant: boolean;
  verdicts: string;
};

export function rateLimitFigure(all: LinkRuns): RateLimitFigure {
  const direct = runsOver(all, 'direct');
  const limited = runsOver(all, 'limited');
  const requests = median(direct.map((r) => r.answers.gateway));
  const span = (r: LinkRun) => (r.answers.lastGatewayAt ?? NaN) - (r.answers.firstGatewayAt ?? NaN);
  return {
    requests,
    floorMs: (Math.max(0, requests - BURST) / RATE_PER_SECOND) * 1000,
    spanMs: median(limited.map(span)),
    directSpanMs: median(direct.map(span)),
    limitedWallMs: median(limited.map((r) => r.wallMs)),
    directWallMs: median(direct.map((r) => r.wallMs)),
    refused: median(limited.map((r) => r.answers.gateway - requests)),
    conformant: allConformant([...direct, ...limited]),
    verdicts: verdicts(limited),
  };
}

export function rateLimitMarkdown(f: RateLimitFigure): string {
  return [
    `### A rate-limited sandbox (${RATE_PER_SECOND} requests a second, bursts of ${BURST}), black-box runs`,
    '',
    '| | requests a run | first to last answer | run wall | 429s met |',
    '|---|---:|---:|---:|---:|',
    `| floor at the limit | ${f.requests} | ${seconds(f.floorMs)} s | | |`,
    `| rate-limited | | **${seconds(f.spanMs)} s (${(f.spanMs / f.floorMs).toFixed(2)}× the floor)** | ` +
      `${seconds(f.limitedWallMs)} s | ${f.refused} |`,
    `| no limit | ${f.requests} | ${seconds(f.directSpanMs)} s | ${seconds(f.directWallMs)} s | |`,
    '',
    f.spanMs < f.floorMs
      ? '**Faster than the floor: the limit is not the one this bench assumes.**'
      : f.conformant
        ? 'Every run CONFORMANT, exit 0.'
        : `**Not every run was CONFORMANT**: ${f.verdicts}.`,
  ].join('\n');
}
