import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { plan, rulesWithoutFault, type PlannedRun } from '../src/suite-power/plan.js';
import { runSuite, type RunOutcome } from '../src/suite-power/run-suite.js';

/**
 * `npm run verify:suite`: the suite against the mock once per fault and once per legitimate variation,
 * in both modes. Every fault must be caught where observable; no variation may be flagged.
 */
const { values } = parseArgs({
  options: {
    only: { type: 'string', multiple: true },
    jobs: { type: 'string', default: String(Math.max(1, availableParallelism())) },
    workers: { type: 'string', default: '2' },
    out: { type: 'string', default: 'reports' },
    full: { type: 'boolean', default: false },
  },
});

const only = values.only;
const runs = plan(only ? (e) => only.includes(e.name) : undefined);
const jobs = Number(values.jobs);
const workDir = join(values.out, 'suite-power-runs');
const started = performance.now();
const outcomes: RunOutcome[] = [];

async function worker(queue: PlannedRun[]): Promise<void> {
  for (let run = queue.shift(); run; run = queue.shift()) {
    const outcome = await runSuite(run, workDir, { workers: Number(values.workers), full: values.full });
    outcomes.push(outcome);
    const mark = outcome.ok ? 'ok  ' : 'FAIL';
    console.log(`${mark} ${outcome.kind.padEnd(7)} ${outcome.name.padEnd(40)} ${outcome.mode.padEnd(9)} ${outcome.verdict.padEnd(14)} ${outcome.failedRules.join(' ')} (${outcome.seconds}s)${outcome.detail ? ` ${outcome.detail}` : ''}`);
  }
}

console.log(`verify:suite: ${runs.length} runs, ${jobs} at a time`);
const queue = [...runs];
await Promise.all(Array.from({ length: jobs }, () => worker(queue)));

const order = (o: RunOutcome) => `${o.kind}\u0000${o.name}\u0000${o.mode}`;
outcomes.sort((a, b) => order(a).localeCompare(order(b)));
const faults = outcomes.filter((o) => o.kind === 'fault');
const variants = outcomes.filter((o) => o.kind === 'variant');
const survived = faults.filter((o) => !o.ok);
const flagged = variants.filter((o) => !o.ok);
const uncovered = only ? [] : rulesWithoutFault();
const seconds = Math.round((performance.now() - started) / 1000);

const summary = {
  faults: { runs: faults.length, caught: faults.length - survived.length, survived: survived.map(order) },
  variants: { runs: variants.length, passed: variants.length - flagged.length, flagged: flagged.map(order) },
  rulesWithoutFault: uncovered,
  seconds,
  outcomes,
};

const lines = [
  '# Suite power',
  '',
  `Faults caught: **${summary.faults.caught} of ${summary.faults.runs}** runs. Legitimate variations passed: **${summary.variants.passed} of ${summary.variants.runs}** runs.`,
  uncovered.length ? `Rules no fault breaks: ${uncovered.join(', ')}` : 'Every rule of the catalogue is broken by at least one fault.',
  '',
  values.full ? 'Full runs: every failing rule is listed.' : 'Fault runs stop at their first failing test (`--full` runs them whole), so the last column names the rule that failed first.',
  '',
  '| kind | name | rule | mode | expected | outcome | verdict | rules whose tests failed |',
  '|---|---|---|---|---|---|---|---|',
  ...outcomes.map((o) => `| ${o.kind} | ${o.name} | ${o.rule} | ${o.mode} | ${o.expected} | ${o.ok ? (o.expected === 'caught' ? 'caught' : 'passed') : o.expected === 'caught' ? '**SURVIVED**' : '**FLAGGED**'} | ${o.verdict} | ${o.failedRules.join(', ')} |`),
  '',
];
mkdirSync(values.out, { recursive: true });
writeFileSync(join(values.out, 'suite-power.json'), `${JSON.stringify(summary, null, 2)}\n`);
writeFileSync(join(values.out, 'suite-power.md'), lines.join('\n'));

console.log(`\nfaults caught ${summary.faults.caught}/${summary.faults.runs}, variations passed ${summary.variants.passed}/${summary.variants.runs}, ${seconds}s (reports/suite-power.md)`);
for (const o of survived) console.log(`SURVIVED: fault ${o.name} (${o.rule}) in ${o.mode} mode`);
for (const o of flagged) console.log(`FLAGGED: variation ${o.name} in ${o.mode} mode: ${o.verdict} ${o.failedRules.join(', ')}${o.detail ? ` ${o.detail}` : ''}`);
if (uncovered.length) console.log(`UNCOVERED: no fault breaks ${uncovered.join(', ')}`);
process.exit(survived.length || flagged.length || uncovered.length ? 1 : 0);
