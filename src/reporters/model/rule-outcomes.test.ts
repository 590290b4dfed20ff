import { expect, test } from '../../testing/fixtures.js';
import { EXIT_CODES, ruleOutcomes, verdictOf } from './rule-outcomes.js';
import { madeUpRecord, madeUpRule } from '../../testing/made-up/records.js';

const rule = madeUpRule;
const record = madeUpRecord;

test('a failure counts against the rule its message names, not the other rules of the test', () => {
  const outcomes = ruleOutcomes(
    [rule('TOK-1'), rule('ERR-5')],
    [record({ rules: ['TOK-1', 'ERR-5'], violated: ['ERR-5'], outcome: 'failed' })],
    'mock',
  );
  expect(outcomes.map((o) => o.status)).toEqual(['passed', 'failed']);
  expect(verdictOf(outcomes)).toBe('NON-CONFORMANT');
});

test("a failure without a named rule counts against all of the test's rules", () => {
  const outcomes = ruleOutcomes(
    [rule('TOK-1'), rule('TOK-2')],
    [record({ rules: ['TOK-1', 'TOK-2'], outcome: 'failed' })],
    'mock',
  );
  expect(outcomes.map((o) => o.status)).toEqual(['failed', 'failed']);
});

test('infrastructure trouble is its own verdict, outranked by any contract failure', () => {
  const unavailable = ruleOutcomes(
    [rule('VAULT-1')],
    [record({ rules: ['VAULT-1'], outcome: 'unavailable' })],
    'sandbox',
  );
  expect(unavailable[0]!.status).toBe('target unavailable');
  expect(verdictOf(unavailable)).toBe('TARGET UNAVAILABLE');
  const both = ruleOutcomes(
    [rule('VAULT-1'), rule('VAULT-2')],
    [
      record({ rules: ['VAULT-1'], outcome: 'unavailable' }),
      record({ rules: ['VAULT-2'], violated: ['VAULT-2'], outcome: 'failed' }),
    ],
    'sandbox',
  );
  expect(verdictOf(both)).toBe('NON-CONFORMANT');
});

test('control-API rules are "not checkable" off the mock; a rule without tests makes the run incomplete', () => {
  const outcomes = ruleOutcomes(
    [rule('HOOK-3', 'mock-control'), rule('HOOK-1')],
    [record({ rules: ['HOOK-3'], outcome: 'skipped', skipReason: 'needs the mock' })],
    'sandbox',
  );
  expect(outcomes.map((o) => o.status)).toEqual(['not checkable on this target', 'not run']);
  expect(verdictOf(outcomes)).toBe('INCOMPLETE');
});

test('observations are kept per rule, each once', () => {
  const page9 = { ruleId: 'VAULT-6', kind: 'past-the-end-answer', value: 'failure (HTTP 404)', text: 'page 9 failed' };
  const other = { ruleId: 'ERR-4', kind: 'content-type-of-error', value: 'text/plain', text: 'other' };
  const [o] = ruleOutcomes(
    [rule('VAULT-6')],
    [
      record({ rules: ['VAULT-6'], observations: [page9, other] }),
      record({ rules: ['VAULT-6'], observations: [page9] }),
    ],
    'mock',
  );
  expect(o!.observations).toEqual([page9]);
});

test('an observation is reported under its rule, also from a test that neither names, judges nor violates it', () => {
  const http = { ruleId: 'AUTH-7', kind: 'http-status-of-auth-failure', value: '401', text: 'tokenize answered 401' };
  const [auth7, tok1] = ruleOutcomes(
    [rule('AUTH-7'), rule('TOK-1')],
    [record({ rules: ['TOK-1'], observations: [http] })],
    'mock',
  );
  expect(auth7!.observations).toEqual([http]);
  // The test is still not one of AUTH-7's: an observation is not a verdict.
  expect(auth7!.tests).toEqual([]);
  expect(tok1!.observations).toEqual([]);
});

test('a rule whose passing tests judged nothing is "not exercised" with the reason, never "passed"', () => {
  const outcomes = ruleOutcomes(
    [rule('VAULT-7'), rule('VAULT-1')],
    [
      record({
        rules: ['VAULT-7'],
        judged: [{ ruleId: 'VAULT-7', count: 0, what: 'card numbers' }],
        notExercised: [{ ruleId: 'VAULT-7', reason: 'the vault holds no customers' }],
      }),
      record({ rules: ['VAULT-1'], judged: [{ ruleId: 'VAULT-1', count: 1, what: 'listings' }] }),
    ],
    'sandbox',
  );
  expect(outcomes.map((o) => o.status)).toEqual(['not exercised', 'passed']);
  expect(outcomes[0]!.notExercised).toEqual(['the vault holds no customers']);
  expect(verdictOf(outcomes)).toBe('NOT FULLY EXERCISED');
  expect(EXIT_CODES['NOT FULLY EXERCISED']).not.toBe(EXIT_CODES.CONFORMANT);
});

test('a passing test that reports nothing judged leaves its rule not exercised, saying so', () => {
  const [o] = ruleOutcomes([rule('TOK-1')], [record({ rules: ['TOK-1'], judged: [] })], 'mock');
  expect(o!.status).toBe('not exercised');
  expect(o!.notExercised[0]).toContain('no check reported what it judged');
});

test('counts are summed per rule and noun over tests; a reason beside a judged count is kept as a partial note', () => {
  const [o] = ruleOutcomes(
    [rule('VAULT-2')],
    [
      record({ rules: ['VAULT-2'], judged: [{ ruleId: 'VAULT-2', count: 7, what: 'pages' }] }),
      record({
        rules: ['VAULT-2'],
        judged: [
          { ruleId: 'VAULT-2', count: 1, what: 'pages' },
          { ruleId: 'VAULT-2', count: 1, what: 'refused counts' },
        ],
      }),
      record({
        rules: ['VAULT-2'],
        judged: [],
        notExercised: [{ ruleId: 'VAULT-2', reason: 'the vault kept changing' }],
      }),
    ],
    'mock',
  );
  expect(o!.status).toBe('passed');
  expect(o!.judged).toEqual(['8 pages', '1 refused count']);
  expect(o!.notExercised).toEqual(['the vault kept changing']);
  expect(o!.tests.map((t) => t.judged)).toEqual(['7 pages', '1 page, 1 refused count', 'nothing']);
});

test('what a test judged counts for a rule it names only through judged(), and a failure elsewhere keeps it', () => {
  const [o] = ruleOutcomes(
    [rule('ERR-4')],
    [
      record({
        rules: ['TOK-1'],
        violated: ['TOK-1'],
        outcome: 'failed',
        judged: [{ ruleId: 'ERR-4', count: 2, what: 'answers' }],
      }),
    ],
    'mock',
  );
  expect(o!.status).toBe('passed');
  expect(o!.judged).toEqual(['2 answers']);
});

test('skipped and not-checkable rules stay apart from not exercised; all exercised and passed is CONFORMANT', () => {
  const outcomes = ruleOutcomes(
    [rule('HOOK-3', 'mock-control'), rule('TOK-5'), rule('TOK-1')],
    [
      record({ rules: ['HOOK-3'], outcome: 'skipped', skipReason: 'needs the mock' }),
      // A skip no variable lifts; one the configuration could lift is a gap of the run (exercised.test.ts).
      record({
        rules: ['TOK-5'],
        outcome: 'skipped',
        skipReason: 'in production the suite disables only PG_WEBHOOK_ID',
      }),
      record({ rules: ['TOK-1'], judged: [{ ruleId: 'TOK-1', count: 1, what: 'new cards' }] }),
    ],
    'sandbox',
  );
  expect(outcomes.map((o) => o.status)).toEqual(['not checkable on this target', 'skipped', 'passed']);
  expect(verdictOf(outcomes)).toBe('CONFORMANT');
});
