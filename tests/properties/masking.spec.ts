import { maskingProblems, rejectionProblems } from '../../src/checks/registry.js';
import { bodyField, rules, succeeded, test } from '../fixtures.js';
import { DEFAULT_TEST_CARD, cardNumbers, describeCard, newCardRequest } from '../inputs.js';

// Real targets get published test card numbers only; the embedded mock gets any Luhn-valid number of 13–19 digits.
test(
  'TOK-8: for any card number of 13 to 19 digits, the answer shows the first four, one x per hidden digit, the last six',
  rules(['TOK-8']),
  async ({ gateway, suite, property, observe }) => {
    const declined = new Set<number>();
    await property(
      'TOK-8 masking',
      cardNumbers(suite.target),
      async (number) => {
        const answer = await gateway.tokenize(newCardRequest(suite.merchant.merchantId, { card_number: number }));
        if (!succeeded(answer) && number !== DEFAULT_TEST_CARD) {
          // Which lengths and brands a gateway takes is not shown; a declined card must still disclose nothing.
          declined.add(number.length);
          return [
            {
              ruleId: 'TOK-8',
              problems: rejectionProblems(answer),
              expected: 'a declined card discloses no card data',
              exchanges: [answer],
            },
          ];
        }
        const problems = maskingProblems(bodyField(answer, 'card_number'), number).map((p) => `card_number ${p}`);
        return [
          {
            ruleId: 'TOK-8',
            problems,
            expected: 'first four digits, one x per hidden digit, last six digits',
            exchanges: [answer],
          },
        ];
      },
      describeCard,
    );
    for (const length of [...declined].sort())
      observe(
        'TOK-8',
        `a generated ${length}-digit card number was declined; which lengths a gateway takes is not shown`,
      );
  },
);
