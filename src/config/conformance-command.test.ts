import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { readConformanceJson } from '../reporters/report-json.js';
import { runConformance } from '../safety/run-conformance.js';

const dirs = (dir: string) => ({ PG_REPORTS_DIR: dir, PG_RESULTS_DIR: join(dir, 'test-results') });

test('--help names the PG_ variables, --rule, --baseline and the exit codes, and runs nothing', async () => {
  const { code, output } = await runConformance({}, ['--help']);
  expect(code).toBe(0);
  for (const text of ['PG_TARGET', 'PG_BASE_URL', 'PG_API_KEY', 'PG_ALLOW_WRITES', '--baseline <file>', '--rule <ID>', 'npm run conformance -- --rule TOK-8', '2 CONFIGURATION ERROR', '4 NOT FULLY EXERCISED']) expect(output).toContain(text);
  expect(output).not.toContain('Running');
});

test('an unknown option or rule is a configuration error, exit 2, before anything runs', async ({}, testInfo) => {
  const dir = testInfo.outputPath('run');
  const unknown = await runConformance(dirs(dir), ['--rulez', 'TOK-8']);
  expect(unknown.code).toBe(2);
  expect(unknown.output).toContain('--rulez is not an option of npm run conformance');
  const rule = await runConformance(dirs(dir), ['--rule', 'TOK-99']);
  expect(rule.code).toBe(2);
  expect(rule.output).toContain('--rule TOK-99: no such rule in spec/rules.yaml');
  expect(existsSync(dir)).toBe(false);
});

test('--list shows exactly one rule\'s tests and leaves the last report alone', async ({}, testInfo) => {
  const dir = testInfo.outputPath('run');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'conformance.json'), '{"verdict":"CONFORMANT"}');
  const { code, output } = await runConformance(dirs(dir), ['--rule', 'TOK-1', '--list']);
  expect(code, output).toBe(0);
  expect(output).toMatch(/TOK-1: a request without card_id/);
  expect(output).not.toMatch(/TOK-10/);
  expect(readFileSync(join(dir, 'conformance.json'), 'utf8')).toBe('{"verdict":"CONFORMANT"}');
});

test('a run of one rule that passes exits 0 with a verdict that names what it covered', async ({}, testInfo) => {
  test.setTimeout(60_000);
  const dir = testInfo.outputPath('run');
  const { code, output } = await runConformance({ ...dirs(dir), PG_WORKERS: '1' }, ['--rule', 'TOK-8']);
  expect(code, output).toBe(0);
  const report = readConformanceJson(join(dir, 'conformance.json'));
  expect(report.verdict).toBe('CONFORMANT');
  expect(report.verdictLine).toMatch(/^CONFORMANT for TOK-8 \(1 of [0-9]+ rules selected\): /);
  expect(report.rules.find((r) => r.id === 'TOK-8')!.status).toBe('passed');
  expect(report.rules.find((r) => r.id === 'TOK-10')!.status).toBe('not selected');
  expect(output).toContain('Conformance: CONFORMANT for TOK-8');
});
