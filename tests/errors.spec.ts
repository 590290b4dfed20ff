import { randomUUID } from 'node:crypto';
import { listingQuery, pgInvalidRefused, platformInvalidRefused } from '../src/checks/registry.js';
import { atOnce, bodyField, rules, succeeded, test, notExercised, observe, verify } from './fixtures.js';
import { apiToken, newCardRequest } from './inputs.js';
import { WEBHOOK_INACTIVE } from './why-not-exercised.js';
import { OPERATIONS } from './operations.js';

/**
 * An invalid request is not served: that is the suite's knowledge, judged by the rule's judge. Which failure
 * indicator its answer carries, whatever its HTTP status, is judged on the answer itself (checks/errors.ts, run
 * by the gateway fixture), as is an answer in the other family's scheme (ERR-3). Each test's invalid requests
 * stand alone, so they are sent at once.
 */

test(
  'ERR-1: /pg/ failures carry an rcode other than "000" and a message',
  rules(['ERR-1']),
  async ({ gateway, suite }) => {
    const failures = await atOnce([
      gateway.tokenize({ ...newCardRequest(suite.merchant.merchantId), exp_date: '0099' }),
      gateway.tokenize({ card_number: '4111111111111111' }),
      gateway.tokenize(newCardRequest(suite.merchant.merchantId), {
        authorization: `Basic ${apiToken(`${suite.merchant.apiKey}-wrong`)}`,
      }),
    ]);
    for (const answer of failures) verify(pgInvalidRefused(answer), answer);
  },
);

test('ERR-2: /platform/ failures carry an integer code other than 0', rules(['ERR-2']), async ({ gateway, suite }) => {
  const failures = await atOnce([
    // In production the suite disables nothing but PG_WEBHOOK_ID, not even a webhook that cannot exist.
    ...(suite.target === 'production' ? [] : [gateway.disableWebhook(`conformance-missing-${randomUUID()}`)]),
    gateway.listCustomers(listingQuery(suite.merchant.merchantId, 1), { authorization: undefined }),
    gateway.listCustomers(listingQuery(suite.merchant.merchantId, 1), {
      authorization: `Basic ${apiToken('not-a-key')}`,
    }),
  ]);
  for (const answer of failures) verify(platformInvalidRefused(answer), answer);
});

for (const op of OPERATIONS) {
  test(
    `ERR-3 ERR-4 ERR-5: a successful ${op.id} answer is JSON in its family's scheme and matches the spec`,
    rules(['ERR-3', 'ERR-4', 'ERR-5'], { writes: op.writes }),
    async ({ gateway, suite, takeWebhook }) => {
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
      // A success is judged on the answer itself (checks/errors.ts, run by the gateway fixture): a JSON object
      // served as application/json, in its family's scheme, valid against the spec's schema.
    },
  );
}
