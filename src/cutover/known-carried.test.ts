import { expect, test } from '../testing/fixtures.js';
import type { KnownItem } from '../reporters/known-deviations/known-outcomes.js';
import type { ConformanceJson, RuleJson } from '../reporters/model/read-report.js';
import { compareCutover, feltDifferences } from './compare.js';
import { cutoverMarkdown, cutoverOutcome, cutoverReport } from './report.js';

const found = 'card_number hides 6 digits with x, expected 3';
const failedTest = {
  title: 'masking',
  outcome: 'failed',
  failures: [
    {
      ruleId: 'TOK-8',
      operations: ['tokenize'],
      expected: 'first four and last six digits',
      found,
      exchanges: ['Sent: POST https://x.example/pg/tokenize'],
      reproduce: [],
    },
  ],
};
const rule = (
  id: string,
  status: string,
  tests: RuleJson['tests'] = [{ title: 't', outcome: 'passed' }],
): RuleJson => ({ id, rule: `${id} wording`, check: 'black-box', status, tests, observations: [] });
const item = (over: Partial<KnownItem> = {}): KnownItem => ({
  rule: 'TOK-8',
  ticket: 'TICKET-123',
  expires: '2026-12-20',
  reason: 'reported',
  target: 'any',
  entry: 1,
  line: 2,
  operation: 'tokenize',
  matches: 'hides 6 digits',
  found: [found],
  ...over,
});
const sandboxRun = (known: KnownItem[]): ConformanceJson => ({
  target: 'sandbox',
  started: 's',
  finished: 'e',
  verdict: 'CONFORMANT WITH KNOWN DEVIATIONS',
  rules: [rule('TOK-8', 'known deviation', [failedTest]), rule('TOK-9', 'passed')],
  knownDeviations: { known, expired: [], noLongerSeen: [], notForTarget: [] },
});
const productionRun = (status: string): ConformanceJson => ({
  target: 'production',
  started: 'p',
  finished: 'e',
  verdict: 'NON-CONFORMANT',
  rules: [rule('TOK-8', status, [failedTest]), rule('TOK-9', 'passed')],
});
const ENDPOINT = { url: 'https://merchant.example/hook', ok: true, findings: [] };
const TODAY = '2026-11-25';

test('a production failure a carried sandbox entry matches is "as on the sandbox", not a difference', () => {
  for (const status of ['failed', 'known deviation']) {
    const c = compareCutover(sandboxRun([item()]), productionRun(status), 'sandbox.json', TODAY);
    expect(feltDifferences(c)).toEqual([]);
    expect(c.asOnSandbox.map((d) => d.rule)).toEqual(['TOK-8']);
    expect(c.knownFromSandbox).toEqual([
      {
        rule: 'TOK-8',
        ticket: 'TICKET-123',
        expires: '2026-12-20',
        target: 'any',
        covers: true,
        why: 'accepted on production too (target any)',
      },
    ]);
    const md = cutoverMarkdown(cutoverReport(c, ENDPOINT, cutoverOutcome(c, ENDPOINT), 'reports/production'));
    expect(md).toContain('## Known deviations carried from the sandbox run');
    expect(md).toContain(
      'TOK-8 fails on production as on the sandbox, a known deviation there (TICKET-123, until 2026-12-20)',
    );
  }
});

test('an entry for the sandbox only does not cover production: the failure there is a difference', () => {
  const c = compareCutover(sandboxRun([item({ target: 'sandbox' })]), productionRun('failed'), 'sandbox.json', TODAY);
  expect(c.asOnSandbox).toEqual([]);
  expect(feltDifferences(c).map((d) => d.rule)).toEqual(['TOK-8']);
  expect(c.knownFromSandbox[0]).toMatchObject({
    covers: false,
    why: 'its entry is for the sandbox only: a failure on production is a difference',
  });
});

test('an entry that has expired since the sandbox run covers nothing on production', () => {
  const c = compareCutover(
    sandboxRun([item({ expires: '2026-11-20' })]),
    productionRun('failed'),
    'sandbox.json',
    TODAY,
  );
  expect(feltDifferences(c).map((d) => d.rule)).toEqual(['TOK-8']);
  expect(c.knownFromSandbox[0]).toMatchObject({ covers: false, why: 'it expired on 2026-11-20' });
});
