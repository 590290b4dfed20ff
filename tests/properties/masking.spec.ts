import { answerVerdict } from '../../src/checks/registry.js';
import { rules, succeeded, test, observe } from '../fixtures.js';
import { DEFAULT_TEST_CARD, cardNumbers, describeCard, newCardRequest } from '../inputs.js';

// Real targets get published test card numbers only; the embedded mock gets any Luhn-valid number of 13–19 digits.
test(
  'TOK-8: for any card number of 13 to 19 digits, the answer shows the first four, one x per hidden digit, the last six',
  rules(['TOK-8']),
  async ({ gateway, suite, property }) => {
    const declined = new Set<number>();
    await property(
      'TOK-8 masking',
      cardNumbers(suite.target),
      async (number) => {
        const answer = await gateway.tokenize(newCardRequest(suite.merchant.merchantId, { card_number: number }));
        // Which lengths and brands a gateway takes is not shown: a declined card is held to the rules of a
        // failure on its answer (the gateway fixture), and its masking is not judged.
        if (!succeeded(answer) && number !== DEFAULT_TEST_CARD) {
          declined.add(number.length);
          return [];
        }
        // The registry's own TOK-8 verdict on the answer, so a failing number shrinks to the shortest one.
        const verdict = answerVerdict(answer, 'TOK-8');
        return verdict ? [{ ruleId: 'TOK-8', ...verdict, exchanges: [answer] }] : [];
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
