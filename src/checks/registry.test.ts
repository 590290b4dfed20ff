import { expect, test } from '../testing/fixtures.js';
import { apiToken } from '../transport/auth.js';
import type { Exchange } from '../transport/exchange.js';
import { madeUpExchange } from '../testing/made-up/exchange.js';
import {
  APPLICATION_SIDE_RULES,
  CHECKS,
  GATEWAY_SIDE_RULES,
  buildRegistry,
  gatewayFindings,
  rulesJudgedOn,
  type CheckedSide,
} from './registry.js';
import { RuleTally } from './tally.js';
import { newCardRequest } from '../catalogue/request-builders.js';

const AUTH = {
  authorization: `Basic ${apiToken('key_for_tests')}`,
  accept: 'application/json',
  'content-type': 'application/json',
};
const JSON_TYPE = { 'content-type': 'application/json' };

function tokenize(
  body: Record<string, unknown>,
  answer: Record<string, unknown>,
  status = 200,
  headers: Record<string, string> = AUTH,
): Exchange {
  return {
    operation: 'tokenize',
    family: 'pg',
    request: { method: 'POST', url: 'http://gw.test/pg/tokenize', headers, body },
    status,
    headers: JSON_TYPE,
    text: JSON.stringify(answer),
    json: answer,
    ms: 1,
  };
}

function listing(query: string, answer: Record<string, unknown>): Exchange {
  return {
    operation: 'listCustomers',
    family: 'platform',
    request: { method: 'GET', url: `http://gw.test/platform/vault/customer?${query}`, headers: AUTH, body: undefined },
    status: 200,
    headers: JSON_TYPE,
    text: JSON.stringify(answer),
    json: answer,
    ms: 1,
  };
}

const broken = (e: Exchange) =>
  gatewayFindings(e)
    .findings.map((f) => f.ruleId)
    .sort();
const customers = (n: number) => Array.from({ length: n }, (_, i) => ({ customer_id: `c${i}` }));
const ok = { rcode: '000', rmsg: 'ok', pg_id: 'pg1', card_id: 'card1', card_number: '4111xxxxxx111111' };
/** The answer `ok` without some of its fields (absent, not undefined: the body is JSON). */
function without(...fields: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(ok).filter(([k]) => !fields.includes(k)));
}

test('a new card is judged for card_id, pg_id, masking of the number sent and echo_fields', () => {
  expect(broken(tokenize(newCardRequest('m'), ok))).toEqual([]);
  expect(broken(tokenize(newCardRequest('m'), without('pg_id')))).toEqual(['TOK-1']);
  expect(broken(tokenize(newCardRequest('m'), { ...ok, card_number: '4111xxxx111111' }))).toEqual(['TOK-8']);
  expect(
    broken(tokenize(newCardRequest('m', { echo_fields: '[{"a":"1"}]' }), { ...ok, echo_fields: '[{"a": "1"}]' })),
  ).toEqual(['TOK-9']);
  expect(broken(tokenize(newCardRequest('m', { echo_fields: '[{"a":"1"}]' }), ok))).toEqual(['TOK-9']);
});

test('a failure may leave echo_fields out but must not return a card_id; an update keeps its card_id', () => {
  const failed = { rcode: '405', rmsg: 'bad expiry', pg_id: 'pg2' };
  expect(broken(tokenize(newCardRequest('m', { echo_fields: '[{"a":"1"}]', exp_date: '1329' }), failed, 400))).toEqual(
    [],
  );
  expect(broken(tokenize(newCardRequest('m'), { ...failed, card_id: 'card9' }, 200))).toEqual(['TOK-6']);
  expect(broken(tokenize(newCardRequest('m', { card_id: 'card1' }), without('card_number')))).toEqual([]);
  expect(
    broken(tokenize(newCardRequest('m', { card_id: 'card1' }), { ...without('card_number'), card_id: 'card2' })),
  ).toEqual(['TOK-2']);
});

test('what the application got wrong the gateway must refuse: no merchant_id, exp_date MM/YY, no or a malformed Authorization', () => {
  const { merchant_id: _m, ...noMerchant } = newCardRequest('m');
  expect(broken(tokenize(noMerchant, ok))).toEqual(['TOK-7']);
  expect(broken(tokenize(newCardRequest('m', { exp_date: '12/29' }), ok))).toEqual(['TOK-10']);
  expect(broken(tokenize(newCardRequest('m'), ok, 200, { accept: 'application/json' }))).toEqual(['AUTH-1']);
  expect(broken(tokenize(newCardRequest('m'), ok, 200, { authorization: 'Bearer abc' }))).toEqual(['AUTH-4']);
  // A token with a user part may be served (the try-it tool of section 5.6 sends one): observed only.
  const userPart = gatewayFindings(
    tokenize(newCardRequest('m'), ok, 200, { authorization: `Basic ${Buffer.from('m:key').toString('base64')}` }),
  );
  expect(userPart.findings).toEqual([]);
  expect(userPart.observations.map((o) => o.ruleId)).toEqual(['AUTH-4']);
});

test('a listing page is judged against the count and page it was asked for', () => {
  const page = (n: number, totalPages: number, totalRecords: number) => ({
    code: 0,
    message: 'ok',
    totalPages,
    totalRecords,
    data: customers(n),
  });
  expect(broken(listing('count=4&page=0', page(4, 7, 25)))).toEqual([]);
  expect(broken(listing('count=4&page=6', page(1, 7, 25)))).toEqual([]);
  expect(broken(listing('count=4&page=0', page(5, 7, 25)))).toEqual(['VAULT-2']);
  expect(broken(listing('count=4&page=2', page(3, 7, 25)))).toEqual(['VAULT-2']);
  expect(broken(listing('count=4&page=0', page(4, 6, 25)))).toEqual(['VAULT-3']);
  expect(broken(listing('count=4&page=7', page(0, 7, 25)))).toEqual([]);
  expect(broken(listing('count=4&page=9', page(2, 7, 25)))).toEqual(['VAULT-6']);
  expect(
    broken(
      listing('count=4&page=0', {
        ...page(1, 1, 1),
        data: [{ customer_id: 'c', primary_card_number: '4111 1111 1111 1111' }],
      }),
    ),
  ).toEqual(['VAULT-7']);
  // Without count the page size is not judged (defaults are not shown): observed instead.
  const noCount = gatewayFindings(listing('page=0', page(10, 3, 25)));
  expect(noCount.findings).toEqual([]);
  expect(noCount.checked).not.toContain('VAULT-2');
  expect(noCount.observations.map((o) => o.ruleId)).toContain('VAULT-3');
});

test.describe('the checks registry', () => {
  const catalogue = new Set(['TOK-1', 'TOK-2']);
  const check = () => undefined;

  test('a rule claimed by two family files is rejected at load', () => {
    expect(() => buildRegistry([{ 'TOK-1': { gateway: check } }, { 'TOK-1': { run: check } }], catalogue)).toThrow(
      'TOK-1 has two checks',
    );
  });

  test('a rule ID the catalogue does not hold is rejected at load', () => {
    expect(() => buildRegistry([{ 'TOK-99': { gateway: check } }], catalogue)).toThrow(
      'TOK-99 is not in spec/rules.yaml',
    );
  });

  test('an entry that names no function is rejected at load', () => {
    expect(() => buildRegistry([{ 'TOK-2': {} }], catalogue)).toThrow('TOK-2 names no function');
  });

  test("the proxy's rule lists are the registry's sides", () => {
    expect(APPLICATION_SIDE_RULES).toEqual([
      'AUTH-1',
      'AUTH-2',
      'AUTH-4',
      'ERR-4',
      'TOK-5',
      'TOK-7',
      'TOK-10',
      'APP-1',
      'APP-2',
      'APP-3',
    ]);
    for (const id of [
      'AUTH-1',
      'AUTH-4',
      'AUTH-7',
      'ERR-1',
      'ERR-5',
      'TOK-1',
      'TOK-10',
      'VAULT-1',
      'VAULT-7',
      'HOOK-1',
    ])
      expect(GATEWAY_SIDE_RULES).toContain(id);
    expect(rulesJudgedOn('gateway', buildRegistry([{ 'TOK-2': { run: check } }], catalogue))).toEqual([]);
  });
});

test.describe('one check a judgement', () => {
  const { merchant_id: _m, ...noMerchant } = newCardRequest('m', { exp_date: '12/29' });
  const failed = { rcode: '405', rmsg: 'bad expiry', pg_id: 'pg2' };
  const echo = '[{"a":"1"}]';
  const page = (n: number) => ({
    code: 0,
    message: 'ok',
    totalPages: 7,
    totalRecords: 25,
    data: customers(n).map((c) => ({ ...c, primary_card_number: '4111xxxxxx111111' })),
  });
  const disabled: Exchange = {
    operation: 'disableWebhook',
    family: 'platform',
    request: { method: 'PUT', url: 'http://gw.test/platform/webhook/wh_1/disable', headers: AUTH, body: undefined },
    status: 200,
    headers: JSON_TYPE,
    text: '{"code":0,"message":"Success","data":{"message":"Webhook wh_1 disabled"}}',
    json: { code: 0, message: 'Success', data: { message: 'Webhook wh_1 disabled' } },
    ms: 1,
  };
  /** Answers between them held to every rule one exchange settles, on the gateway's side and the caller's. */
  const EXCHANGES = [
    tokenize(newCardRequest('m', { echo_fields: echo, vendor_id: 7 }), { ...ok, echo_fields: echo }),
    tokenize(newCardRequest('m', { card_id: 'card1' }), ok),
    tokenize(noMerchant, failed, 400),
    tokenize(newCardRequest('m'), failed, 401, { accept: 'application/json' }),
    tokenize(newCardRequest('m'), failed, 401, { authorization: 'Bearer abc' }),
    listing('count=4&page=0', page(4)),
    listing('count=4&page=9', page(0)),
    madeUpExchange('platform', 401, '{"code":1004,"message":"Authentication failed"}'),
    disabled,
  ];
  /** The integrator whose key the requests above carry, so TOK-5 (vendor_id on a vendor request) applies. */
  const context = { vendor: { apiKey: 'key_for_tests', vendorId: 7 } };

  for (const side of ['gateway', 'application'] as const satisfies readonly CheckedSide[]) {
    test(`every rule a ${side}-side check judges names that check in the registry, and no other check judges it`, () => {
      const judged = new Set<string>();
      for (const check of new Set([...CHECKS.values()].flatMap((c) => c[side] ?? [])))
        for (const exchange of EXCHANGES) {
          const tally = new RuleTally();
          check(exchange, tally, context);
          for (const id of [...tally.checked, ...tally.findings.map((f) => f.ruleId)]) {
            expect(
              CHECKS.get(id)?.[side],
              `${id} is judged on the ${side} side by a check its entry does not name`,
            ).toBe(check);
            judged.add(id);
          }
        }
      // Every rule registered on this side is judged by its check on one of the exchanges: none is listed idle.
      expect([...judged].sort()).toEqual(rulesJudgedOn(side).sort());
    });
  }
});
