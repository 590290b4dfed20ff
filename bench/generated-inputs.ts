import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cleanEnv, timeCommand } from './processes.js';

/**
 * What the generated-input properties (tests/properties/) cost: the conformance run against the embedded
 * mock with them and without them (only the fixed-example spec files), alternated round by round so
 * background load on a shared machine hits both alike. The target: at most 5 s more wall time.
 */
export type GeneratedInputsCost = {
  rounds: { withoutMs: number; withMs: number; exitCodes: (number | null)[] }[];
  medianWithoutMs: number;
  medianWithMs: number;
  deltaMs: number;
  met: boolean;
};

const TIMEOUT_MS = 180_000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

export async function generatedInputsCost(
  rounds = 2,
  log: (line: string) => void = () => {},
): Promise<GeneratedInputsCost> {
  // Positional arguments are path patterns: naming the top-level spec files leaves tests/properties/ out.
  const fixedOnly = readdirSync('tests')
    .filter((f) => f.endsWith('.spec.ts'))
    .map((f) => `tests/${f}`);
  const tmp = mkdtempSync(join(tmpdir(), 'pg-bench-generated-'));
  const run = (name: string, extra: string[]) =>
    timeCommand(
      process.execPath,
      ['--import', 'tsx', 'scripts/conformance.ts', ...extra],
      cleanEnv({ PG_REPORTS_DIR: join(tmp, name, 'reports'), PG_RESULTS_DIR: join(tmp, name, 'results') }),
      TIMEOUT_MS,
    );
  const measured: GeneratedInputsCost['rounds'] = [];
  try {
    for (let i = 1; i <= rounds; i++) {
      log(`conformance without and with generated inputs, round ${i} of ${rounds}`);
      const without = await run(`without-${i}`, fixedOnly);
      const withProps = await run(`with-${i}`, []);
      measured.push({ withoutMs: without.ms, withMs: withProps.ms, exitCodes: [without.code, withProps.code] });
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const medianWithoutMs = median(measured.map((r) => r.withoutMs));
  const medianWithMs = median(measured.map((r) => r.withMs));
  const deltaMs = medianWithMs - medianWithoutMs;
  return {
    rounds: measured,
    medianWithoutMs,
    medianWithMs,
    deltaMs,
    met: deltaMs <= 5_000 && measured.every((r) => r.exitCodes.every((c) => c === 0)),
  };
}

export function generatedInputsMarkdown(c: GeneratedInputsCost): string {
  const s = (ms: number) => (ms / 1000).toFixed(1);
  return [
    '',
    '### Generated inputs (tests/properties/): conformance wall time against the embedded mock',
    '',
    '| round | without (fixed examples only) s | with s | exit codes |',
    '|---|---|---|---|',
    ...c.rounds.map((r, i) => `| ${i + 1} | ${s(r.withoutMs)} | ${s(r.withMs)} | ${r.exitCodes.join(', ')} |`),
    '',
    `Median ${s(c.medianWithoutMs)} s without, ${s(c.medianWithMs)} s with: +${s(c.deltaMs)} s (target at ` +
      `most +5 s: ${c.met ? 'met' : 'not met'}).`,
  ].join('\n');
}

// `tsx bench/generated-inputs.ts [rounds]` measures this alone.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const cost = await generatedInputsCost(Number(process.argv[2] ?? 2), (l) => process.stderr.write(`bench: ${l}\n`));
  console.log(generatedInputsMarkdown(cost));
}
