import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../testing/fixtures.js';
import { judge, type RunReport } from './judge.js';
import { plan, type PlannedRun } from './plan.js';
import { mergeShardReports, parseShard, runsOfShard, type ShardReport } from './shards.js';
import { closingLines, writeSuitePower } from './write-suite-power.js';

test('--shard takes i/n with i from 1 to n', () => {
  expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
  expect(parseShard('1/1')).toEqual({ index: 1, count: 1 });
  for (const bad of ['0/3', '4/3', '1/0', '3', 'a/b', '1/2/3', '-1/2'])
    expect(() => parseShard(bad), bad).toThrow(/--shard takes i\/n/);
});

test("the shards of a split hold every planned run once, in plan order, a behaviour's modes together", () => {
  const runs = plan();
  for (const count of [1, 2, 3, 4, 7]) {
    const shards = Array.from({ length: count }, (_, i) => runsOfShard(runs, { index: i + 1, count }));
    const ids = shards.flat().map((r) => r.id);
    expect(ids.length, `${count} shards`).toBe(runs.length);
    expect(new Set(ids).size).toBe(runs.length);
    for (const shard of shards) {
      const order = shard.map((r) => runs.indexOf(r));
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
    const shardOf = new Map(shards.flatMap((s, i) => s.map((r) => [`${r.kind}:${r.name}`, i] as const)));
    for (const [i, shard] of shards.entries())
      for (const r of shard) expect(shardOf.get(`${r.kind}:${r.name}`), r.id).toBe(i);
  }
  expect(runsOfShard(runs, { index: 2, count: 3 })).toEqual(runsOfShard(plan(), { index: 2, count: 3 }));
  // Fewer behaviours than shards (a short --only list): the last shards are dealt nothing and write empty reports.
  const one = plan((e) => e.name === 'mask-asterisks');
  expect(runsOfShard(one, { index: 1, count: 2 })).toEqual(one);
  expect(runsOfShard(one, { index: 2, count: 2 })).toEqual([]);
});

test('each shard gets its share of faults and of variations, the costlier runs', () => {
  const runs = plan();
  const count = 3;
  for (const kind of ['fault', 'variant'] as const) {
    const behaviours = new Set(runs.filter((r) => r.kind === kind).map((r) => r.name)).size;
    for (let index = 1; index <= count; index++) {
      const mine = new Set(
        runsOfShard(runs, { index, count })
          .filter((r) => r.kind === kind)
          .map((r) => r.name),
      );
      expect(mine.size, `${kind}s in shard ${index}`).toBeGreaterThanOrEqual(Math.floor(behaviours / count));
      expect(mine.size, `${kind}s in shard ${index}`).toBeLessThanOrEqual(Math.ceil(behaviours / count));
    }
  }
});

/** A report for each run as a real one would read: faults caught by their rule, variations conformant. */
function outcomeOf(run: PlannedRun, survived: ReadonlySet<string>) {
  const caught: RunReport = {
    verdict: 'NON-CONFORMANT',
    rules: [{ id: run.rule, status: 'failed', tests: [{ failures: [{ ruleId: run.rule }] }] }],
  };
  const passed: RunReport = { verdict: 'CONFORMANT', rules: [{ id: run.rule, status: 'passed' }] };
  const report = survived.has(run.id) ? passed : run.kind === 'fault' ? caught : passed;
  return { ...run, ...judge(run, report) };
}

test('the merged shard reports give the totals, table and closing lines of one unsharded run', () => {
  const runs = plan();
  const survived = new Set([runs.find((r) => r.kind === 'fault')!.id]);
  const outcomes = runs.map((r) => outcomeOf(r, survived));
  const options = { full: false, rulesWithoutFault: [] };
  const whole = writeSuitePower(test.info().outputPath('whole'), outcomes, { ...options, seconds: 100 });

  const count = 3;
  const reports = Array.from({ length: count }, (_, i) => {
    const shard = { index: i + 1, count };
    const dir = test.info().outputPath(`shard-${shard.index}`);
    const mine = new Set(runsOfShard(runs, shard).map((r) => r.id));
    writeSuitePower(
      dir,
      outcomes.filter((o) => mine.has(o.id)),
      {
        ...options,
        seconds: 30 + i,
        shard: { ...shard, planned: runs.length },
      },
    );
    return JSON.parse(readFileSync(join(dir, 'suite-power.json'), 'utf8')) as ShardReport;
  });
  expect(reports[1]!.shard).toEqual({ index: 2, count, planned: runs.length });

  const merged = mergeShardReports([...reports].reverse());
  expect(merged.seconds, "the slowest shard's time").toBe(32);
  const mergedDir = test.info().outputPath('merged');
  const summary = writeSuitePower(mergedDir, merged.outcomes, { ...merged, mergedShards: merged.shards });
  for (const part of ['faults', 'variants', 'knownDeviations', 'ok', 'outcomes'] as const)
    expect(summary[part], part).toEqual(whole[part]);
  expect(summary.ok, 'one fault survived').toBe(false);
  const withoutTime = (lines: string[]) => lines.map((l) => l.replace(/, \d+s \(.*$/, ''));
  expect(withoutTime(closingLines(summary, 'reports'))).toEqual(withoutTime(closingLines(whole, 'reports')));
  const table = (dir: string) =>
    readFileSync(join(dir, 'suite-power.md'), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('|'));
  expect(table(mergedDir)).toEqual(table(test.info().outputPath('whole')));
  expect(readFileSync(join(mergedDir, 'suite-power.md'), 'utf8')).toContain('Merged from 3 shards');
});

test('a merge refuses a missing shard, a shard twice, an unsharded report or reports of another split', () => {
  const runs = plan((e) => ['mask-asterisks', 'card-id-reissued-every-50th'].includes(e.name));
  const report = (index: number, count: number, planned = runs.length): ShardReport => ({
    outcomes: runsOfShard(runs, { index, count }).map((r) => outcomeOf(r, new Set())),
    seconds: 1,
    full: false,
    rulesWithoutFault: [],
    shard: { index, count, planned },
  });
  expect(mergeShardReports([report(1, 2), report(2, 2)]).outcomes).toHaveLength(runs.length);
  expect(() => mergeShardReports([report(1, 2)])).toThrow(/shards 1 of 2/);
  expect(() => mergeShardReports([report(1, 2), report(1, 2), report(2, 2)])).toThrow(/once/);
  expect(() => mergeShardReports([report(1, 2), report(2, 2, runs.length + 1)])).toThrow(/different splits/);
  expect(() => mergeShardReports([report(1, 2), report(2, 3)])).toThrow(/different splits/);
  const unsharded = report(1, 1);
  delete unsharded.shard;
  expect(() => mergeShardReports([unsharded])).toThrow(/without a shard stamp/);
  expect(() => mergeShardReports([])).toThrow(/no shard reports/);
});
