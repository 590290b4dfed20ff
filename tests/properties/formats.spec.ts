import fc from 'fast-check';
import { newCardProblems, rejectionProblems } from '../../src/checks/registry.js';
import { rules, succeeded, test, observe, type Exchange, type PropertyFinding } from '../fixtures.js';
import {
  malformedClientIp,
  malformedExpDate,
  malformedTrNumber,
  newAchRequest,
  newCardRequest,
  wellFormedClientIp,
  wellFormedExpDate,
  wellFormedTrNumber,
} from '../inputs.js';

type Field = 'exp_date' | 'tr_number' | 'client_ip';
const request = (field: Field, value: string, merchantId: string) =>
  field === 'tr_number'
    ? newAchRequest(merchantId, { tr_number: value })
    : newCardRequest(merchantId, { [field]: value });

// tr_number is secret in every report; the others are shown as sent.
const shown = (field: Field) => (value: string) => {
  if (field !== 'tr_number') return `${field} ${JSON.stringify(value)}`;
  return `${field} of ${value.length} characters, ${/^[0-9]*$/.test(value) ? 'all digits' : 'not all digits'}`;
};

const MALFORMED: [Field, fc.Arbitrary<string>][] = [
  ['exp_date', malformedExpDate],
  ['tr_number', malformedTrNumber],
  ['client_ip', malformedClientIp],
];

// One property a field, each with the whole run budget: a mistake in one field is not diluted by the others.
for (const [field, malformed] of MALFORMED) {
  test(
    `TOK-10: no request with a malformed ${field} is reported as success`,
    rules(['TOK-10', 'ERR-1']),
    async ({ gateway, suite, property }) => {
      await property(
        `TOK-10 malformed ${field}`,
        malformed,
        async (value) => {
          const answer = await gateway.tokenize(request(field, value, suite.merchant.merchantId));
          return [
            {
              ruleId: 'TOK-10',
              problems: rejectionProblems(answer),
              expected: `a failure for a malformed ${field}`,
              exchanges: [answer],
            },
          ];
        },
        shown(field),
      );
    },
  );
}

test(
  'TOK-1 TOK-3: well-formed exp_date, tr_number and client_ip are accepted',
  rules(['TOK-1', 'TOK-3']),
  async ({ gateway, suite, property }) => {
    const wellFormed = fc.oneof(
      wellFormedExpDate().map((value) => ({ field: 'exp_date' as const, value })),
      wellFormedTrNumber(suite.target).map((value) => ({ field: 'tr_number' as const, value })),
      wellFormedClientIp.map((value) => ({ field: 'client_ip' as const, value })),
    );
    const declinedIps = new Set<string>();
    await property(
      'TOK-1 TOK-3 well-formed formats',
      wellFormed,
      async (sent): Promise<PropertyFinding[]> => {
        const answer: Exchange = await gateway.tokenize(request(sent.field, sent.value, suite.merchant.merchantId));
        // Which client addresses a gateway takes (private, reserved) is not shown: a declined one is observed.
        if (sent.field === 'client_ip' && !succeeded(answer)) {
          declinedIps.add(sent.value);
          return [];
        }
        return [
          {
            ruleId: sent.field === 'tr_number' ? 'TOK-3' : 'TOK-1',
            problems: newCardProblems(answer).map((p) => `a request with a well-formed ${sent.field}: ${p}`),
            expected: 'rcode "000" with a non-empty card_id and pg_id',
            exchanges: [answer],
          },
        ];
      },
      ({ field, value }) => shown(field)(value),
    );
    if (declinedIps.size)
      observe(
        'TOK-1',
        `well-formed client_ip declined: ${[...declinedIps].slice(0, 5).join(', ')}; which addresses a gateway takes is not shown`,
      );
  },
);
