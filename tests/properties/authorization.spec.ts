import fc from 'fast-check';
import {
  acceptanceProblems,
  disclosureProblems,
  refusalProblems,
  rejectionProblems,
} from '../../src/checks/registry.js';
import { rules, succeeded, test, observe, type PropertyFinding } from '../fixtures.js';
import { authHeader, buildAuthHeader, describeAuthHeader, expectationOf } from '../inputs.js';
import { OPERATIONS } from '../operations.js';

// The operation is part of the generated input, so "on every operation" is covered by one run budget.
// Production without PG_ALLOW_WRITES gets the listing only: the client refuses to send anything else there.
test(
  'AUTH-4: every Authorization header that is not the section 5 construction is rejected, on every operation',
  rules(['AUTH-2', 'AUTH-3', 'AUTH-4', 'AUTH-7']),
  async ({ gateway, suite, takeWebhook, property }) => {
    const operations = OPERATIONS.filter((op) => suite.allowWrites || !op.writes);
    const open = new Map<string, boolean>();
    await property(
      'AUTH-4 headers',
      fc.record({ op: fc.constantFrom(...operations), header: authHeader }),
      async ({ op, header }): Promise<PropertyFinding[]> => {
        const expectation = expectationOf(header);
        const answer = await op.call(
          { gateway, suite, takeWebhook },
          { authorization: buildAuthHeader(header, suite.merchant.merchantId, suite.merchant.apiKey) },
        );
        if (expectation.kind === 'reject') {
          return [
            {
              ruleId: expectation.rule,
              problems: refusalProblems(answer),
              expected: 'a rejection',
              exchanges: [answer],
            },
            {
              ruleId: 'AUTH-7',
              problems: disclosureProblems(answer),
              expected: 'a rejection that discloses nothing',
              exchanges: [answer],
            },
          ];
        }
        if (expectation.kind === 'open') {
          open.set(`${op.id} with ${expectation.why}`, succeeded(answer));
          return succeeded(answer)
            ? []
            : [
                {
                  ruleId: 'AUTH-7',
                  problems: rejectionProblems(answer),
                  expected: 'served, or a clean rejection',
                  exchanges: [answer],
                },
              ];
        }
        // PG_WEBHOOK_ID on a real target may be inactive already, and how re-disabling answers is not shown.
        if (op.id === 'disableWebhook' && suite.target !== 'mock') return [];
        return [
          {
            ruleId: 'AUTH-2',
            problems: acceptanceProblems(answer).map((p) => `the section 5 token: ${p}`),
            expected: 'the family success indicator',
            exchanges: [answer],
          },
        ];
      },
      ({ op, header }) => `${op.id}: ${describeAuthHeader(header)}`,
    );
    for (const [what, served] of open)
      observe('AUTH-4', `${what}: ${served ? 'served' : 'rejected'} (the document does not settle it)`);
  },
);
