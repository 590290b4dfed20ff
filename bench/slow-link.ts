import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { mockCredentialsAsTarget } from '../src/config/child-env.js';
import { SLOW_LINK_MS } from '../src/mock/behaviours/link/slow-link.js';
import { cleanEnv, startServer, timeCommand, type Server } from './processes.js';
import type { Target } from './report.js';

/** The issue's bar: a black-box run against a 150 ms link within 1.3× of the same run without the delay. */
export const SLOW_LINK_TARGET = 1.3;
const RUN_TIMEOUT_MS = 240_000;
const NODE_TSX = [process.execPath, '--import', 'tsx'] as const;

export type SlowLinkRun = { link: 'direct' | 'slow'; wallMs: number; code: number | null; verdict: string };
export type SlowLinkFigure = {
  latencyMs: number;
  runs: SlowLinkRun[];
  directMs: number;
  slowMs: number;
  ratio: number;
  target: Target;
  markdown: string;
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function verdictIn(dir: string): string {
  try {
    return (JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as { verdict: string }).verdict;
  } catch {
    return 'no conformance.json';
  }
}

/** One black-box run of the whole suite (PG_TARGET=sandbox) against a mock already listening. */
async function blackBoxRun(
  mock: Server,
  link: SlowLinkRun['link'],
  dir: string,
  workers: number | undefined,
): Promise<SlowLinkRun> {
  const reports = join(dir, `${link}-${Date.now()}`);
  const env = cleanEnv({
    ...mockCredentialsAsTarget(),
    PG_TARGET: 'sandbox',
    PG_BASE_URL: mock.url,
    PG_REPORTS_DIR: reports,
    PG_RESULTS_DIR: join(reports, 'results'),
    ...(workers ? { PG_WORKERS: String(workers) } : {}),
  });
  const [node, ...flags] = NODE_TSX;
  const r = await timeCommand(node, [...flags, 'scripts/conformance.ts'], env, RUN_TIMEOUT_MS);
  return { link, wallMs: Math.round(r.ms), code: r.code, verdict: r.timedOut ? 'timed out' : verdictIn(reports) };
}

/**
 * The suite's wall time against a slow link (the mock's `slow-link` variation: every answer 150 ms late)
 * beside the same black-box run against the same mock without it. Runs alternate (direct, slow, slow,
 * direct, …) so background load drifts onto both alike; the figure is the ratio of the medians.
 */
export async function slowLink(log: (line: string) => void, rounds = 2, workers?: number): Promise<SlowLinkFigure> {
  const [node, ...flags] = NODE_TSX;
  const start = (variants: string) =>
    startServer(
      `mock${variants ? ` (${variants})` : ''}`,
      node,
      [...flags, 'src/mock/main.ts'],
      cleanEnv({ PG_MOCK_PORT: '0', ...(variants ? { MOCK_VARIANTS: variants } : {}) }),
    );
  const direct = await start('');
  const slow = await start('slow-link');
  const dir = mkdtempSync(join(tmpdir(), 'pg-bench-link-'));
  const runs: SlowLinkRun[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      for (const link of round % 2 ? (['slow', 'direct'] as const) : (['direct', 'slow'] as const)) {
        log(
          `slow link: black-box suite, ${link === 'slow' ? `${SLOW_LINK_MS} ms per answer` : 'no added delay'} ` +
            `(round ${round + 1} of ${rounds})`,
        );
        runs.push(await blackBoxRun(link === 'slow' ? slow : direct, link, dir, workers));
      }
    }
  } finally {
    await direct.stop();
    await slow.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const directMs = median(runs.filter((r) => r.link === 'direct').map((r) => r.wallMs));
  const slowMs = median(runs.filter((r) => r.link === 'slow').map((r) => r.wallMs));
  const ratio = slowMs / directMs;
  const allConformant = runs.every((r) => r.verdict === 'CONFORMANT' && r.code === 0);
  const measured =
    `${ratio.toFixed(2)}× (${(slowMs / 1000).toFixed(1)} s vs ${(directMs / 1000).toFixed(1)} ` +
    `s${allConformant ? '' : '; a run was not CONFORMANT'})`;
  const target: Target = {
    target: `black-box suite against a ${SLOW_LINK_MS} ms link within ${SLOW_LINK_TARGET}× of no delay`,
    measured,
    met: allConformant && ratio <= SLOW_LINK_TARGET,
  };
  const markdown = [
    `### Slow link (${SLOW_LINK_MS} ms per answer), black-box suite, runs alternated`,
    '',
    '| link | runs (s) | median (s) | verdicts |',
    '|---|---|---|---|',
    ...(['direct', 'slow'] as const).map((link) => {
      const mine = runs.filter((r) => r.link === link);
      return (
        `| ${link === 'slow' ? `+${SLOW_LINK_MS} ms` : 'no delay'} | ` +
        `${mine.map((r) => (r.wallMs / 1000).toFixed(1)).join(', ')} | ` +
        `${((link === 'slow' ? slowMs : directMs) / 1000).toFixed(1)} | ` +
        `${[...new Set(mine.map((r) => r.verdict))].join(', ')} |`
      );
    }),
    '',
    `Ratio slow / no delay: **${ratio.toFixed(2)}×** (target ≤ ${SLOW_LINK_TARGET}×).`,
  ].join('\n');
  return { latencyMs: SLOW_LINK_MS, runs, directMs, slowMs, ratio, target, markdown };
}

// `npx tsx bench/slow-link.ts [rounds] [workers]`: this figure alone, without the rest of the bench.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [rounds, workers] = process.argv.slice(2).map(Number);
  const figure = await slowLink((line) => process.stderr.write(`bench: ${line}\n`), rounds || 2, workers || undefined);
  console.log(figure.markdown);
  process.exit(0);
}
