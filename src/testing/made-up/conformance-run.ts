import type { Exchange } from '../../transport/exchange.js';
import { Redactor } from '../../evidence/redact.js';
import { RuleViolation } from '../../evidence/test-record.js';
import { loadRules } from '../../catalogue/rules.js';
import { generatedInputsOf } from '../../reporters/report-set.js';
import { RunWideRecords } from '../../reporters/model/run-wide-records.js';
import { ruleOutcomes, verdictOf, type FinishedTest } from '../../reporters/model/rule-outcomes.js';
import { writeConformance } from '../../reporters/conformance-reporter.js';

/** For the tests of the conformance page, in process and in Chromium: one made-up run and the key it hides. */

export const KEY = 'page_test_key_5Tq9';
const sent: Exchange = {
  operation: 'tokenize',
  family: 'pg',
  request: {
    method: 'POST',
    url: 'http://127.0.0.1:4010/pg/tokenize',
    headers: { authorization: 'Bearer not-the-token', accept: 'application/json' },
    body: { merchant_id: 'm-1', card_number: '4111111111111111', cvv2: '123' },
  },
  status: 200,
  headers: { 'content-type': 'application/json' },
  text: '',
  json: { rcode: '000', card_id: 'tok_1' },
  ms: 3,
};
/** A failed check, whose finding the reporter reads. */
const violation = new RuleViolation(
  'AUTH-1',
  ['the answer carries the success indicator (HTTP 200)'],
  'a rejection of the request without the section 5 token',
  [sent],
  new Redactor([KEY], { variables: [{ name: 'PG_API_KEY', value: KEY }], sender: 'suite' }),
);

/** A run over the real catalogue with every kind of outcome: failed, skipped, not exercised, the rest passed. */
export function writeRun(dir: string, baseline?: string, history?: string): void {
  const rules = loadRules();
  const records: FinishedTest[] = rules.map((r, i) => ({
    id: `test-${i}`,
    title: `${r.id}: its check <em>with markup</em>`,
    file: 'tests/x.spec.ts',
    rules: [r.id],
    violated: i === 0 ? [r.id] : [],
    outcome: i === 0 ? 'failed' : i === 1 ? 'skipped' : 'passed',
    skipReason: i === 1 ? 'needs PG_VENDOR_ID' : undefined,
    failures: i === 0 ? [violation.finding] : undefined,
    judged: i >= 3 ? [{ ruleId: r.id, count: 2, what: 'answers' }] : [],
    notExercised:
      i === 2 ? [{ ruleId: r.id, reason: 'the vault holds no billing cards: add one in the manager portal' }] : [],
    observations:
      i === 2
        ? [
            {
              ruleId: r.id,
              kind: 'http-status-of-auth-failure',
              subject: 'tokenize',
              value: 403,
              text: 'tokenize answered HTTP 403',
            },
          ]
        : [],
  }));
  const outcomes = ruleOutcomes(rules, records, 'mock');
  const now = new Date().toISOString();
  const generated = new RunWideRecords();
  generated.collect({ generated: ['TOK-8 masking: 25 generated inputs (PG_SEED=4242)'] });
  writeConformance(
    dir,
    {
      target: 'mock',
      targetId: 'mock',
      started: now,
      finished: now,
      runStatus: 'failed',
      verdict: verdictOf(outcomes),
      unavailable: [],
      outcomes,
      baseline,
      generated: generated.section(generatedInputsOf({ PG_SEED: '4242' })),
    },
    history,
  );
}
