import { expect, test } from '@playwright/test';
import type { Rule } from '../contract/rules.js';
import { ruleOutcomes, verdictOf, type TestRecord } from './rule-outcomes.js';

const rule = (id: string, check: Rule['check'] = 'black-box'): Rule => ({ id, section: '1', source: 's', rule: 'r', check, writes: false });
const record = (over: Partial<TestRecord>): TestRecord => ({ title: 't', file: 'f', rules: [], violated: [], outcome: 'passed', observations: [], ...over });

test('a failure counts against the rule its message names, not the other rules of the test', () => {
  const outcomes = ruleOutcomes([rule('TOK-1'), rule('ERR-5')], [record({ rules: ['TOK-1', 'ERR-5'], violated: ['ERR-5'], outcome: 'failed' })], 'mock');
  expect(outcomes.map((o) => o.status)).toEqual(['passed', 'failed']);
  expect(verdictOf(outcomes)).toBe('NON-CONFORMANT');
});

test('a failure without a named rule counts against all of the test\'s rules', () => {
  const outcomes = ruleOutcomes([rule('TOK-1'), rule('TOK-2')], [record({ rules: ['TOK-1', 'TOK-2'], outcome: 'failed' })], 'mock');
  expect(outcomes.map((o) => o.status)).toEqual(['failed', 'failed']);
});

test('infrastructure trouble is its own verdict, outranked by any contract failure', () => {
  const unavailable = ruleOutcomes([rule('VAULT-1')], [record({ rules: ['VAULT-1'], outcome: 'unavailable' })], 'sandbox');
  expect(unavailable[0]!.status).toBe('target unavailable');
  expect(verdictOf(unavailable)).toBe('TARGET UNAVAILABLE');
  const both = ruleOutcomes([rule('VAULT-1'), rule('VAULT-2')], [record({ rules: ['VAULT-1'], outcome: 'unavailable' }), record({ rules: ['VAULT-2'], violated: ['VAULT-2'], outcome: 'failed' })], 'sandbox');
  expect(verdictOf(both)).toBe('NON-CONFORMANT');
});

test('control-API rules are "not checkable" off the mock; a rule without tests makes the run incomplete', () => {
  const outcomes = ruleOutcomes([rule('HOOK-3', 'mock-control'), rule('HOOK-1')], [record({ rules: ['HOOK-3'], outcome: 'skipped', skipReason: 'needs the mock' })], 'sandbox');
  expect(outcomes.map((o) => o.status)).toEqual(['not checkable on this target', 'not run']);
  expect(verdictOf(outcomes)).toBe('INCOMPLETE');
});

test('observations are kept per rule, each once', () => {
  const page9 = { ruleId: 'VAULT-6', kind: 'past-the-end-answer', value: 'failure (HTTP 404)', text: 'page 9 failed' };
  const other = { ruleId: 'ERR-4', kind: 'content-type-of-error', value: 'text/plain', text: 'other' };
  const [o] = ruleOutcomes([rule('VAULT-6')], [record({ rules: ['VAULT-6'], observations: [page9, other] }), record({ rules: ['VAULT-6'], observations: [page9] })], 'mock');
  expect(o!.observations).toEqual([page9]);
});
