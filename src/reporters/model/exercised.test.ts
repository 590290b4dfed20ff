import { readFileSync } from 'node:fs';
import { expect, test } from '../../testing/fixtures.js';
import { madeUpValueRefused } from '../../config/account-fields.js';
import { CONFIGURATION_SKIPS } from '../../config/configuration-skips.js';
import type { Rule } from '../../catalogue/rules.js';
import type { Exchange } from '../../transport/exchange.js';
import { summaryLines } from '../formats/summary-lines.js';
import { TestRecorder } from '../../evidence/test-record.js';
import { Redactor } from '../../evidence/redact.js';
import { EXIT_CODES, ruleOutcomes, verdictOf, type FinishedTest } from './rule-outcomes.js';
import { runGaps } from './run-gaps.js';
import { conformanceReport } from './conformance-report.js';

const rule = (id: string, check: Rule['check'] = 'black-box'): Rule => ({
  id,
  section: '4.1',
  source: 's',
  rule: `the rule ${id}`,
  check,
  writes: false,
});
const passed = (id: string, served: string[]): FinishedTest => ({
  title: id,
  file: 'f',
  rules: [id],
  violated: [],
  outcome: 'passed',
  observations: [],
  judged: [{ ruleId: id, count: 1, what: 'answers' }],
  served,
});
const skipped = (id: string, skipReason: string): FinishedTest => ({
  title: id,
  file: 'f',
  rules: [id],
  violated: [],
  outcome: 'skipped',
  skipReason,
  observations: [],
});
const ALL = ['tokenize', 'listCustomers', 'disableWebhook'];

function verdict(rules: Rule[], records: FinishedTest[], target = 'sandbox') {
  const outcomes = ruleOutcomes(rules, records, target);
  const gaps = runGaps(records, outcomes);
  const verdict = verdictOf(outcomes, gaps);
  const report = conformanceReport({
    target,
    targetId: target,
    started: '',
    finished: '',
    runStatus: 'passed',
    verdict,
    unavailable: [],
    outcomes,
    ...gaps,
  });
  return { outcomes, gaps, verdict, lines: summaryLines(report) };
}

test("an operation is served when an answer carries its family's success indicator", () => {
  const answer = (operation: Exchange['operation'], family: Exchange['family'], json: unknown): Exchange => ({
    operation,
    family,
    request: { method: 'POST', url: 'http://127.0.0.1:4010/x', headers: {}, body: undefined },
    status: 200,
    headers: { 'content-type': 'application/json' },
    text: JSON.stringify(json),
    json,
    ms: 1,
  });
  const record = new TestRecorder(new Redactor([]));
  record.answered(
    [
      answer('tokenize', 'pg', { rcode: '000' }),
      answer('disableWebhook', 'platform', { code: 1301 }),
      answer('listCustomers', 'platform', { code: 0 }),
    ],
    new Map(),
    [],
  );
  expect(record.recorded.served).toEqual(['tokenize', 'listCustomers']);
});

test('a sandbox run without PG_WEBHOOK_ID is NOT FULLY EXERCISED, naming the variable, though every rule it ran passed', () => {
  const run = verdict(
    [rule('TOK-1'), rule('HOOK-1'), rule('HOOK-2')],
    [
      passed('TOK-1', ['tokenize', 'listCustomers']),
      skipped('HOOK-1', CONFIGURATION_SKIPS.webhook.reason),
      passed('HOOK-2', []), // disables an unknown webhook: called, never served
    ],
  );
  expect(run.verdict).toBe('NOT FULLY EXERCISED');
  expect(EXIT_CODES[run.verdict]).toBe(4);
  expect(run.gaps.operations).toEqual([
    { operation: 'disableWebhook', reason: `never called to do its work, as ${CONFIGURATION_SKIPS.webhook.reason}` },
  ]);
  expect(run.lines).toEqual([
    'Operations never served (1):',
    `  - disableWebhook: never called to do its work, as ${CONFIGURATION_SKIPS.webhook.reason}`,
    'Skipped (1):',
    `  - HOOK-1: ${CONFIGURATION_SKIPS.webhook.reason} (set PG_WEBHOOK_ID)`,
    `Skipped tests by reason: 1 × ${CONFIGURATION_SKIPS.webhook.reason}`,
  ]);
});

test('production without PG_ALLOW_WRITES never tokenizes or disables: NOT FULLY EXERCISED naming PG_ALLOW_WRITES=1', () => {
  const run = verdict(
    [rule('VAULT-1'), rule('TOK-1')],
    [passed('VAULT-1', ['listCustomers']), skipped('TOK-1', CONFIGURATION_SKIPS.writes.reason)],
    'production',
  );
  expect(run.verdict).toBe('NOT FULLY EXERCISED');
  expect(run.gaps.operations.map((g) => g.operation)).toEqual(['tokenize', 'disableWebhook']);
  expect(run.gaps.operations.every((g) => g.reason.includes('PG_ALLOW_WRITES=1'))).toBe(true);
  expect(run.gaps.skippedForConfiguration).toEqual(['TOK-1']);
});

test('skipped integrator checks keep the run from CONFORMANT; a skip no variable lifts does not', () => {
  const integrator = verdict(
    [rule('TOK-1'), rule('TOK-5')],
    [passed('TOK-1', ALL), skipped('TOK-5', CONFIGURATION_SKIPS.vendor.reason)],
  );
  expect(integrator.verdict).toBe('NOT FULLY EXERCISED');
  expect(integrator.lines).toContain(
    `  - TOK-5: ${CONFIGURATION_SKIPS.vendor.reason} (set PG_VENDOR_ID and PG_VENDOR_API_KEY)`,
  );
  const byDesign = verdict(
    [rule('TOK-1'), rule('HOOK-2'), rule('HOOK-3', 'mock-control')],
    [
      passed('TOK-1', ALL),
      skipped('HOOK-2', 'in production the suite disables only PG_WEBHOOK_ID'),
      skipped('HOOK-3', "needs the embedded mock's control API"),
    ],
    'production',
  );
  expect(byDesign.verdict).toBe('CONFORMANT');
  expect(byDesign.lines).toContain(
    '  - HOOK-2: in production the suite disables only PG_WEBHOOK_ID (not a gap of the configuration: ' +
      'does not keep the run from CONFORMANT)',
  );
});

test('a configuration problem found during the run is CONFIGURATION ERROR (exit 2); a failed rule still outranks it', () => {
  const problem = 'PG_WEBHOOK_ID names no webhook the target knows';
  const unknownWebhook = verdict([rule('TOK-1')], [{ ...passed('TOK-1', ALL), configuration: [problem] }]);
  expect(unknownWebhook.verdict).toBe('CONFIGURATION ERROR');
  expect(EXIT_CODES[unknownWebhook.verdict]).toBe(2);
  expect(unknownWebhook.lines.slice(0, 2)).toEqual(['Configuration problems, fix these first (1):', `  - ${problem}`]);
  const failed = verdict(
    [rule('TOK-1')],
    [{ ...passed('TOK-1', ALL), outcome: 'failed', violated: ['TOK-1'], configuration: [problem] }],
  );
  expect(failed.verdict).toBe('NON-CONFORMANT');
});

test('the summary lists failed rules by name and not-exercised rules with their reasons', () => {
  const run = verdict(
    [rule('TOK-8'), rule('VAULT-5')],
    [
      { ...passed('TOK-8', ALL), outcome: 'failed', violated: ['TOK-8'] },
      {
        ...passed('VAULT-5', ALL),
        judged: [],
        notExercised: [{ ruleId: 'VAULT-5', reason: 'the vault holds fewer than two customers' }],
      },
    ],
  );
  expect(run.lines).toEqual([
    'Failed rules (1):',
    '  - TOK-8 (section 4.1): the rule TOK-8',
    'Not exercised (1):',
    '  - VAULT-5: the vault holds fewer than two customers',
  ]);
});

test('a run that served every operation and exercised every rule says nothing beyond its verdict', () => {
  const run = verdict([rule('TOK-1')], [passed('TOK-1', ALL)]);
  expect(run.verdict).toBe('CONFORMANT');
  expect(run.lines).toEqual([]);
});

test("the README's verdict table names every verdict with its exit code", () => {
  const readme = readFileSync('README.md', 'utf8');
  for (const [verdict, code] of Object.entries(EXIT_CODES))
    expect(readme, verdict).toContain(`| \`${verdict}\` | ${code} |`);
});

test(
  'TOK-11 judged in part because a made-up profile was refused: NOT FULLY EXERCISED naming ' +
    'PG_PROFILE_ID; another partial reason does not',
  () => {
    const reason = madeUpValueRefused('profile_id');
    const run = verdict([rule('TOK-11')], [{ ...passed('TOK-11', ALL), notExercised: [{ ruleId: 'TOK-11', reason }] }]);
    expect(run.outcomes[0]!.status).toBe('passed');
    expect(run.verdict).toBe('NOT FULLY EXERCISED');
    expect(run.gaps.skippedForConfiguration).toEqual(['TOK-11']);
    expect(run.lines).toEqual(['Judged in part for want of a variable (1):', `  - TOK-11: ${reason}`]);
    expect(reason).toContain('set PG_PROFILE_ID');
    const wallet = verdict(
      [rule('TOK-11')],
      [
        {
          ...passed('TOK-11', ALL),
          notExercised: [{ ruleId: 'TOK-11', reason: 'a wallet payload cannot be forged for a real target' }],
        },
      ],
    );
    expect(wallet.verdict).toBe('CONFORMANT');
  },
);
