import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '../testing/fixtures.js';
import { ruleGrep } from '../cli/cli-args.js';
import { freePort } from '../testing/stand-ins/free-port.js';
import { runConformance } from '../testing/run-command.js';

const CREDENTIALS = { PG_MERCHANT_ID: 'm-1', PG_API_KEY: 'unavailable-test-key', PG_WEBHOOK_ID: 'wh-1' };

function verdictIn(dir: string): { verdict: string; counts: Record<string, number>; unavailable: string[] } {
  return JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8'));
}

test('an unreachable base URL ends with "target unavailable" and exit code 3, not contract failures', async ({}, testInfo) => {
  const dir = testInfo.outputPath('run');
  const port = await freePort(); // free now, so nothing listens there
  const run = await runConformance({
    PG_TARGET: 'sandbox',
    PG_BASE_URL: `http://127.0.0.1:${port}`,
    ...CREDENTIALS,
    PG_REPORTS_DIR: dir,
  });
  expect(run.code, run.output).toBe(3);
  expect(run.output).toContain('connection refused');
  const report = verdictIn(dir);
  expect(report.verdict).toBe('TARGET UNAVAILABLE');
  expect(report.counts.failed ?? 0).toBe(0);
});

test('a target answering 503 to everything is "target unavailable" after bounded retries', async ({}, testInfo) => {
  // A whole conformance run in a child process, like the production runs: the default 30 s is too tight on a busy machine.
  test.setTimeout(120_000);
  const server = createServer((_req, res) => res.writeHead(503, { 'content-type': 'text/plain' }).end('maintenance'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const dir = testInfo.outputPath('run');
  try {
    const run = await runConformance(
      {
        PG_TARGET: 'sandbox',
        PG_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        ...CREDENTIALS,
        PG_REPORTS_DIR: dir,
        PG_RESULTS_DIR: join(dir, 'test-results'),
        PG_WORKERS: '1', // every worker meets the same 503s
      },
      ['--grep', ruleGrep(['VAULT-1', 'TOK-1'])],
    ); // a few reads and writes prove it (not VAULT-1x, TOK-1x); every test would only repeat it

    expect(run.code, run.output).toBe(3);
    const report = verdictIn(dir);
    expect(report.verdict).toBe('TARGET UNAVAILABLE');
    expect(report.counts.failed ?? 0).toBe(0);
    expect(report.unavailable.some((u) => u.includes('answered HTTP 503'))).toBe(true);
  } finally {
    server.close();
  }
});
