import fc from 'fast-check';
import { answerVerdict } from '../../src/checks/registry.js';
import { bodyField, rules, succeeded, test, observe } from '../fixtures.js';
import { nameValueList, newCardRequest } from '../inputs.js';

test(
  'TOK-9: for any echo_fields and report_data of the stated shape, echo_fields comes back byte for byte or the request is declined',
  rules(['TOK-9']),
  async ({ gateway, suite, property }) => {
    const declined = new Set<string>();
    await property(
      'TOK-9 echo_fields',
      fc.record({ echo: nameValueList(), report: fc.option(nameValueList(), { nil: undefined }) }),
      async ({ echo, report }) => {
        const answer = await gateway.tokenize(
          newCardRequest(suite.merchant.merchantId, {
            echo_fields: echo,
            ...(report !== undefined && { report_data: report }),
          }),
        );
        // Limits on these strings' content are not shown: a gateway may decline them, but never change them.
        if (bodyField(answer, 'echo_fields') === undefined && !succeeded(answer)) {
          declined.add(`rcode ${JSON.stringify(bodyField(answer, 'rcode'))}`);
          return [];
        }
        // The registry's own TOK-9 verdict on the answer, so a failing value shrinks to the shortest one.
        const verdict = answerVerdict(answer, 'TOK-9');
        return verdict ? [{ ruleId: 'TOK-9', ...verdict, exchanges: [answer] }] : [];
      },
      ({ echo, report }) =>
        `echo_fields ${JSON.stringify(echo)}${report === undefined ? '' : `, report_data ${JSON.stringify(report)}`}`,
    );
    for (const d of declined)
      observe(
        'TOK-9',
        `a generated echo_fields or report_data was declined (${d}); limits on their content are not shown`,
      );
  },
);
