import { expect, test } from '@playwright/test';
import { failureDetails } from './failure-details.js';

const TWO = `[TOK-8] The answer's card_number shows the first four and last six digits
  (section 2.2: "Masked card number")
Expected: first four digits, one x per hidden digit, last six digits
Found: card_number hides 4 digits with x, expected 6
generated input: a 16-digit number
Sent: POST http://127.0.0.1:4010/pg/tokenize
    accept: application/json
  body: {"card_number":"[card …1111]"}
Received: HTTP 200, content-type application/json, 3 ms
  body: {"rcode":"000"}
Reproduce with: curl -sS -X POST -u ":$PG_API_KEY" 'http://127.0.0.1:4010/pg/tokenize'

[ERR-5] Every answer validates
  (section 7: "…")
Expected: a body that validates
Found: /card_number must match pattern
Sent: GET http://127.0.0.1:4010/platform/vault/customer
Received: HTTP 200, content-type application/json, 2 ms
  body: {}
Reproduce with: curl -sS -X GET 'http://127.0.0.1:4010/platform/vault/customer'`;

test('a message with two rule violations gives each its Expected, Found, exchange and reproduce line', () => {
  expect(failureDetails(`RuleViolation: ${TWO}`)).toEqual([
    {
      ruleId: 'TOK-8',
      expected: 'first four digits, one x per hidden digit, last six digits',
      found: 'card_number hides 4 digits with x, expected 6\ngenerated input: a 16-digit number',
      exchanges: [
        'Sent: POST http://127.0.0.1:4010/pg/tokenize\n    accept: application/json\n  body: ' +
          '{"card_number":"[card …1111]"}\nReceived: HTTP 200, content-type application/json, 3 ms\n  body: ' +
          '{"rcode":"000"}',
      ],
      reproduce: [`curl -sS -X POST -u ":$PG_API_KEY" 'http://127.0.0.1:4010/pg/tokenize'`],
    },
    {
      ruleId: 'ERR-5',
      expected: 'a body that validates',
      found: '/card_number must match pattern',
      exchanges: [
        'Sent: GET http://127.0.0.1:4010/platform/vault/customer\nReceived: HTTP 200, content-type application/json, 2 ms\n  body: {}',
      ],
      reproduce: [`curl -sS -X GET 'http://127.0.0.1:4010/platform/vault/customer'`],
    },
  ]);
});

test('a failure that names no rule keeps its message, cut to forty lines', () => {
  expect(failureDetails('Error: boom\n  at x')).toEqual([
    { exchanges: [], reproduce: [], message: 'Error: boom\n  at x' },
  ]);
  const long = Array.from({ length: 50 }, (_, i) => `line ${i}`).join('\n');
  expect(failureDetails(long)[0]?.message?.split('\n')).toHaveLength(41);
  expect(failureDetails('')).toEqual([]);
});
