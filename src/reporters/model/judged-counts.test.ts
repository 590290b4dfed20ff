import { expect, test } from '../../testing/fixtures.js';
import { judgedText, sumJudged } from './rule-outcomes.js';

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
