import { expect, test } from '../testing/fixtures.js';
import { apiToken } from '../transport/auth.js';
import { Redactor } from './redact.js';
import { reproduceWithCurl } from './reproduce-line.js';
import {
  exchange,
  MERCHANT_KEY,
  PRIVATE_CARD,
  redactorFor,
  VENDOR_KEY,
  variables,
} from '../testing/made-up/reproduce-line-inputs.js';

test('the section 5 token becomes -u with the variable of the key the request used: merchant or vendor', () => {
  const redactor = redactorFor('suite');
  expect(reproduceWithCurl(exchange({ authorization: `Basic ${apiToken(MERCHANT_KEY)}` }), redactor)).toContain(
    '-u ":$PG_API_KEY"',
  );
  expect(reproduceWithCurl(exchange({ authorization: `Basic ${apiToken(VENDOR_KEY)}` }), redactor)).toContain(
    '-u ":$PG_VENDOR_API_KEY"',
  );
});

test('a card number that is no published test number stays redacted unless the suite made it up for the mock', () => {
  const sent = exchange({ 'content-type': 'application/json' }, { card_number: PRIVATE_CARD, cvv2: '987' });
  for (const sender of ['application', 'suite'] as const) {
    const line = reproduceWithCurl(sent, redactorFor(sender));
    expect(line, sender).not.toContain(PRIVATE_CARD);
    expect(line, sender).not.toContain('987');
    expect(line, sender).toContain('[card …1236]');
  }
  expect(reproduceWithCurl(sent, redactorFor('suite on the mock'))).toContain(PRIVATE_CARD);
});

test("an application's credential built from no configured key is never written, only its scheme", () => {
  const line = reproduceWithCurl(
    exchange({ authorization: `Basic ${apiToken('some-key-nobody-told-us')}` }),
    new Redactor([], { variables, sender: 'application' }),
  );
  expect(line).toContain(`-H 'authorization: Basic [REDACTED]'`);
  expect(line).not.toContain(apiToken('some-key-nobody-told-us'));
});
