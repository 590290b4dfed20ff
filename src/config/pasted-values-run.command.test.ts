import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../testing/fixtures.js';
import { mockCredentialsAsTarget } from './child-env.js';
import { startMock, type MockHandle } from '../mock/start.js';
import { MOCK_DEFAULTS } from '../mock/defaults.js';
import { runConformance } from '../testing/run-command.js';

// An ID or a key of no documented format wrapped in quotes may be a real one, so only the target's refusal
// tells: the preflight's for a key, the run's for a webhook or a profile. `npm run conformance` of the one
// rule that meets it, in a child process, against a mock taken for a sandbox (black-box mode) that refuses
// a profile not the merchant's own (variation unknown-profile-refused), seconds each. The pasting slips
// refused before any request are in startup.command.test.ts.
let mock: MockHandle;
test.beforeAll(async () => {
  mock = await startMock({ variants: ['unknown-profile-refused'] });
});
test.afterAll(async () => {
  await mock.close();
});

const QUOTES = 'is wrapped in quotes ("…" kept inside the value by a shell, a CI secret or docker\'s --env-file)';

async function runOf(rule: string, overrides: Record<string, string>, dir: string) {
  const env = {
    PG_TARGET: 'sandbox',
    PG_BASE_URL: mock.url,
    ...mockCredentialsAsTarget(),
    PG_WORKERS: '1',
    PG_REPORTS_DIR: dir,
    PG_RESULTS_DIR: join(dir, 'test-results'),
    ...overrides,
  };
  const run = await runConformance(env, ['--rule', rule]);
  const report = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as { counts: Record<string, number> };
  return { ...run, lastLine: run.output.trimEnd().split('\n').at(-1) ?? '', failed: report.counts.failed ?? 0 };
}

const CASES = [
  {
    variable: 'PG_WEBHOOK_ID',
    rule: 'HOOK-1',
    value: MOCK_DEFAULTS.webhookId,
    refused:
      'and the target knows no webhook by it: disabling it answered exactly as disabling a made-up webhook ID does',
  },
  {
    variable: 'PG_PROFILE_ID',
    rule: 'TOK-11',
    value: MOCK_DEFAULTS.profileId,
    refused: 'and the target refused it: a tokenize request it accepted was refused with profile_id added',
  },
];

for (const { variable, rule, value, refused } of CASES) {
  const title =
    `${variable} holding the quotes a shell kept, refused by the target, ` +
    `ends ${rule}'s run with exit 2 naming them, not a failed rule`;
  test(title, async ({}, testInfo) => {
    test.setTimeout(60_000);
    const run = await runOf(rule, { [variable]: `"${value}"` }, testInfo.outputPath('run'));
    expect(run.code, run.output).toBe(2);
    expect(run.lastLine).toMatch(new RegExp(`^Conformance: CONFIGURATION ERROR for ${rule} [^:]*: ${variable} `));
    expect(run.lastLine).toContain(`${variable} ${QUOTES}, ${refused}`);
    expect(run.lastLine).toMatch(/; remove them \(found during the run: /);
    expect(run.failed).toBe(0);
    expect(run.output).not.toContain(MOCK_DEFAULTS.apiKey);
  });
}

test('PG_API_KEY holding quotes ends at the preflight, in seconds, with exit 2 and the last line naming them', async ({}, testInfo) => {
  const started = Date.now();
  const run = await runOf('AUTH-2', { PG_API_KEY: `'${MOCK_DEFAULTS.apiKey}'` }, testInfo.outputPath('run'));
  expect(run.code, run.output).toBe(2);
  expect(Date.now() - started).toBeLessThan(20_000);
  expect(run.lastLine).toMatch(
    /^Conformance: CONFIGURATION ERROR: The target refused PG_API_KEY: .* PG_API_KEY is wrapped in quotes/,
  );
  expect(run.output).not.toMatch(/Running [0-9]+ tests?/);
  expect(run.output).not.toContain(MOCK_DEFAULTS.apiKey);
});
