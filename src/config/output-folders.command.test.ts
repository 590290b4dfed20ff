import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '../testing/fixtures.js';
import { runCommand, runConformance } from '../testing/run-command.js';

// A sandbox that counts what reaches it: a run stopped on its output folders sends nothing, not even the probe.
let requests = 0;
let server: Server;
let baseUrl: string;
test.beforeAll(async () => {
  server = createServer((_req, res) => {
    requests++;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const lastLine = (output: string) => output.trimEnd().split('\n').at(-1) ?? '';
const sandbox = { PG_TARGET: 'sandbox', PG_MERCHANT_ID: 'm-1', PG_API_KEY: 'sk_sandbox_k' };

for (const variable of ['PG_REPORTS_DIR', 'PG_RESULTS_DIR'] as const) {
  test(`${variable} below a file ends the run before any request, exit 2 within 5 s, naming ${variable}`, async ({}, testInfo) => {
    const file = testInfo.outputPath('a-file');
    mkdirSync(testInfo.outputPath(), { recursive: true });
    writeFileSync(file, '');
    const folders = { PG_REPORTS_DIR: testInfo.outputPath('reports'), PG_RESULTS_DIR: testInfo.outputPath('results') };
    const before = requests;
    const started = Date.now();
    const run = await runConformance({ ...sandbox, PG_BASE_URL: baseUrl, ...folders, [variable]: join(file, 'out') });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(run.code, run.output).toBe(2);
    expect(lastLine(run.output)).toMatch(
      new RegExp(
        `^Conformance: CONFIGURATION ERROR: ${variable} names .*a-file/out: .*\\(ENOTDIR, .*\\(nothing was run\\)$`,
      ),
    );
    expect(run.output).not.toMatch(/\n\s+at /); // no stack trace
    expect(requests - before).toBe(0);
  });
}

test('a folder Node cannot make (below /proc) is refused at once, not met at the end of the run', async () => {
  const run = await runConformance({ PG_REPORTS_DIR: '/proc/no-such-folder' });
  expect(run.code, run.output).toBe(2);
  expect(lastLine(run.output)).toContain('PG_REPORTS_DIR names /proc/no-such-folder');
});

test('the cutover refuses a reports folder it cannot write before production is sent anything', async ({}, testInfo) => {
  const file = testInfo.outputPath('a-file');
  mkdirSync(testInfo.outputPath(), { recursive: true });
  writeFileSync(file, '');
  // What the cutover reads of a sign-off before it runs production: a whole sandbox run's verdict.
  const signedOff = testInfo.outputPath('sandbox.json');
  writeFileSync(signedOff, JSON.stringify({ verdict: 'CONFORMANT', target: 'sandbox', rules: [] }));
  const before = requests;
  const run = await runCommand(
    'scripts/cutover.ts',
    { ...sandbox, PG_TARGET: 'production', PG_BASE_URL: baseUrl, PG_REPORTS_DIR: join(file, 'r') },
    ['--sandbox', signedOff, '--webhook-url', 'https://hooks.example/'],
  );
  expect(run.code, run.output).toBe(2);
  expect(lastLine(run.output)).toMatch(/^Cutover: CONFIGURATION ERROR: PG_REPORTS_DIR names .*a-file\/r: .*ENOTDIR/);
  expect(requests - before).toBe(0);
});

test('reports refused at the end (the folder replaced by a file mid-run): the verdict line and its exit code', async ({}, testInfo) => {
  test.setTimeout(90_000);
  const dir = testInfo.outputPath('reports');
  let replaced = false;
  const run = await runCommand(
    'scripts/conformance.ts',
    {
      PG_REPORTS_DIR: dir,
      PG_RESULTS_DIR: testInfo.outputPath('results'),
      PG_SEED: '1',
      PG_GENERATED_RUNS: '1',
      PG_WORKERS: '1',
    },
    ['--rule', 'TOK-1'],
    // The reporter says the seed as the run begins, after the folders were checked: the folder goes then.
    (output) => {
      if (replaced || !output.includes('Generated inputs: seed')) return;
      replaced = true;
      rmSync(dir, { recursive: true, force: true });
      writeFileSync(dir, 'not a folder');
    },
  );
  expect(replaced, run.output).toBe(true);
  expect(run.code, run.output).toBe(0);
  expect(lastLine(run.output)).toMatch(/^Conformance: CONFORMANT for TOK-1 .*\(reports not written\)$/);
  expect(run.output).toContain(
    `Reports: ${dir} could not be written (EEXIST, a file stands where the folder should be); no report was written.`,
  );
  expect(existsSync(join(dir, 'conformance.json'))).toBe(false);
});
