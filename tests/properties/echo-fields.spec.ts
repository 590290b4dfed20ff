import fc from 'fast-check';
import { bodyField, rules, shorten, succeeded, test } from '../fixtures.js';
import { nameValueList, newCardRequest } from '../inputs.js';

test(
  'TOK-9: for any echo_fields and report_data of the stated shape, echo_fields comes back byte for byte or the request is declined',
  rules(['TOK-9']),
  async ({ gateway, suite, property, observe }) => {
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
        const back = bodyField(answer, 'echo_fields');
        // Limits on these strings' content are not shown: a gateway may decline them, but never change them.
        if (back === undefined && !succeeded(answer)) {
          declined.add(`rcode ${JSON.stringify(bodyField(answer, 'rcode'))}`);
          return [];
        }
        const problems =
          back === echo
            ? []
            : [
                back === undefined
                  ? 'a successful answer has no echo_fields'
                  : `echo_fields came back as ${shorten(JSON.stringify(back), 200)}, ` +
                    `${typeof back === 'string' ? back.length : 0} characters for ${echo.length} sent`,
              ];
        return [
          {
            ruleId: 'TOK-9',
            problems,
            expected: 'echo_fields byte for byte as sent, or the request declined',
            exchanges: [answer],
          },
        ];
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
