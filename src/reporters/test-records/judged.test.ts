import { expect, test } from '@playwright/test';
import { judgedDescription, parseJudged, parseNotExercised } from '../../evidence/annotations.js';
import { judgedText, sumJudged } from './judged.js';

test('a judged annotation reads as the rule, the count and the plural noun, and parses back', () => {
  const j = { ruleId: 'VAULT-7', count: 212, what: 'card numbers in 25 records' };
  expect(judgedDescription(j)).toBe('VAULT-7: 212 card numbers in 25 records');
  expect(parseJudged(judgedDescription(j))).toEqual(j);
  expect(parseJudged('VAULT-7: no count here')).toBeUndefined();
  expect(parseNotExercised('VAULT-5: the vault holds fewer than two customers')).toEqual({
    ruleId: 'VAULT-5',
    reason: 'the vault holds fewer than two customers',
  });
});

test('a count of one reads in the singular', () => {
  expect(judgedText(1, 'answers')).toBe('1 answer');
  expect(judgedText(1, 'card numbers in 25 records')).toBe('1 card number in 25 records');
  expect(judgedText(1, 'shipping addresses')).toBe('1 shipping address');
  expect(judgedText(0, 'answers')).toBe('0 answers');
  expect(judgedText(1, 'customer_id pairs')).toBe('1 customer_id pair');
  expect(judgedText(1, 'deliveries')).toBe('1 delivery');
});

test('counts of one rule are summed by what was judged', () => {
  expect(
    sumJudged([
      { ruleId: 'A-1', count: 2, what: 'pages' },
      { ruleId: 'A-1', count: 3, what: 'pages' },
      { ruleId: 'A-1', count: 1, what: 'records' },
    ]),
  ).toEqual([
    { count: 5, text: '5 pages' },
    { count: 1, text: '1 record' },
  ]);
});
