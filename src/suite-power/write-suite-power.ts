import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { caughtByCell, type FaultRunOutcome } from './judge.js';
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

const OUTCOME_CELL: Record<FaultRunOutcome['outcome'], string> = {
  caught: 'caught',
  passed: 'passed',
  'caught by accident': '**CAUGHT BY ACCIDENT**',
  survived: '**SURVIVED**',
  flagged: '**FLAGGED**',
  'wrong verdict': '**WRONG VERDICT**',
  error: '**ERROR**',
};

/** Writes reports/suite-power.md and .json; returns the summary, `ok` when nothing failed. */
export function writeSuitePower(out: string, outcomes: RunOutcome[], options: Options) {
  const order = (o: RunOutcome) => `${o.kind}\u0000${o.name}\u0000${o.mode}`;
  const sorted = [...outcomes].sort((a, b) => order(a).localeCompare(order(b)));
  const faults = sorted.filter((o) => o.kind === 'fault');
  const variants = sorted.filter((o) => o.kind === 'variant');
  const known = sorted.filter((o) => o.kind === 'known');
  const notOk = (list: RunOutcome[], outcome: FaultRunOutcome['outcome']) =>
    list.filter((o) => o.outcome === outcome).map((o) => o.id);
  const summary = {
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
  const accidents = summary.faults.caughtByAccident.length;
  const knownLine = known.length
    ? ` Known-deviation cases with their verdict: **${summary.knownDeviations.asExpected} of ${known.length}**.`
    : '';
  const shardLine = options.shard
    ? [
        `Shard ${options.shard.index} of ${options.shard.count}: ${sorted.length} of the plan's ` +
          `${options.shard.planned} runs (\`--merge\` joins the shards' reports into one).`,
        '',
      ]
    : options.mergedShards
      ? [`Merged from ${options.mergedShards} shards run side by side; the time is the slowest shard's.`, '']
      : [];
  const lines = [
    '# Suite power',
    '',
    ...shardLine,
    `Faults caught by their own rule: **${summary.faults.caught} of ${summary.faults.runs}** ` +
      `runs${accidents ? ` (${accidents} caught only by accident)` : ''}. Legitimate variations passed: ` +
      `**${summary.variants.passed} of ${summary.variants.runs}** ` +
      `runs.${knownLine} ${options.seconds} s.`,
    options.rulesWithoutFault.length
      ? `Rules no fault breaks: ${options.rulesWithoutFault.join(', ')}`
      : 'Every rule of the catalogue is broken by at least one fault.',
    '',
    options.full
      ? 'Full runs: every fault run is the whole suite, so "caught by" lists every rule that failed.'
      : 'A fault run first runs the tests of the rule it breaks; only when none of them fails ' +
        'does the rest of the suite run (`--full` runs it all). "caught by" lists the rules that ' +
        'failed in what ran; "(listed)" marks rules the fault names in alsoNoticedBy, "(unlisted)" others.',
    '',
    '| kind | name | rule | mode | expected | outcome | caught by | verdict |',
    '|---|---|---|---|---|---|---|---|',
    ...sorted.map(
      (o) =>
        `| ${o.kind} | ${o.name} | ${o.rule} | ${o.mode} | ${o.expected} | ${OUTCOME_CELL[o.outcome]} | ` +
        `${o.kind === 'fault' ? caughtByCell(o, o) : o.failedRules.join(', ')} | ${o.verdict} |`,
    ),
    '',
  ];
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'suite-power.json'), `${JSON.stringify(summary, null, 2)}\n`);
  writeFileSync(join(out, 'suite-power.md'), lines.join('\n'));
  return summary;
}

/**
 * What verify:suite prints at the end: each run that was not as expected, the rules no fault breaks, and
 * the totals line, e.g. `faults caught by their own rule 394/394, variations passed 200/200, …`.
 */
export function closingLines(summary: ReturnType<typeof writeSuitePower>, out: string): string[] {
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
