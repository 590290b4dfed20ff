import { expect, test } from '@playwright/test';
import { observationDescription, parseObservation, UNCLASSIFIED } from '../../evidence/annotations.js';

test('the annotation shows the sentence first and carries kind, subject and value for comparison', () => {
  const description = observationDescription('AUTH-7', 'tokenize answered the\nauthentication failure with HTTP 401', {
    kind: 'http-status-of-auth-failure',
    subject: 'tokenize',
    value: 401,
  });
  expect(description.split('\n')[0]).toBe('AUTH-7: tokenize answered the authentication failure with HTTP 401');
  expect(parseObservation(description)).toEqual({
    ruleId: 'AUTH-7',
    text: 'tokenize answered the authentication failure with HTTP 401',
    kind: 'http-status-of-auth-failure',
    subject: 'tokenize',
    value: 401,
  });
});

test('a count travels beside the value when an observation has one', () => {
  const data = { kind: 'repeated-pg-id', subject: 'tokenize', value: 'some', count: 12 };
  expect(parseObservation(observationDescription('TOK-1', '12 requests', data))).toEqual({
    ruleId: 'TOK-1',
    text: '12 requests',
    ...data,
  });
});

test('an observation recorded as a bare sentence is kept, unclassified, its sentence as its value', () => {
  expect(parseObservation('HOOK-1: re-disabling answered code 0')).toEqual({
    ruleId: 'HOOK-1',
    text: 're-disabling answered code 0',
    kind: UNCLASSIFIED,
    value: 're-disabling answered code 0',
  });
  expect(parseObservation('no rule here')).toBeUndefined();
});

test('a kind that is not kebab-case is refused when recorded, not discovered in a report', () => {
  expect(() => observationDescription('AUTH-7', 'x', { kind: 'HTTP status', value: 401 })).toThrow(/kebab-case/);
});
