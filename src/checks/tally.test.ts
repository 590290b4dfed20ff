import { expect, test } from '../testing/fixtures.js';
import { RuleTally } from './tally.js';

test('a rule applied is counted as checked whether it held or not; only a broken one is a finding', () => {
  const tally = new RuleTally();
  tally.add('TOK-1', [], 'a non-empty card_id');
  expect(tally.checked).toEqual(['TOK-1']);
  expect(tally.findings).toEqual([]);
  tally.add('TOK-8', ['card_number is not masked'], 'first four, x, last six');
  expect(tally.checked).toEqual(['TOK-1', 'TOK-8']);
  expect(tally.findings).toEqual([
    { ruleId: 'TOK-8', problems: ['card_number is not masked'], expected: 'first four, x, last six' },
  ]);
});

test('an observation is neither a finding nor a rule checked; it carries data only when given some', () => {
  const tally = new RuleTally();
  tally.observe('ERR-4', 'an error body served as text/html');
  tally.observe('VAULT-2', 'count=40 was refused', { kind: 'refused-count', value: 40 });
  expect(tally.observations).toEqual([
    { ruleId: 'ERR-4', text: 'an error body served as text/html' },
    { ruleId: 'VAULT-2', text: 'count=40 was refused', data: { kind: 'refused-count', value: 40 } },
  ]);
  expect(Object.keys(tally.observations[0]!)).not.toContain('data');
  expect(tally.checked).toEqual([]);
  expect(tally.findings).toEqual([]);
});

test("merging another side's findings keeps everything of both, in order, the rules checked included", () => {
  const tally = new RuleTally();
  tally.add('AUTH-1', [], 'a rejection');
  tally.merge({
    findings: [{ ruleId: 'AUTH-4', problems: ['the scheme is Bearer'], expected: 'Basic' }],
    observations: [{ ruleId: 'AUTH-4', text: 'lower-case scheme served' }],
    checked: ['AUTH-2', 'AUTH-4'],
  });
  expect(tally.checked).toEqual(['AUTH-1', 'AUTH-2', 'AUTH-4']);
  expect(tally.findings.map((f) => f.ruleId)).toEqual(['AUTH-4']);
  expect(tally.observations.map((o) => o.ruleId)).toEqual(['AUTH-4']);
});
