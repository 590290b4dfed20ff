import { randomUUID } from 'node:crypto';
import {
  DISABLED,
  disabledProblems,
  failureIndicatorProblems,
  familySchemeProblems,
  jsonBodyProblems,
  listingQuery,
  schemaProblems,
  otherSchemeProblems,
  withoutIndicatorProblems,
} from '../src/checks/registry.js';
import { bodyField, rules, succeeded, test, type CountJudged, type Exchange, type Verify } from './fixtures.js';
import { apiToken, newCardRequest } from './inputs.js';
import { WEBHOOK_INACTIVE } from './why-not-exercised.js';
import { OPERATIONS } from './operations.js';

/**
 * Holds a failure to its family's indicator, whatever its HTTP status: section 7 makes rcode / code the failure
 * indicator of every answer of the family; only what else the body carries is "not shown".
 */
function checkFailure(ruleId: 'ERR-1' | 'ERR-2', answer: Exchange, verify: Verify, countJudged: CountJudged): void {
  verify(
    ruleId,
    succeeded(answer) ? [`an invalid request answered ${answer.family === 'pg' ? 'rcode "000"' : 'code 0'}`] : [],
    'a failure',
    answer,
  );
  countJudged(ruleId, 1, 'invalid requests');
  // An answer in the other family's scheme is ERR-3's alone (the fixture judges it): one answer, one rule.
  if (otherSchemeProblems(answer).length) return;
  const expected =
    answer.family === 'pg' ? 'rcode other than "000" and a non-empty rmsg' : 'an integer code other than 0';
  const indicator = bodyField(answer, answer.family === 'pg' ? 'rcode' : 'code');
  if (indicator === undefined) verify(ruleId, withoutIndicatorProblems(answer), expected, answer);
  verify(ruleId, failureIndicatorProblems(answer), expected, answer);
}

test(
  'ERR-1: /pg/ failures carry an rcode other than "000" and a message',
  rules(['ERR-1']),
  async ({ gateway, suite, verify, countJudged }) => {
    const failures = [
      await gateway.tokenize({ ...newCardRequest(suite.merchant.merchantId), exp_date: '0099' }),
      await gateway.tokenize({ card_number: '4111111111111111' }),
      await gateway.tokenize(newCardRequest(suite.merchant.merchantId), {
        authorization: `Basic ${apiToken(`${suite.merchant.apiKey}-wrong`)}`,
      }),
    ];
    for (const answer of failures) checkFailure('ERR-1', answer, verify, countJudged);
  },
);

test(
  'ERR-2: /platform/ failures carry an integer code other than 0',
  rules(['ERR-2']),
  async ({ gateway, verify, suite, countJudged }) => {
    const failures = [
      // In production the suite disables nothing but PG_WEBHOOK_ID, not even a webhook that cannot exist.
      ...(suite.target === 'production' ? [] : [await gateway.disableWebhook(`conformance-missing-${randomUUID()}`)]),
      await gateway.listCustomers(listingQuery(suite.merchant.merchantId, 1), { authorization: undefined }),
      await gateway.listCustomers(listingQuery(suite.merchant.merchantId, 1), {
        authorization: `Basic ${apiToken('not-a-key')}`,
      }),
    ];
    for (const answer of failures) checkFailure('ERR-2', answer, verify, countJudged);
  },
);

for (const op of OPERATIONS) {
  test(
    `ERR-3 ERR-4 ERR-5: a successful ${op.id} answer is JSON in its family's scheme and matches the spec`,
    rules(['ERR-3', 'ERR-4', 'ERR-5'], { writes: op.writes }),
    async ({ gateway, suite, takeWebhook, verify, observe, countJudged, notExercised }) => {
      const answer = await op.call({ gateway, suite, takeWebhook }, 'merchant');
      if (!succeeded(answer) && op.id === 'disableWebhook' && suite.target !== 'mock') {
        // Not a success to hold to the success shape; the fixture still holds it to the failure rules.
        observe(
          'ERR-3',
          `PG_WEBHOOK_ID did not disable with code 0 (HTTP ${answer.status}); it may be inactive already, and re-disabling is not shown`,
          {
            kind: 'disable-of-configured-webhook',
            value: `code ${JSON.stringify(bodyField(answer, 'code'))} (HTTP ${answer.status})`,
          },
        );
        for (const id of ['ERR-3', 'ERR-4', 'ERR-5'])
          notExercised(id, `no successful disable answer to hold to the success shape: ${WEBHOOK_INACTIVE}`);
        return;
      }
      verify('ERR-4', jsonBodyProblems(answer), 'a JSON object served as application/json', answer);
      verify(
        'ERR-3',
        familySchemeProblems(answer),
        op.id === 'tokenize' ? 'a string rcode' : 'an integer code',
        answer,
      );
      verify('ERR-5', schemaProblems(answer), `a body valid against the ${op.id} response schema`, answer);
      for (const id of ['ERR-3', 'ERR-4', 'ERR-5']) countJudged(id, 1, 'successful answers');
      if (op.id === 'disableWebhook') {
        verify('HOOK-1', disabledProblems(answer), DISABLED, answer);
        countJudged('HOOK-1', 1, 'disables');
      }
    },
  );
}
