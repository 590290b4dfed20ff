import { apiToken } from '../src/contract/auth.js';
import { disclosureProblems, refusalProblems, rejectionProblems } from '../src/contract/checks.js';
import { bodyField, succeeded, type Exchange } from '../src/contract/exchange.js';
import { rules, test, type Observe } from './fixtures.js';
import { OPERATIONS } from './operations.js';
import { DISABLED, disabledProblems, unknownWebhookProblem } from './disable-checks.js';
import { WEBHOOK_INACTIVE, WEBHOOK_UNKNOWN } from './why-not-exercised.js';
import { listingQuery } from './vault-pages.js';

/** Headers that are not the section 5 construction; the value function receives the real key. */
const MALFORMED: { name: string; header: (key: string) => string }[] = [
  { name: 'another scheme (Bearer)', header: (key) => `Bearer ${apiToken(key)}` },
  { name: 'the key sent unencoded', header: (key) => `Basic ${key}` },
  { name: 'an empty token', header: () => 'Basic ' },
  { name: 'a token that is not Base 64', header: () => 'Basic !!not*base64!!' },
];

/** HTTP statuses are not shown (section 7): which one an authentication failure gets is observed, per operation. */
function observeAuthFailure(observe: Observe, operation: string, answer: Exchange): void {
  if (succeeded(answer)) return;
  observe('AUTH-7', `${operation} answered an authentication failure with HTTP ${answer.status}`, { kind: 'http-status-of-auth-failure', subject: operation, value: answer.status });
}

/** How a disable of PG_WEBHOOK_ID that did not succeed answered, for --baseline comparisons. */
const disableAnswer = (answer: Exchange) => ({ kind: 'disable-of-configured-webhook', value: `code ${JSON.stringify(bodyField(answer, 'code'))} (HTTP ${answer.status})` });

for (const op of OPERATIONS) {
  test.describe(op.id, () => {
    test(`AUTH-1: ${op.id} rejects a request without an Authorization header`, rules(['AUTH-1', 'AUTH-7'], { writes: op.writes }), async ({ gateway, suite, takeWebhook, verify, judged, observe }) => {
      const answer = await op.call({ gateway, suite, takeWebhook }, { authorization: undefined });
      verify('AUTH-1', refusalProblems(answer), 'a rejection: the family failure indicator or an HTTP error status', answer);
      verify('AUTH-7', disclosureProblems(answer), 'a rejection that discloses no card ID and no customer records', answer);
      observeAuthFailure(observe, op.id, answer);
      judged('AUTH-1', 1, 'requests without credentials');
      judged('AUTH-7', 1, 'rejections');
    });

    test(`AUTH-2: ${op.id} accepts the merchant key sent as section 5 builds it`, rules(['AUTH-2'], { writes: op.writes }), async ({ gateway, suite, takeWebhook, verify, observe, judged, notExercised }) => {
      const answer = await op.call({ gateway, suite, takeWebhook }, 'merchant');
      if (op.id === 'disableWebhook' && suite.target !== 'mock' && !succeeded(answer)) {
        observe('AUTH-2', `disabling PG_WEBHOOK_ID answered ${answer.text.slice(0, 200)}; it may be inactive already, and re-disabling is not shown`, disableAnswer(answer));
        notExercised('AUTH-2', (await unknownWebhookProblem(gateway, suite, answer)) ? WEBHOOK_UNKNOWN : WEBHOOK_INACTIVE);
        return;
      }
      verify('AUTH-2', succeeded(answer) ? [] : [`the answer carries no success indicator (HTTP ${answer.status})`], 'the family success indicator', answer);
      judged('AUTH-2', 1, 'requests with the merchant key');
      if (op.id === 'disableWebhook') {
        verify('HOOK-1', disabledProblems(answer), DISABLED, answer);
        judged('HOOK-1', 1, 'disables');
      }
    });

    test(`AUTH-3: ${op.id} rejects a well-formed token with a key the gateway did not issue`, rules(['AUTH-3', 'AUTH-7'], { writes: op.writes }), async ({ gateway, suite, takeWebhook, verify, judged, observe }) => {
      const wrong = `${suite.merchant.apiKey}x`;
      const answer = await op.call({ gateway, suite, takeWebhook }, { authorization: `Basic ${apiToken(wrong)}` });
      verify('AUTH-3', refusalProblems(answer), 'a rejection of the unknown key', answer);
      verify('AUTH-7', disclosureProblems(answer), 'a rejection that discloses no card ID and no customer records', answer);
      observeAuthFailure(observe, op.id, answer);
      judged('AUTH-3', 1, 'requests with an unknown key');
      judged('AUTH-7', 1, 'rejections');
    });

    for (const malformed of MALFORMED) {
      test(`AUTH-4: ${op.id} rejects ${malformed.name}`, rules(['AUTH-4', 'AUTH-7'], { writes: op.writes }), async ({ gateway, suite, takeWebhook, verify, judged, observe }) => {
        const answer = await op.call({ gateway, suite, takeWebhook }, { authorization: malformed.header(suite.merchant.apiKey) });
        verify('AUTH-4', refusalProblems(answer), `a rejection of ${malformed.name}`, answer);
        verify('AUTH-7', disclosureProblems(answer), 'a rejection that discloses no card ID and no customer records', answer);
        observeAuthFailure(observe, op.id, answer);
        judged('AUTH-4', 1, 'malformed Authorization headers');
        judged('AUTH-7', 1, 'rejections');
      });
    }

    test(`AUTH-5: ${op.id} accepts the vendor key in place of the merchant key`, rules(['AUTH-5'], { writes: op.writes }), async ({ gateway, suite, takeWebhook, vendor: _vendor, verify, observe, judged, notExercised }) => {
      const answer = await op.call({ gateway, suite, takeWebhook }, 'vendor');
      if (op.id === 'disableWebhook' && suite.target !== 'mock' && !succeeded(answer)) {
        observe('AUTH-5', 'disabling PG_WEBHOOK_ID with the vendor key did not answer code 0; it may be inactive already', disableAnswer(answer));
        notExercised('AUTH-5', (await unknownWebhookProblem(gateway, suite, answer, 'vendor')) ? WEBHOOK_UNKNOWN : WEBHOOK_INACTIVE);
        return;
      }
      verify('AUTH-5', succeeded(answer) ? [] : [`the answer carries no success indicator (HTTP ${answer.status})`], 'the family success indicator', answer);
      judged('AUTH-5', 1, 'requests with the vendor key');
      if (op.id === 'disableWebhook') {
        verify('HOOK-1', disabledProblems(answer), DISABLED, answer);
        judged('HOOK-1', 1, 'disables');
      }
    });
  });
}

test('AUTH-7: a token with a user part or without the colon is either served or cleanly rejected', rules(['AUTH-4', 'AUTH-7']), async ({ gateway, suite, observe, verify, judged }) => {
  // Section 5.6's try-it tool takes the merchant ID as the user name, so the gateway may well accept it.
  const variants = {
    'merchant ID as user part': `Basic ${Buffer.from(`${suite.merchant.merchantId}:${suite.merchant.apiKey}`).toString('base64')}`,
    'no colon before the key': `Basic ${Buffer.from(suite.merchant.apiKey).toString('base64')}`,
  };
  for (const [name, authorization] of Object.entries(variants)) {
    const answer = await gateway.listCustomers(listingQuery(suite.merchant.merchantId, 1), { authorization });
    const how = succeeded(answer) ? 'accepted' : `rejected (HTTP ${answer.status})`;
    observe('AUTH-4', `vault listing with ${name}: ${how}`, { kind: 'token-variant-answer', subject: name, value: how });
    if (!succeeded(answer)) {
      verify('AUTH-7', rejectionProblems(answer), 'a clean rejection that discloses nothing', answer);
      judged('AUTH-7', 1, 'rejections');
    }
  }
});

test('AUTH-6: the vault listing serves as the authentication check', rules(['AUTH-6']), async ({ gateway, suite, verify, judged }) => {
  const answer = await gateway.listCustomers(listingQuery(suite.merchant.merchantId, 1));
  verify('AUTH-6', succeeded(answer) ? [] : ['valid credentials did not list the vault (code is not 0)'], 'code 0 for valid credentials', answer);
  const rejected = await gateway.listCustomers(listingQuery(suite.merchant.merchantId, 1), { authorization: `Basic ${apiToken(`${suite.merchant.apiKey}-revoked`)}` });
  verify('AUTH-6', rejectionProblems(rejected), 'invalid credentials are told apart from valid ones', rejected);
  judged('AUTH-6', 2, 'listings (valid and revoked key)');
});
