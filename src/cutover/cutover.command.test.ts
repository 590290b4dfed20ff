import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../testing/fixtures.js';
import { TEST_CARDS, UPDATE_FALLBACK_CARDS } from '../catalogue/test-cards.js';
import { mockCredentialsAsTarget } from '../config/child-env.js';
import { MOCK_DEFAULTS } from '../mock/defaults.js';
import { startMock, type MockHandle } from '../mock/start.js';
import { readConformanceJson, type ConformanceJson } from '../reporters/model/read-report.js';
import { EXIT_CODES, type Verdict } from '../reporters/model/rule-outcomes.js';
import { RecordingProxy } from '../testing/stand-ins/recording-proxy.js';
import { runCommand, runConformance, type RunResult } from '../testing/run-command.js';
import { startHttpsReceiver, type Receiver } from '../testing/stand-ins/loopback-receivers.js';
import { TEST_CA_FILE } from '../testing/certificates.js';

/**
 * Four whole runs (a sandbox run, then three cutovers: production with writes, read-only, and one that differs),
 * each against a mock of its own on loopback: production over plain http is allowed only there, as for any
 * target. Production replays the sandbox run's seed and count, at the default count: the production runs are
 * also the ones that show what production is sent (test cards only, reads only without PG_ALLOW_WRITES), and
 * which card numbers are sent depends on the generated inputs. The two like the sandbox sit behind a
 * RecordingProxy for that. The three cutovers are independent of one another, so they run side by side, each
 * with its own webhook endpoint, so that what an endpoint saw is that cutover's own check. The runs are made
 * once, before the tests, which each read them.
 */
type Cutover = RunResult & {
  endpoint: Receiver;
  markdown: string;
  /** What the production run behind the RecordingProxy was sent (none for the mock without a proxy in front). */
  seen: RecordingProxy['seen'];
  /** The production run's own report. */
  production: () => ConformanceJson;
};

let alike: Cutover;
let readOnly: Cutover;
let differing: Cutover;
const closers: (() => Promise<void>)[] = [];

// One worker runs the file's tests in order, after the one beforeAll; a failed test does not skip the others
// (they go on in a new worker, which makes the runs again).
test.describe.configure({ mode: 'default' });

test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(360_000);
  const mock = async (options: Parameters<typeof startMock>[0] = {}): Promise<MockHandle> => {
    const m = await startMock(options);
    closers.push(() => m.close());
    return m;
  };
  const recorded = async (m: MockHandle) => {
    const proxy = new RecordingProxy(m.url);
    const url = await proxy.start();
    closers.push(() => proxy.stop());
    return { url, seen: proxy.seen };
  };

  const sandboxDir = testInfo.outputPath('sandbox');
  const sandbox = await runConformance({
    PG_TARGET: 'sandbox',
    PG_BASE_URL: (await mock()).url,
    ...mockCredentialsAsTarget(),
    PG_REPORTS_DIR: sandboxDir,
    PG_RESULTS_DIR: join(sandboxDir, 'test-results'),
    PG_WORKERS: '1', // what the cutovers read is its report, not how it was run
  });
  expect(sandbox.code, sandbox.output).toBe(0);

  const cutover = async (
    target: { url: string; seen?: RecordingProxy['seen'] },
    name: string,
    writes: Record<string, string> = {},
  ): Promise<Cutover> => {
    const endpoint = await startHttpsReceiver('localhost');
    closers.push(() => endpoint.close());
    const dir = testInfo.outputPath(name);
    const reports = { PG_REPORTS_DIR: dir, PG_RESULTS_DIR: join(dir, 'test-results') };
    const env = {
      PG_TARGET: 'production',
      PG_BASE_URL: target.url,
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
      seen: target.seen ?? [],
      production: () => readConformanceJson(join(dir, 'production', 'conformance.json')),
    };
  };

  // The README's example without PG_ALLOW_WRITES: production never tokenized or disabled, so no sign-off.
  [alike, readOnly, differing] = await Promise.all([
    mock()
      .then(recorded)
      .then((t) => cutover(t, 'alike', { PG_ALLOW_WRITES: '1' })),
    mock()
      .then(recorded)
      .then((t) => cutover(t, 'read-only')),
    mock({ variants: ['auth-failures-403'], faults: ['vault-total-records-off-by-one'] }).then((m) =>
      cutover(m, 'differing'),
    ),
  ]);
});

test.afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
});

const lastLine = (output: string) => output.trimEnd().split('\n').at(-1);

const TITLE =
  'the cutover against a production like the sandbox is ready, read-only it is not a sign-off, ' +
  'and against one with another status on failures and a failing rule it lists both';
test(TITLE, () => {
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
});

// The production runs of the cutovers are `npm run conformance` with PG_TARGET=production, as a user runs it;
// their exit code is their verdict's (EXIT_CODES), which the cutover reads from their report.
test('with PG_ALLOW_WRITES=1 production writes use test cards only and disable only PG_WEBHOOK_ID', () => {
  const production = alike.production();
  expect(production.verdict, alike.output).toBe('CONFORMANT');
  expect(EXIT_CODES[production.verdict as Verdict]).toBe(0);
  const puts = alike.seen.filter((r) => r.method === 'PUT');
  expect(puts.length).toBeGreaterThan(0);
  expect([...new Set(puts.map((r) => r.path))]).toEqual([`/platform/webhook/${MOCK_DEFAULTS.webhookId}/disable`]);
  // Published test numbers only: the masking cards and the ones an update falls back to when one is declined.
  const testNumbers: string[] = [...TEST_CARDS.map((c) => c.number), ...UPDATE_FALLBACK_CARDS];
  const sentNumbers = alike.seen
    .filter((r) => r.method === 'POST')
    .map((r) => (JSON.parse(r.body || '{}') as { card_number?: unknown }).card_number)
    .filter((n) => n !== undefined);
  expect(sentNumbers.length).toBeGreaterThan(10);
  expect(sentNumbers.filter((n) => !testNumbers.includes(String(n)))).toEqual([]);
});

test('a production run without PG_ALLOW_WRITES sends reads only, and says why the writes were skipped', () => {
  // Tokenize and disable were never called: not a pass (exit 4), and the console says what to set.
  const report = readOnly.production();
  expect(report.verdict, readOnly.output).toBe('NOT FULLY EXERCISED');
  expect(EXIT_CODES[report.verdict as Verdict]).toBe(4);
  expect(readOnly.output).toContain('Conformance: NOT FULLY EXERCISED');
  expect(readOnly.output).toContain(
    'tokenize: never called to do its work, as writes to production need PG_ALLOW_WRITES=1',
  );
  expect(readOnly.seen.length, 'the run checked the reads it may').toBeGreaterThan(10);
  expect([...new Set(readOnly.seen.map((r) => r.method))]).toEqual(['GET']);
  expect(readOnly.seen.every((r) => r.path.startsWith('/platform/vault/customer'))).toBe(true);

  const tok1 = report.rules.find((r) => r.id === 'TOK-1')!;
  expect(tok1.status).toBe('skipped');
  expect(tok1.tests.every((t) => t.note === 'writes to production need PG_ALLOW_WRITES=1')).toBe(true);
  expect(report.rules.find((r) => r.id === 'VAULT-4')!.status).toBe('passed');
});
