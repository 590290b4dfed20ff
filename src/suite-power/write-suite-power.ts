import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { caughtByCell, OUTCOME_CELL, type FaultRunOutcome } from './judge.js';
import type { PlannedRun } from './plan.js';
import type { ShardStamp } from './shards.js';

export type RunOutcome = PlannedRun & FaultRunOutcome;

type Options = {
  seconds: number;
  full: boolean;
  rulesWithoutFault: string[];
  /** A shard's run (`--shard`): its slice of the plan, stamped in the JSON for the merge. */
  shard?: ShardStamp;
  /** A merge (`--merge`) of this many shards' reports. */
  mergedShards?: number;
};

/** verify:suite's report: what suite-power.json holds, and what suite-power.md is written from. */
export type SuitePowerReport = ReturnType<typeof suitePowerReport>;

/** The report of the runs: totals per kind, what was not as expected, `ok` when nothing failed. */
export function suitePowerReport(outcomes: RunOutcome[], options: Options) {
  const order = (o: RunOutcome) => `${o.kind}\u0000${o.name}\u0000${o.mode}`;
  const sorted = [...outcomes].sort((a, b) => order(a).localeCompare(order(b)));
  const faults = sorted.filter((o) => o.kind === 'fault');
  const variants = sorted.filter((o) => o.kind === 'variant');
  const known = sorted.filter((o) => o.kind === 'known');
  const notOk = (list: RunOutcome[], outcome: FaultRunOutcome['outcome']) =>
    list.filter((o) => o.outcome === outcome).map((o) => o.id);
  return {
    faults: {
      runs: faults.length,
      caught: faults.filter((o) => o.ok).length,
      caughtByAccident: notOk(faults, 'caught by accident'),
      survived: notOk(faults, 'survived'),
      errors: notOk(faults, 'error'),
    },
    variants: {
      runs: variants.length,
      passed: variants.filter((o) => o.ok).length,
      flagged: notOk(variants, 'flagged'),
      leniencyNotShown: notOk(variants, 'leniency not shown'),
      errors: notOk(variants, 'error'),
    },
    knownDeviations: {
      runs: known.length,
      asExpected: known.filter((o) => o.ok).length,
      wrong: notOk(known, 'wrong verdict'),
      errors: notOk(known, 'error'),
    },
    rulesWithoutFault: options.rulesWithoutFault,
    seconds: options.seconds,
    ...(options.shard && { shard: options.shard }),
    ok: sorted.every((o) => o.ok) && options.rulesWithoutFault.length === 0,
    outcomes: sorted,
  };
}

/** suite-power.md: the totals, then one row per run; `how` says how the runs were made, which the JSON does not. */
export function suitePowerMarkdown(report: SuitePowerReport, how: Pick<Options, 'full' | 'mergedShards'>): string {
  const accidents = report.faults.caughtByAccident.length;
  const known = report.knownDeviations;
  const knownLine = known.runs
    ? ` Known-deviation cases with their verdict: **${known.asExpected} of ${known.runs}**.`
    : '';
  const shardLine = report.shard
    ? [
        `Shard ${report.shard.index} of ${report.shard.count}: ${report.outcomes.length} of the plan's ` +
          `${report.shard.planned} runs (\`--merge\` joins the shards' reports into one).`,
        '',
      ]
    : how.mergedShards
      ? [`Merged from ${how.mergedShards} shards run side by side; the time is the slowest shard's.`, '']
      : [];
  const lines = [
    '# Suite power',
    '',
    ...shardLine,
    `Faults caught by their own rule: **${report.faults.caught} of ${report.faults.runs}** ` +
      `runs${accidents ? ` (${accidents} caught only by accident)` : ''}. Legitimate variations passed: ` +
      `**${report.variants.passed} of ${report.variants.runs}** ` +
      `runs.${knownLine} ${report.seconds} s.`,
    report.rulesWithoutFault.length
      ? `Rules no fault breaks: ${report.rulesWithoutFault.join(', ')}`
      : 'Every rule of the catalogue is broken by at least one fault.',
    '',
    how.full
      ? 'Full runs: every fault run is the whole suite, so "caught by" lists every rule that failed.'
      : 'A fault run first runs the tests of the rule it breaks; only when none of them fails ' +
        'does the rest of the suite run (`--full` runs it all). "caught by" lists the rules that ' +
        'failed in what ran; "(listed)" marks rules the fault names in alsoNoticedBy, "(unlisted)" others.',
    '',
    '| kind | name | rule | mode | expected | outcome | caught by | verdict |',
    '|---|---|---|---|---|---|---|---|',
    ...report.outcomes.map(
      (o) =>
        `| ${o.kind} | ${o.name} | ${o.rule} | ${o.mode} | ${o.expected} | ${OUTCOME_CELL[o.outcome]} | ` +
        `${o.kind === 'fault' ? caughtByCell(o, o) : o.failedRules.join(', ')} | ${o.verdict} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

/** Writes reports/suite-power.md and .json (the report as it is); returns the report. */
export function writeSuitePower(out: string, outcomes: RunOutcome[], options: Options): SuitePowerReport {
  const report = suitePowerReport(outcomes, options);
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'suite-power.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(out, 'suite-power.md'), suitePowerMarkdown(report, options));
  return report;
}

/**
 * What verify:suite prints at the end: each run that was not as expected, the rules no fault breaks, and
 * the totals line, e.g. `faults caught by their own rule 394/394, variations passed 200/200, …`.
 */
export function closingLines(summary: SuitePowerReport, out: string): string[] {
  const { asExpected, runs: knownRuns } = summary.knownDeviations;
  const known = knownRuns ? `, known-deviation cases ${asExpected}/${knownRuns}` : '';
  return [
    ...summary.outcomes
      .filter((o) => !o.ok)
      .map(
        (o) =>
          `${o.outcome.toUpperCase()}: ${o.kind} ${o.name} (${o.rule}) in ${o.mode} mode: ` +
          `${o.verdict}${o.failedRules.length ? `, failed ${o.failedRules.join(', ')}` : ''}`,
      ),
    ...(summary.rulesWithoutFault.length ? [`UNCOVERED: no fault breaks ${summary.rulesWithoutFault.join(', ')}`] : []),
    '',
    `faults caught by their own rule ${summary.faults.caught}/${summary.faults.runs}, variations passed ` +
      `${summary.variants.passed}/${summary.variants.runs}${known}, ${summary.seconds}s ` +
      `(${join(out, 'suite-power.md')})`,
  ];
}
