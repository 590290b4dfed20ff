import { rejectionProblems } from '../../src/contract/checks.js';
import { succeeded } from '../../src/contract/exchange.js';
import { authHeader, buildAuthHeader, describeAuthHeader, expectationOf } from '../../src/contract/generate/authorization.js';
import { rules, test } from '../fixtures.js';
import { OPERATIONS } from '../operations.js';

for (const op of OPERATIONS) {
  test(`AUTH-4: ${op.id} rejects every Authorization header that is not the section 5 construction`, rules(['AUTH-2', 'AUTH-3', 'AUTH-4', 'AUTH-7'], { writes: op.writes }), async ({ gateway, suite, takeWebhook, property, observe }) => {
    const open = new Map<string, boolean>();
    await property(`AUTH-4 ${op.id}`, authHeader, async (h) => {
      const expectation = expectationOf(h);
      const answer = await op.call({ gateway, suite, takeWebhook }, { authorization: buildAuthHeader(h, suite.merchant.merchantId, suite.merchant.apiKey) });
      if (expectation.kind === 'reject') return [{ ruleId: expectation.rule, problems: rejectionProblems(answer), expected: 'a rejection that discloses nothing', exchanges: [answer] }];
      if (expectation.kind === 'open') {
        open.set(expectation.why, succeeded(answer));
        return succeeded(answer) ? [] : [{ ruleId: 'AUTH-7', problems: rejectionProblems(answer), expected: 'served, or a clean rejection', exchanges: [answer] }];
      }
      // PG_WEBHOOK_ID on a real target may be inactive already, and how re-disabling answers is not shown.
      if (op.id === 'disableWebhook' && suite.target !== 'mock') return [];
      return [{ ruleId: 'AUTH-2', problems: succeeded(answer) ? [] : [`the section 5 token was refused (HTTP ${answer.status})`], expected: 'the family success indicator', exchanges: [answer] }];
    }, describeAuthHeader);
    for (const [why, served] of open) observe('AUTH-4', `${op.id} with ${why}: ${served ? 'served' : 'rejected'} (the document does not settle it)`);
  });
}
