import {
  allConformant,
  conformanceNote,
  conformanceRun,
  maxOf,
  measureRuns,
  mebibytes,
  median,
  seconds,
  verdicts,
  type ConformanceRun,
  type Log,
} from './conformance-run.js';
import { startMock } from './mocks.js';
import { cpuSeconds } from './processes.js';

/**
 * The benchmarks of runs against a mock the suite drives as a mock, control API included: the quickstart's, with
 * the mock embedded, and the mock's share, with the mock in its own process. Each one's figure (what
 * reports/bench.json holds) and its markdown.
 */

export type SuiteFigure = {
  runs: Pick<ConformanceRun, 'wallMs' | 'cpuSeconds' | 'peakMemoryMiB' | 'verdict' | 'code'>[];
  wallMs: number;
  cpuSeconds: number;
  /** Each run's peak memory (npm, the runner, its workers and the embedded mock added up): median and max. */
  peakMemoryMiB: number;
  maxPeakMemoryMiB: number;
  conformant: boolean;
};

/**
 * The quickstart as a user runs it: a whole `npm run conformance` against its embedded mock, `runs` times
 * after one unmeasured run (it fills Playwright's transform cache, as any second run finds it filled).
 */
export async function suiteFigure(runs: number, log: Log): Promise<SuiteFigure> {
  const what = 'npm run conformance against the embedded mock';
  log(`${what}: one unmeasured run`);
  await conformanceRun({ kind: 'embedded' });
  const measured = await measureRuns(runs, what, log, () => conformanceRun({ kind: 'embedded' }));
  const peaks = measured.map((r) => r.peakMemoryMiB ?? NaN);
  return {
    runs: measured.map(({ wallMs, cpuSeconds, peakMemoryMiB, verdict, code }) => ({
      wallMs,
      cpuSeconds,
      peakMemoryMiB,
      verdict,
      code,
    })),
    wallMs: median(measured.map((r) => r.wallMs)),
    cpuSeconds: median(measured.map((r) => r.cpuSeconds ?? NaN)),
    peakMemoryMiB: median(peaks),
    maxPeakMemoryMiB: maxOf(peaks),
    conformant: allConformant(measured),
  };
}

export function suiteMarkdown(f: SuiteFigure): string {
  return [
    '### npm run conformance against the embedded mock',
    '',
    '| | wall s | CPU s | peak memory |',
    '|---|---:|---:|---:|',
    ...f.runs.map(
      (r, i) =>
        `| run ${i + 1} | ${seconds(r.wallMs)} | ${r.cpuSeconds?.toFixed(1) ?? '–'} | ${mebibytes(r.peakMemoryMiB)} |`,
    ),
    `| **median** | **${seconds(f.wallMs)}** | **${f.cpuSeconds.toFixed(1)}** | **${mebibytes(f.peakMemoryMiB)}** |`,
    `| max | | | ${mebibytes(f.maxPeakMemoryMiB)} |`,
    '',
    conformanceNote(f.conformant, verdicts(f.runs)),
  ].join('\n');
}

/** Above this share of a run's CPU the mock would be worth making cheaper; under it, it is not the bottleneck. */
const MOCK_SHARE_LIMIT = 0.1;

type ShareRun = Pick<ConformanceRun, 'wallMs' | 'verdict' | 'code'> & {
  suiteCpuSeconds: number;
  /** The mock process's CPU until it listened: Node and tsx, which an embedded mock shares with the runner. */
  startCpuSeconds: number;
  /** Its CPU from then to the run's end: serving the run, modules it loads on first use included. */
  servingCpuSeconds: number;
  answers: number;
};

const shareOf = (r: ShareRun) => r.servingCpuSeconds / (r.servingCpuSeconds + r.suiteCpuSeconds);

export type MockShareFigure = {
  runs: ShareRun[];
  /** Median over the runs of the mock's serving CPU over the run's whole CPU (suite and mock serving). */
  share: number;
  cpuPerAnswerUs: number;
  answers: number;
  conformant: boolean;
};

/** One run against a new mock process, as the embedded mock is new for each run: its start-up is its own. */
async function shareRun(): Promise<ShareRun> {
  const mock = await startMock();
  try {
    const ready = cpuSeconds(mock.pid);
    const run = await conformanceRun({ kind: 'mock', url: mock.url });
    const end = cpuSeconds(mock.pid);
    if (ready === undefined || end === undefined || run.cpuSeconds === undefined)
      throw new Error('the mock-share benchmark reads CPU time from /proc (Linux only)');
    const { wallMs, verdict, code } = run;
    return {
      wallMs,
      verdict,
      code,
      suiteCpuSeconds: run.cpuSeconds,
      startCpuSeconds: ready,
      servingCpuSeconds: end - ready,
      answers: mock.answers().all,
    };
  } finally {
    await mock.stop();
  }
}

/**
 * The mock's cost as a guard, not a target: the same run as the quickstart's, but against a mock in its own
 * process (the suite drives it as a mock, control API included), so its CPU can be told from the suite's.
 */
export async function mockShareFigure(runs: number, log: Log): Promise<MockShareFigure> {
  const measured = await measureRuns(runs, 'npm run conformance against a mock in its own process', log, shareRun);
  return {
    runs: measured,
    share: median(measured.map(shareOf)),
    cpuPerAnswerUs: median(measured.map((r) => (r.servingCpuSeconds * 1e6) / r.answers)),
    answers: median(measured.map((r) => r.answers)),
    conformant: allConformant(measured),
  };
}

export function mockShareMarkdown(f: MockShareFigure): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  return [
    "### The mock's share of a conformance run (mock in its own process)",
    '',
    '| | wall s | suite CPU s | mock CPU s: start / serving | answers | mock share of CPU |',
    '|---|---:|---:|---:|---:|---:|',
    ...f.runs.map(
      (r, i) =>
        `| run ${i + 1} | ${seconds(r.wallMs)} | ${r.suiteCpuSeconds.toFixed(1)} | ` +
        `${r.startCpuSeconds.toFixed(2)} / ${r.servingCpuSeconds.toFixed(2)} | ${r.answers} | ${pct(shareOf(r))} |`,
    ),
    '',
    `Median share **${pct(f.share)}** (guard: under ${pct(MOCK_SHARE_LIMIT)}: ` +
      `${f.share < MOCK_SHARE_LIMIT ? 'held' : '**broken**'}), ` +
      `**${f.cpuPerAnswerUs.toFixed(0)} µs** of mock CPU per answer served (request log included), ` +
      `${f.answers} answers a run.` +
      (f.conformant ? '' : ` ${conformanceNote(false, verdicts(f.runs))}`),
  ].join('\n');
}
