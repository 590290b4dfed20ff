import { allConformant, conformanceRun, median, seconds, type ConformanceRun } from './conformance-run.js';
import { startMock } from './mock.js';
import { cpuSeconds } from './processes.js';
import { verdicts } from './suite.js';

/** Above this share of a run's CPU the mock would be worth making cheaper; under it, it is not the bottleneck. */
export const MOCK_SHARE_LIMIT = 0.1;

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

/**
 * The mock's cost as a guard, not a target: the same run as the quickstart's, but against a mock in its own
 * process (the suite drives it as a mock, control API included), so its CPU can be told from the suite's.
 */
export async function mockShareFigure(runs: number, log: (line: string) => void): Promise<MockShareFigure> {
  const measured: ShareRun[] = [];
  for (let i = 1; i <= runs; i++) {
    log(`npm run conformance against a mock in its own process: run ${i} of ${runs}`);
    // A new mock for each run, as the embedded one is: its start-up is part of its share.
    const mock = await startMock();
    try {
      const ready = cpuSeconds(mock.pid);
      const run = await conformanceRun({ kind: 'mock', url: mock.url });
      const end = cpuSeconds(mock.pid);
      if (ready === undefined || end === undefined || run.cpuSeconds === undefined)
        throw new Error('the mock-share benchmark reads CPU time from /proc (Linux only)');
      const { wallMs, verdict, code } = run;
      measured.push({
        wallMs,
        verdict,
        code,
        suiteCpuSeconds: run.cpuSeconds,
        startCpuSeconds: ready,
        servingCpuSeconds: end - ready,
        answers: mock.answers().all,
      });
    } finally {
      await mock.stop();
    }
  }
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
      (f.conformant ? '' : ` **Not every run was CONFORMANT**: ${verdicts(f.runs)}.`),
  ].join('\n');
}
