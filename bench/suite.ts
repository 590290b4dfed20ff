import { allConformant, conformanceRun, median, seconds, type ConformanceRun } from './conformance-run.js';

export type SuiteFigure = {
  runs: { wallMs: number; cpuSeconds: number | undefined; verdict: string; code: number | null }[];
  wallMs: number;
  cpuSeconds: number;
  conformant: boolean;
};

/**
 * The quickstart as a user runs it: a whole `npm run conformance` against its embedded mock, `runs` times
 * after one unmeasured run (it fills Playwright's transform cache, as any second run finds it filled).
 */
export async function suiteFigure(runs: number, log: (line: string) => void): Promise<SuiteFigure> {
  log('npm run conformance against the embedded mock: one unmeasured run');
  await conformanceRun({ kind: 'embedded' });
  const measured: ConformanceRun[] = [];
  for (let i = 1; i <= runs; i++) {
    log(`npm run conformance against the embedded mock: run ${i} of ${runs}`);
    measured.push(await conformanceRun({ kind: 'embedded' }));
  }
  return {
    runs: measured.map(({ wallMs, cpuSeconds, verdict, code }) => ({ wallMs, cpuSeconds, verdict, code })),
    wallMs: median(measured.map((r) => r.wallMs)),
    cpuSeconds: median(measured.map((r) => r.cpuSeconds ?? NaN)),
    conformant: allConformant(measured),
  };
}

export function suiteMarkdown(f: SuiteFigure): string {
  return [
    '### npm run conformance against the embedded mock',
    '',
    '| | wall s | CPU s |',
    '|---|---:|---:|',
    ...f.runs.map((r, i) => `| run ${i + 1} | ${seconds(r.wallMs)} | ${r.cpuSeconds?.toFixed(1) ?? '–'} |`),
    `| **median** | **${seconds(f.wallMs)}** | **${f.cpuSeconds.toFixed(1)}** |`,
    '',
    f.conformant ? 'Every run CONFORMANT, exit 0.' : `**Not every run was CONFORMANT**: ${verdicts(f.runs)}.`,
  ].join('\n');
}

export const verdicts = (runs: { verdict: string; code: number | null }[]): string =>
  runs.map((r) => `${r.verdict} (exit ${r.code})`).join(', ');
