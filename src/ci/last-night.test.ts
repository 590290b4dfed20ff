import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../testing/fixtures.js';
import { fetchBaseline, type Gh } from './last-night.js';

const REPORT = JSON.stringify({ target: 'sandbox', verdict: 'NON-CONFORMANT', started: 's', finished: 'f', rules: [] });

/** A stand-in for the GitHub CLI: lists the given runs; "downloads" the artifact of the runs that have one. */
function fakeGh(
  runs: { databaseId: number; conclusion: string }[],
  artifacts: Record<number, string>,
  calls: string[][],
  histories: Record<number, string> = {},
): Gh {
  return (args) => {
    calls.push(args);
    if (args[0] === 'run' && args[1] === 'list')
      return JSON.stringify(runs.map((r) => ({ ...r, createdAt: '2026-11-22T02:23:00Z' })));
    const id = Number(args[2]);
    if (!(id in artifacts)) throw new Error(`no valid artifacts found to download`);
    const dir = args[args.indexOf('--dir') + 1]!;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'conformance.json'), artifacts[id]!);
    if (id in histories) writeFileSync(join(dir, 'history.json'), histories[id]!);
    return '';
  };
}

test('takes the latest earlier night that published a report, a non-conformant one included', ({}, testInfo) => {
  const calls: string[][] = [];
  const log: string[] = [];
  const outDir = testInfo.outputPath('baseline');
  const gh = fakeGh(
    [
      { databaseId: 9, conclusion: '' },
      { databaseId: 8, conclusion: 'cancelled' },
      { databaseId: 7, conclusion: 'failure' },
      { databaseId: 6, conclusion: 'success' },
    ],
    { 7: REPORT, 6: REPORT },
    calls,
  );
  const path = fetchBaseline(gh, { outDir, branch: 'main', currentRunId: '9', log: (l) => log.push(l) });
  expect(path).toBe(join(outDir, 'conformance.json'));
  expect(readFileSync(path!, 'utf8')).toBe(REPORT);
  expect(calls[0]).toEqual([
    'run',
    'list',
    '--workflow',
    'nightly-sandbox.yml',
    '--status',
    'completed',
    '--limit',
    '10',
    '--json',
    'databaseId,conclusion,createdAt',
    '--branch',
    'main',
  ]);
  // Not itself, not the cancelled one.
  expect(calls.slice(1).map((c) => c.slice(0, 5))).toEqual([['run', 'download', '7', '--name', 'conformance-reports']]);
  expect(log).toEqual([
    'Baseline: run 7 of 2026-11-22T02:23:00Z (failure).',
    "Run 7 kept no history.json: the nights' history starts tonight.",
  ]);
  expect(existsSync(join(outDir, 'history.json'))).toBe(false);
});

test("the nights' history comes from the same night as the baseline", ({}, testInfo) => {
  const outDir = testInfo.outputPath('baseline');
  const history = '{"nights":[]}';
  const runs = [
    { databaseId: 7, conclusion: 'success' },
    { databaseId: 6, conclusion: 'success' },
  ];
  const gh = fakeGh(runs, { 7: REPORT, 6: REPORT }, [], { 7: history, 6: '{"older":true}' });
  const log: string[] = [];
  fetchBaseline(gh, { outDir, log: (l) => log.push(l) });
  expect(readFileSync(join(outDir, 'history.json'), 'utf8')).toBe(history);
  expect(log).toEqual(['Baseline: run 7 of 2026-11-22T02:23:00Z (success).']);
});

test('passes over a night without the artifact or with a broken report, and ends with none, saying why', ({}, testInfo) => {
  const log: string[] = [];
  const gh = fakeGh(
    [
      { databaseId: 5, conclusion: 'failure' },
      { databaseId: 4, conclusion: 'success' },
    ],
    { 4: '{"not":"a report"}' },
    [],
  );
  expect(fetchBaseline(gh, { outDir: testInfo.outputPath('b'), log: (l) => log.push(l) })).toBeUndefined();
  expect(log[0]).toContain('Run 5: no usable conformance-reports');
  expect(log[1]).toContain('is not a conformance.json');
  expect(log[2]).toBe('No baseline: no earlier night published its reports. The drift section starts tomorrow.');
});

test('no access to the runs (no token, no permission) is no baseline, not a failed night', () => {
  const log: string[] = [];
  const gh: Gh = () => {
    throw new Error('HTTP 403: Resource not accessible by integration');
  };
  expect(fetchBaseline(gh, { outDir: 'unused', log: (l) => log.push(l) })).toBeUndefined();
  expect(log).toEqual([
    'No baseline: the previous runs could not be listed (HTTP 403: Resource not accessible by integration).',
  ]);
});
