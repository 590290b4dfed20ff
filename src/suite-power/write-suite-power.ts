import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { caughtByCell, type FaultRunOutcome } from './judge.js';
import type { PlannedRun } from './plan.js';

export type RunOutcome = PlannedRun & FaultRunOutcome;

type Options = { seconds: number; full: boolean; rulesWithoutFault: string[] };

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
    ok: sorted.every((o) => o.ok) && options.rulesWithoutFault.length === 0,
    outcomes: sorted,
  };
  const accidents = summary.faults.caughtByAccident.length;
  const knownLine = known.length
    ? ` Known-deviation cases with their verdict: **${summary.knownDeviations.asExpected} of ${known.length}**.`
    : '';
  const lines = [
    '# Suite power',
    '',
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
      : 'A fault run first runs the tests of the rule it breaks and stops there when one fails; only ' +
        'otherwise does the rest of the suite run (`--full` runs it all). "caught by" lists the rules that ' +
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
