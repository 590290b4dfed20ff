import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '../testing/fixtures.js';
import { readConformanceJson } from '../reporters/model/read-report.js';
import { runConformance } from '../testing/run-command.js';

const dirs = (dir: string) => ({ PG_REPORTS_DIR: dir, PG_RESULTS_DIR: join(dir, 'test-results') });

test('--help names the PG_ variables, --rule, --baseline and the exit codes, and runs nothing', async () => {
  const { code, output } = await runConformance({}, ['--help']);
  expect(code).toBe(0);
  const named = [
    'PG_TARGET',
    'PG_BASE_URL',
    'PG_API_KEY',
    'PG_ALLOW_WRITES',
    '--baseline <file>',
    '--rule <ID>',
    '--list-rules',
    '--version',
    'PG_HISTORY',
    'npm run conformance -- --rule TOK-8',
    '2 CONFIGURATION ERROR',
    '4 NOT FULLY EXERCISED',
  ];
  for (const text of named) expect(output).toContain(text);
  expect(output).not.toContain('Running');
});

test('an unknown option or rule is a configuration error, exit 2, before anything runs', async ({}, testInfo) => {
  const dir = testInfo.outputPath('run');
  const unknown = await runConformance(dirs(dir), ['--rulez', 'TOK-8']);
  expect(unknown.code).toBe(2);
  expect(unknown.output).toContain('--rulez is not an option of npm run conformance');
  // Found before the preflight, like the configuration errors of config/startup.command.test.ts: the verdict line last.
  const lastLine = unknown.output.trimEnd().split('\n').at(-1) ?? '';
  expect(lastLine).toMatch(/^Conformance: CONFIGURATION ERROR: .*\(nothing was run\)$/);
  expect(lastLine).toContain('--rulez is not an option of npm run conformance');
  const rule = await runConformance(dirs(dir), ['--rule', 'TOK-99']);
  expect(rule.code).toBe(2);
  expect(rule.output).toContain('--rule TOK-99: no such rule in spec/rules.yaml');
  expect(existsSync(dir)).toBe(false);
});

test("--list shows exactly one rule's tests and leaves the last report alone", async ({}, testInfo) => {
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
  // TOK-8 is a property; one generated input is as much a pass of it as 25 for what this test reads.
  const { code, output } = await runConformance({ ...dirs(dir), PG_WORKERS: '1', PG_GENERATED_RUNS: '1' }, [
    '--rule',
    'TOK-8',
  ]);
  expect(code, output).toBe(0);
  const report = readConformanceJson(join(dir, 'conformance.json'));
  expect(report.verdict).toBe('CONFORMANT');
  expect(report.verdictLine).toMatch(/^CONFORMANT for TOK-8 \(1 of [0-9]+ rules selected\): /);
  expect(report.rules.find((r) => r.id === 'TOK-8')!.status).toBe('passed');
  expect(report.rules.find((r) => r.id === 'TOK-10')!.status).toBe('not selected');
  expect(output).toContain('Conformance: CONFORMANT for TOK-8');
});

test('--list-rules lists the catalogue against the configured target and sends nothing to it', async ({}, testInfo) => {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const dir = testInfo.outputPath('run');
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const sandbox = {
      ...dirs(dir),
      PG_TARGET: 'sandbox',
      PG_BASE_URL: baseUrl,
      PG_MERCHANT_ID: 'm-1',
      PG_API_KEY: 'k-1',
    };
    const text = await runConformance(sandbox, ['--list-rules']);
    expect(text.code, text.output).toBe(0);
    expect(text.output).toMatch(/^Rule catalogue [0-9.]+: [0-9]+ rules, against the configured target \(sandbox\)/);
    expect(text.output).toContain("HOOK-3   section 3; needs the mock's control API; writes; not checkable here");
    expect(text.output).toContain('integrator checks need PG_VENDOR_ID and PG_VENDOR_API_KEY');
    const json = await runConformance(sandbox, ['--list-rules', '--json', '--rule', 'TOK-5']);
    expect(json.code, json.output).toBe(0);
    const listing = JSON.parse(json.output) as { target: string; rules: { id: string; checkable: string }[] };
    expect(listing).toMatchObject({ target: 'sandbox', rules: [{ id: 'TOK-5', checkable: 'no' }] });
    expect(requests, 'no request reached the target').toEqual([]);
    expect(existsSync(dir), 'no report was written').toBe(false);
  } finally {
    server.close();
  }
});

test("--version prints the package, the catalogue and the spec files' hashes", async () => {
  const { code, output } = await runConformance({}, ['--version']);
  expect(code, output).toBe(0);
  expect(output.split('\n')).toEqual([
    expect.stringMatching(/^gateway-conformance [0-9.]+$/),
    expect.stringMatching(
      /^rule catalogue [0-9.]+ \([0-9]+ rules; rules hash [0-9a-f]{12}, as conformance.json's catalogue.hash\)$/,
    ),
    expect.stringMatching(/^sha256 [0-9a-f]{64} {2}spec\/openapi.yaml$/),
    expect.stringMatching(/^sha256 [0-9a-f]{64} {2}spec\/rules.yaml$/),
    '',
  ]);
});
