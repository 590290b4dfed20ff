import type { FaultRunOutcome } from './judge.js';
import type { PlannedRun } from './plan.js';

/** One slice of the plan: shard `index` of `count`, counted from 1 as Playwright's `--shard=i/n` is. */
export type Shard = { index: number; count: number };

/** What a shard's suite-power.json says of its slice, beside its outcomes: enough to prove a merge whole. */
export type ShardStamp = Shard & { planned: number };

export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count)
    throw new Error(`--shard takes i/n with 1 <= i <= n (e.g. 2/3), not "${text}"`);
  return { index, count };
}

/**
 * The runs of one shard. A fault's or variation's runs in its modes stay together, and the behaviours are
 * dealt in plan order one to each shard in turn, so every shard gets its share of each kind (variations run
 * the whole suite and cost more than a fault's own rule) and the same plan always splits the same way.
 */
export function runsOfShard(runs: readonly PlannedRun[], shard: Shard): PlannedRun[] {
  const behaviours = [...new Set(runs.map(behaviour))];
  const mine = new Set(behaviours.filter((_, i) => i % shard.count === shard.index - 1));
  return runs.filter((r) => mine.has(behaviour(r)));
}

const behaviour = (r: PlannedRun) => `${r.kind}:${r.name}`;

/** A shard's suite-power.json, as far as the merge reads it. */
export type ShardReport = {
  outcomes: (PlannedRun & FaultRunOutcome)[];
  seconds: number;
  full: boolean;
  rulesWithoutFault: string[];
  shard?: ShardStamp;
};

/**
 * The shards' reports as one run's: every shard of one split present once, each run once, as many runs
 * as the plan had. A missing shard (a runner that died before writing) is an error, never smaller totals.
 * The time is the slowest shard's: the shards run side by side.
 */
export function mergeShardReports(reports: readonly ShardReport[]) {
  const problems: string[] = [];
  const stamps = reports.map((r) => r.shard);
  if (!reports.length) problems.push('no shard reports to merge');
  if (stamps.some((s) => !s)) problems.push('a report without a shard stamp (written by an unsharded run)');
  const first = stamps.find((s) => s);
  const count = first?.count ?? 0;
  const planned = first?.planned ?? 0;
  if (stamps.some((s) => s && (s.count !== count || s.planned !== planned)))
    problems.push('reports of different splits or plans');
  const indices = stamps.flatMap((s) => (s ? [s.index] : [])).sort((a, b) => a - b);
  const wanted = Array.from({ length: count }, (_, i) => i + 1);
  if (indices.join(',') !== wanted.join(','))
    problems.push(`shards ${indices.join(', ') || 'none'} of ${count}: each of 1..${count} must be there once`);
  if (new Set(reports.map((r) => r.full)).size > 1) problems.push('some shards ran with --full and some without');
  const outcomes = reports.flatMap((r) => r.outcomes);
  const ids = outcomes.map((o) => o.id);
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (twice.length) problems.push(`runs in more than one shard: ${[...new Set(twice)].join(', ')}`);
  if (!problems.length && outcomes.length !== planned)
    problems.push(`${outcomes.length} runs in the shards, ${planned} in the plan`);
  if (problems.length) throw new Error(`verify:suite --merge: ${problems.join('; ')}`);
  return {
    outcomes,
    seconds: Math.max(...reports.map((r) => r.seconds)),
    full: reports[0]!.full,
    rulesWithoutFault: [...new Set(reports.flatMap((r) => r.rulesWithoutFault))].sort(),
    shards: count,
  };
}
