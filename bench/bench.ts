import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  operationLimitFigure,
  operationLimitMarkdown,
  rateLimitFigure,
  rateLimitMarkdown,
  slowLinkFigure,
  slowLinkMarkdown,
  slowOperationFigure,
  slowOperationMarkdown,
} from './link-figures.js';
import { mockShareFigure, mockShareMarkdown, suiteFigure, suiteMarkdown } from './mock-figures.js';
import { linkRuns, type LinkKind } from './mocks.js';

const BENCHMARKS = ['suite', 'rate-limit', 'slow-link', 'tokenize-limit', 'slow-tokenize', 'mock-share'] as const;
type Benchmark = (typeof BENCHMARKS)[number];

const USAGE = `npm run bench [-- <benchmark>...] [--runs N] [--out FILE]

Times whole conformance runs, as a user meets them, and writes reports/bench.json plus markdown on stdout.
Benchmarks (all six when none is named; docs/bench.md says what each figure means):

  suite        npm run conformance against the embedded mock: wall, CPU and peak memory, median of
               the runs (default 5, after one unmeasured run)
  rate-limit   black-box runs against a mock limited to 20 requests a second, set against the least
               time the run's requests can take at that rate (default 3 runs, alternated with runs
               against the mock without the limit)
  slow-link    black-box runs over a link that delays every answer 150 ms, set against the run's
               critical path of dependent requests and its ten longest chains (default 3 runs,
               alternated likewise with the same run direct, with a distant target's workers and
               requests in flight, and with the direct runs as a near target)
  tokenize-limit  black-box runs against a mock that limits tokenize alone to 5 a second, set
               against the least time the run's tokenizes can take at that rate (alternated likewise)
  slow-tokenize   black-box runs against a mock whose tokenize answers 1.2 s late, set against the
               same run direct (alternated likewise)
               the link benchmarks also give each link's workers, the most gateway requests
               in flight at once and peak memory
  mock-share   the mock's CPU share of a conformance run, with the mock in its own process (default 3)

  --runs N     measured runs of each benchmark named
  --out FILE   JSON report (default reports/bench.json)
  --help`;

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string' },
    out: { type: 'string', default: join('reports', 'bench.json') },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const unknown = positionals.filter((p) => !(BENCHMARKS as readonly string[]).includes(p));
const runs = args.runs === undefined ? undefined : Number(args.runs);
if (unknown.length || (runs !== undefined && !(Number.isInteger(runs) && runs >= 1 && runs <= 20))) {
  console.error(
    `${unknown.length ? `unknown benchmark: ${unknown.join(', ')}` : '--runs must be 1 to 20'}\n\n${USAGE}`,
  );
  process.exit(2);
}
const chosen = new Set<Benchmark>(positionals.length ? (positionals as Benchmark[]) : BENCHMARKS);

const log = (line: string) => process.stderr.write(`bench: ${line}\n`);
const started = performance.now();
const machine = {
  cpuModel: cpus()[0]?.model ?? 'unknown',
  cores: cpus().length,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  loadAverageAtStart: loadavg().map((l) => Number(l.toFixed(2))),
  node: process.version,
  platform: `${process.platform} ${release()}`,
  date: new Date().toISOString(),
};
const report: Record<string, unknown> = { machine };
const sections: string[] = [
  `Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}, ` +
    `load average ${machine.loadAverageAtStart.join(' ')} at start, ${machine.date}.`,
];
/** A benchmark's figure under its key of reports/bench.json, and its markdown in the report on stdout. */
const add = <F>(key: string, figure: F, markdown: (f: F) => string) => {
  report[key] = figure;
  sections.push(markdown(figure));
};

if (chosen.has('suite')) add('suite', await suiteFigure(runs ?? 5, log), suiteMarkdown);
const links: LinkKind[] = [
  'direct',
  ...(chosen.has('slow-link') ? (['slow', 'direct-as-distant'] as const) : []),
  ...(chosen.has('rate-limit') ? (['limited'] as const) : []),
  ...(chosen.has('tokenize-limit') ? (['tokenize-limited'] as const) : []),
  ...(chosen.has('slow-tokenize') ? (['slow-tokenize'] as const) : []),
];
if (links.length > 1) {
  const all = await linkRuns(links, runs ?? 3, log);
  if (chosen.has('rate-limit')) add('rateLimit', rateLimitFigure(all), rateLimitMarkdown);
  if (chosen.has('slow-link')) add('slowLink', slowLinkFigure(all), slowLinkMarkdown);
  if (chosen.has('tokenize-limit')) add('tokenizeLimit', operationLimitFigure(all), operationLimitMarkdown);
  if (chosen.has('slow-tokenize')) add('slowTokenize', slowOperationFigure(all), slowOperationMarkdown);
  report.linkRuns = all.runs.map(({ tests: _tests, ...run }) => run);
}
if (chosen.has('mock-share')) add('mockShare', await mockShareFigure(runs ?? 3, log), mockShareMarkdown);

mkdirSync(dirname(args.out), { recursive: true });
writeFileSync(args.out, `${JSON.stringify(report, null, 2)}\n`);
console.log(sections.join('\n\n'));
console.log(`\n(${((performance.now() - started) / 1000).toFixed(0)} s; JSON: ${args.out})`);
process.exit(0);
