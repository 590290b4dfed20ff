import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { mockCredentialsAsTarget } from '../config/child-env.js';
import { startMock, type MockHandle } from '../mock/start.js';
import { runCommand, runConformance } from '../safety/run-conformance.js';
import { TEST_CA_FILE, test } from '../webhook-check/webhook-check-fixtures.js';

/**
 * Four whole runs (a sandbox run, then production with writes, read-only twice), each against a mock of its own on
 * loopback: production over plain http is allowed only there, as for any target. One generated input a property
 * keeps them short (the comparison does not depend on how many); production replays the sandbox run's seed and
 * count. The three cutovers are independent of one another, so they run side by side, each with its own webhook
 * endpoint, so that what an endpoint saw is that cutover's own check.
 */
const TITLE =
  'the cutover against a production like the sandbox is ready, read-only it is not a sign-off, ' +
  'and against one with another status on failures and a failing rule it lists both';
test(TITLE, async ({ httpsReceiver }, testInfo) => {
  test.setTimeout(360_000);
  const mocks: MockHandle[] = [];
  const mock = async (options: Parameters<typeof startMock>[0] = {}) => {
    const m = await startMock(options);
    mocks.push(m);
    return m;
  };
  try {
    const sandboxDir = testInfo.outputPath('sandbox');
    const sandbox = await runConformance({
      PG_TARGET: 'sandbox',
      PG_BASE_URL: (await mock()).url,
      ...mockCredentialsAsTarget(),
      PG_REPORTS_DIR: sandboxDir,
      PG_RESULTS_DIR: join(sandboxDir, 'test-results'),
      PG_GENERATED_RUNS: '1',
    });
    expect(sandbox.code, sandbox.output).toBe(0);

    const cutover = async (baseUrl: string, name: string, writes: Record<string, string> = {}) => {
      const endpoint = await httpsReceiver('localhost');
      const dir = testInfo.outputPath(name);
      const reports = { PG_REPORTS_DIR: dir, PG_RESULTS_DIR: join(dir, 'test-results') };
      const env = {
        PG_TARGET: 'production',
        PG_BASE_URL: baseUrl,
        ...mockCredentialsAsTarget(),
        ...reports,
        PG_WORKERS: '1', // three production runs side by side on the runner's cores
        ...writes,
      };
      const run = await runCommand('scripts/cutover.ts', env, [
        '--sandbox',
        join(sandboxDir, 'conformance.json'),
        '--webhook-url',
        endpoint.url,
        '--ca',
        TEST_CA_FILE,
      ]);
      return {
        ...run,
        endpoint,
        markdown: existsSync(join(dir, 'cutover.md')) ? readFileSync(join(dir, 'cutover.md'), 'utf8') : '',
      };
    };

    const lastLine = (output: string) => output.trimEnd().split('\n').at(-1);
    // The README's example without PG_ALLOW_WRITES: production never tokenized or disabled, so no sign-off.
    const [alike, readOnly, differing] = await Promise.all([
      mock().then((m) => cutover(m.url, 'alike', { PG_ALLOW_WRITES: '1' })),
      mock().then((m) => cutover(m.url, 'read-only')),
      mock({ variants: ['auth-failures-403'], faults: ['vault-total-records-off-by-one'] }).then((m) =>
        cutover(m.url, 'differing'),
      ),
    ]);
    expect(alike.code, alike.output).toBe(0);
    expect(lastLine(alike.output)).toMatch(
      /^Cutover: READY: production exercised everything the sandbox run signed off and behaves/,
    );
    expect(lastLine(alike.output)).toContain('HOOK-2 cannot be judged on production by design');
    expect(alike.markdown).toContain(
      '- HOOK-2: skipped on production (the sandbox: passed): in production the suite disables only',
    );
    expect(alike.markdown).toMatch(/production answered the sandbox run's inputs \(PG_SEED=[0-9]+\)/);
    expect(alike.endpoint.seen.length, 'the webhook endpoint was checked').toBeGreaterThan(0);

    expect(readOnly.code, readOnly.output).toBe(4);
    expect(lastLine(readOnly.output)).toMatch(
      /^Cutover: NOT FULLY EXERCISED ON PRODUCTION: tokenize and disableWebhook never called there; [0-9]+ rules the sandbox run/,
    );
    expect(lastLine(readOnly.output)).toContain('not exercised there (set PG_ALLOW_WRITES=1)');
    expect(readOnly.markdown).toContain(
      '- TOK-8: skipped on production (the sandbox: passed): writes to production need PG_ALLOW_WRITES=1 (set PG_ALLOW_WRITES=1)',
    );

    expect(differing.code, differing.output).toBe(1);
    expect(lastLine(differing.output)).toMatch(/^Cutover: NOT READY: /);
    for (const text of [alike.output, readOnly.output, differing.output, alike.markdown, differing.markdown]) {
      expect(text).not.toContain(mockCredentialsAsTarget().PG_API_KEY);
    }
    const expected = [
      'VAULT-3 fails on production and passed on the sandbox',
      'AUTH-7 http-status-of-auth-failure (listCustomers): the sandbox showed 401, production shows 403',
    ];
    for (const line of expected) {
      expect(differing.output).toContain(line);
      expect(differing.markdown).toContain(line);
    }
  } finally {
    await Promise.all(mocks.map((m) => m.close()));
  }
});
