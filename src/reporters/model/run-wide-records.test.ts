import { expect, test } from '../../testing/fixtures.js';
import { RunWideRecords } from './run-wide-records.js';

test('a run-wide failure carries its Expected and Found for the reports, with no exchange to replay', () => {
  const run = new RunWideRecords();
  run.collect({ newCards: ['aaaa', 'bbbb'] });
  run.collect({ newCards: ['aaaa'] });
  const [tok1] = run.records();
  expect(tok1).toMatchObject({
    outcome: 'failed',
    failures: [
      {
        ruleId: 'TOK-1',
        expected: 'no two new cards of the run share a card_id',
        found: '1 card_id(s) were returned for more than one new card in this run',
        exchanges: [],
        reproduce: [],
      },
    ],
  });
});
