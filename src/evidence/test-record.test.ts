import { expect, test } from '../testing/fixtures.js';
import type { Exchange } from '../transport/exchange.js';
import { recordOf, RuleViolation, failureOf, TestRecorder } from './test-record.js';
import { Redactor } from './redact.js';

const KEY = 'recorder_test_key_3';
const redactor = new Redactor([KEY], { variables: [{ name: 'PG_API_KEY', value: KEY }], sender: 'suite' });

const tokenized = (pgId: string, cardId: string): Exchange => ({
  operation: 'tokenize',
  family: 'pg',
  request: { method: 'POST', url: 'http://127.0.0.1:4010/pg/tokenize', headers: {}, body: { merchant_id: 'm' } },
  status: 200,
  headers: { 'content-type': 'application/json' },
  text: '',
  json: { rcode: '000', rmsg: 'ok', card_id: cardId, pg_id: pgId },
  ms: 1,
});

test('what a test records, the reporters read back as it was written: one annotation at its end', () => {
  const record = new TestRecorder(redactor);
  record.judged('VAULT-7', 200, 'card numbers in 25 records');
  record.judged('VAULT-7', 12, 'card numbers in 25 records');
  record.notExercised('VAULT-5', 'the vault holds fewer than two customers');
  record.notExercised('VAULT-5', 'the vault holds fewer than two customers');
  record.configurationProblem(`PG_WEBHOOK_ID names no webhook (key ${KEY})`);
  record.generated('TOK-8 masking', 25, 'PG_SEED=4242', [['input: 1', 'found: 2']]);
  const read = recordOf([{ type: 'rule', description: 'VAULT-7' }, record.annotation()]);
  expect(read.judged).toEqual([{ ruleId: 'VAULT-7', count: 212, what: 'card numbers in 25 records' }]);
  expect(read.notExercised).toEqual([{ ruleId: 'VAULT-5', reason: 'the vault holds fewer than two customers' }]);
  expect(read.configuration).toEqual(['PG_WEBHOOK_ID names no webhook (key [REDACTED])']);
  expect(read.generated).toEqual(['TOK-8 masking: 25 generated inputs (PG_SEED=4242)']);
  expect(read.counterExamples).toEqual(['TOK-8 masking: input: 1; found: 2']);
  expect(recordOf([])).toMatchObject({ findings: [], observations: [], judged: [] });
});

test('an observation is redacted as it comes in, its sentence on one line, and recorded once however often it is seen', () => {
  const record = new TestRecorder(redactor);
  const data = { kind: 'http-status-of-auth-failure', subject: 'tokenize', value: 401 };
  record.observe('AUTH-7', `tokenize answered the\n  authentication failure with HTTP 401 (${KEY})`, data);
  record.observe('AUTH-7', `tokenize answered the\n  authentication failure with HTTP 401 (${KEY})`, data);
  record.observe('HOOK-1', 're-disabling answered code 0');
  expect(record.recorded.observations).toEqual([
    {
      ruleId: 'AUTH-7',
      text: 'tokenize answered the authentication failure with HTTP 401 ([REDACTED])',
      ...data,
    },
    {
      ruleId: 'HOOK-1',
      text: 're-disabling answered code 0',
      kind: 'unclassified',
      value: 're-disabling answered code 0',
    },
  ]);
  expect(() => record.observe('AUTH-7', 'x', { kind: 'HTTP status', value: 401 })).toThrow(/kebab-case/);
});

test('failureOf records each finding before the test fails, once each, and fails it once for several', () => {
  const record = new TestRecorder(redactor);
  expect(failureOf(record, [])).toBeUndefined();
  const one = new RuleViolation('ERR-1', ['rmsg is empty'], 'rmsg carries text', [], redactor);
  const two = new RuleViolation('ERR-4', ['text/plain'], 'application/json', [], redactor);
  expect(failureOf(record, [one])).toBe(one);
  const both = failureOf(record, [one, two]);
  expect(both?.message).toContain(one.message);
  expect(both?.message).toContain(two.message);
  expect(record.recorded.findings.map((f) => f.ruleId)).toEqual(['ERR-1', 'ERR-4']);
});

test('a test records run-wide figures only for what it did; a pg_id leaves the worker redacted, a long one cut', () => {
  const quiet = new TestRecorder(redactor);
  quiet.answered([], new Map(), []);
  expect(quiet.recorded).not.toHaveProperty('newCards');
  expect(quiet.recorded).not.toHaveProperty('pgIds');
  expect(quiet.recorded).not.toHaveProperty('coverage');
  const record = new TestRecorder(new Redactor([]));
  const long = `pg_${'a'.repeat(60)}`;
  record.answered([tokenized('4111111111111111', 'c1'), tokenized(long, 'c2')], new Map(), []);
  expect(record.recorded.newCards).toHaveLength(2);
  expect(record.recorded.pgIds?.map((p) => p.shown)).toEqual(['[card …1111]', `pg_${'a'.repeat(37)}…`]);
  expect(record.recorded.served).toEqual(['tokenize']);
});

const sent = (method: string, url: string): Exchange => ({
  operation: undefined,
  family: url.includes('/pg/') ? 'pg' : 'platform',
  request: { method, url, headers: { accept: 'application/json' }, body: undefined },
  status: 200,
  headers: { 'content-type': 'application/json' },
  text: '{}',
  json: {},
  ms: 2,
});

test("a violation's finding names the operations its exchanges were sent to; a request outside the document names none", () => {
  const v = new RuleViolation(
    'ERR-4',
    [`wrong content-type, key ${KEY}`, 'and a second problem'],
    'application/json',
    [
      sent('POST', 'https://sandbox.example/pg/tokenize'),
      sent('GET', 'https://sandbox.example/platform/vault/customer?count=10&page=0'),
      sent('PUT', 'https://sandbox.example/platform/webhook/wh_1/disable'),
      sent('GET', 'https://sandbox.example/pg/tokenize'),
    ],
    redactor,
  );
  expect(v.finding.operations).toEqual(['tokenize', 'listCustomers', 'disableWebhook']);
  expect(v.finding.found).not.toContain(KEY);
  expect(v.finding.found).toMatch(/^wrong content-type, key .*; and a second problem$/);
  expect(v.finding.exchanges).toHaveLength(4);
  expect(v.finding.exchanges.every((e) => e.startsWith('Sent: ') && !e.includes('Reproduce with'))).toBe(true);
  expect(v.finding.reproduce).toHaveLength(4);
});
