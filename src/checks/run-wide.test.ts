import { expect, test } from '@playwright/test';
import { runWideJudgements } from './run-wide.js';

test('TOK-1 fails when two new cards of the run share a card_id, whichever tests got them', () => {
  const [tok1] = runWideJudgements({ newCards: [['aaaa', 'bbbb'], ['aaaa']], answers: [] });
  expect(tok1).toEqual({
    ruleId: 'TOK-1',
    title: 'no two new cards of the run share a card_id (3 new cards from 2 tests)',
    expected: 'no two new cards of the run share a card_id',
    count: 3,
    what: 'new cards across the run',
    found: '1 card_id(s) were returned for more than one new card in this run',
  });
});

test("ERR-5 sums every test's answers; a rule with nothing to judge is not returned", () => {
  const judged = runWideJudgements({
    newCards: [],
    answers: [
      { valid: 3, judged: 3 },
      { valid: 1, judged: 2 },
    ],
  });
  expect(judged).toEqual([
    {
      ruleId: 'ERR-5',
      title: 'every answer of the run validates against spec/openapi.yaml (5 answers from 2 tests)',
      expected: 'every answer of the run validates against spec/openapi.yaml',
      count: 5,
      what: 'answers across the run',
      found: '1 of 5 answers did not validate',
    },
  ]);
  expect(
    runWideJudgements({ newCards: [['a'], ['b']], answers: [{ valid: 2, judged: 2 }] }).map((j) => j.found),
  ).toEqual([undefined, undefined]);
});
