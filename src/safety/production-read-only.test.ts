import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { MOCK_DEFAULTS } from '../mock/defaults.js';
import { startMock } from '../mock/start.js';
import { mockCredentialsAsTarget } from '../config/child-env.js';
import { TEST_CARDS, UPDATE_FALLBACK_CARDS } from '../catalogue/test-cards.js';
import { RecordingProxy } from './recording-proxy.js';
import { runConformance } from './run-conformance.js';

async function productionRun(dir: string, extra: Record<string, string>) {
  const mock = await startMock();
  const proxy = new RecordingProxy(mock.url);
  const baseUrl = await proxy.start();
  try {
    const run = await runConformance({
      PG_TARGET: 'production',
      PG_BASE_URL: baseUrl,
      ...mockCredentialsAsTarget(),
      PG_REPORTS_DIR: dir,
      PG_RESULTS_DIR: join(dir, 'test-results'),
      ...extra,
    });
    return { run, seen: proxy.seen };
  } finally {
    await proxy.stop();
    await mock.close();
  }
}

test('with PG_ALLOW_WRITES=1 production writes use test cards only and disable only PG_WEBHOOK_ID', async ({}, testInfo) => {
  test.setTimeout(120_000);
  const { run, seen } = await productionRun(testInfo.outputPath('run'), { PG_ALLOW_WRITES: '1' });
  expect(run.code, run.output).toBe(0);
  const puts = seen.filter((r) => r.method === 'PUT');
  expect(puts.length).toBeGreaterThan(0);
  expect([...new Set(puts.map((r) => r.path))]).toEqual([`/platform/webhook/${MOCK_DEFAULTS.webhookId}/disable`]);
  // Published test numbers only: the masking cards and the ones an update falls back to when one is declined.
  const testNumbers: string[] = [...TEST_CARDS.map((c) => c.number), ...UPDATE_FALLBACK_CARDS];
  const sentNumbers = seen
    .filter((r) => r.method === 'POST')
    .map((r) => (JSON.parse(r.body || '{}') as { card_number?: unknown }).card_number)
    .filter((n) => n !== undefined);
  expect(sentNumbers.length).toBeGreaterThan(10);
  expect(sentNumbers.filter((n) => !testNumbers.includes(String(n)))).toEqual([]);
});

test('a production run without PG_ALLOW_WRITES sends reads only, and says why the writes were skipped', async ({}, testInfo) => {
  test.setTimeout(120_000);
  const dir = testInfo.outputPath('run');
  const { run, seen } = await productionRun(dir, {});
  // Tokenize and disable were never called: not a pass (exit 4), and the console says what to set.
  expect(run.code, run.output).toBe(4);
  expect(run.output).toContain('Conformance: NOT FULLY EXERCISED');
  expect(run.output).toContain('tokenize: never called to do its work, as writes to production need PG_ALLOW_WRITES=1');
  expect(seen.length, 'the run checked the reads it may').toBeGreaterThan(10);
  expect([...new Set(seen.map((r) => r.method))]).toEqual(['GET']);
  expect(seen.every((r) => r.path.startsWith('/platform/vault/customer'))).toBe(true);

  const report = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as {
    rules: { id: string; status: string; tests: { note?: string }[] }[];
  };
  const tok1 = report.rules.find((r) => r.id === 'TOK-1')!;
  expect(tok1.status).toBe('skipped');
  expect(tok1.tests.every((t) => t.note === 'writes to production need PG_ALLOW_WRITES=1')).toBe(true);
  expect(report.rules.find((r) => r.id === 'VAULT-4')!.status).toBe('passed');
});
