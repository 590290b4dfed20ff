import { expect, test } from '../testing/fixtures.js';
import { apiToken } from '../transport/auth.js';
import type { Exchange } from '../transport/exchange.js';
import { newAchRequest, newCardRequest } from '../catalogue/request-builders.js';
import {
  authorizationFindings,
  jsonPairsProblems,
  mediaTypeProblems,
  paymentKinds,
  requestFindings,
  tokenizeFieldFindings,
} from './registry.js';

const KEY = 'some_merchant_key_42';

function request(over: Partial<Exchange['request']> = {}, operation: Exchange['operation'] = 'tokenize'): Exchange {
  return {
    operation,
    family: operation === 'tokenize' ? 'pg' : 'platform',
    request: {
      method: 'POST',
      url: 'http://gw.test/pg/tokenize',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: `Basic ${apiToken(KEY)}`,
      },
      body: newCardRequest('m-1'),
      ...over,
    },
    status: 200,
    headers: {},
    text: '',
    json: undefined,
    ms: 1,
  };
}

const ruleOf = (header: string | undefined) => authorizationFindings(header).map((f) => f.ruleId);

test('the section 5 token is ":" + key in Base 64 after "Basic "; each other construction names its rule', () => {
  expect(ruleOf(`Basic ${apiToken(KEY)}`)).toEqual([]);
  expect(ruleOf(undefined)).toEqual(['AUTH-1']);
  expect(ruleOf(`Bearer ${apiToken(KEY)}`)).toEqual(['AUTH-4']);
  expect(ruleOf(`Basic ${KEY}`)).toEqual(['AUTH-4']);
  expect(ruleOf('Basic ')).toEqual(['AUTH-4']);
  expect(ruleOf(`Basic ${Buffer.from(KEY).toString('base64')}`)).toEqual(['AUTH-2']);
  expect(ruleOf(`Basic ${Buffer.from(`m-1:${KEY}`).toString('base64')}`)).toEqual(['AUTH-2']);
});

test('accept must ask for application/json; content-type is application/json on a body and on disable', () => {
  expect(mediaTypeProblems(request())).toEqual([]);
  expect(
    mediaTypeProblems(
      request({
        headers: { accept: 'text/plain, application/json;q=0.9', 'content-type': 'application/json; charset=utf-8' },
      }),
    ),
  ).toEqual([]);
  expect(mediaTypeProblems(request({ headers: { 'content-type': 'application/json' } }))).toEqual([
    'accept is missing, expected application/json',
  ]);
  expect(mediaTypeProblems(request({ headers: { accept: 'application/json', 'content-type': 'text/plain' } }))).toEqual(
    ['content-type is "text/plain", expected application/json'],
  );
  expect(
    mediaTypeProblems(
      request({ headers: { accept: 'application/json' }, body: undefined, method: 'PUT' }, 'disableWebhook'),
    ),
  ).toEqual(['content-type is missing, expected application/json']);
  expect(
    mediaTypeProblems(
      request({ headers: { accept: 'application/json' }, body: undefined, method: 'GET' }, 'listCustomers'),
    ),
  ).toEqual([]);
  expect(mediaTypeProblems(request({ body: 'merchant_id=m-1' }))).toEqual(['the request body is not JSON']);
});

test('tokenize fields: merchant_id is TOK-7, exp_date and tr_number formats TOK-10, other types and client_ip APP-1', () => {
  const rules = (body: unknown) =>
    tokenizeFieldFindings(body)
      .map((f) => f.ruleId)
      .sort();
  expect(rules(newCardRequest('m-1', { client_ip: '203.0.113.7' }))).toEqual([]);
  expect(rules({ card_number: '4111111111111111' })).toEqual(['TOK-7']);
  expect(rules(newCardRequest('m-1', { exp_date: '12/29' }))).toEqual(['TOK-10']);
  expect(rules(newAchRequest('m-1', { tr_number: '12345' }))).toEqual(['TOK-10']);
  expect(rules(newCardRequest('m-1', { client_ip: '203.0.113' }))).toEqual(['APP-1']);
  expect(rules({ ...newCardRequest('m-1'), vendor_id: '90001', single_use: 'yes', email_address: 'a@b.test' })).toEqual(
    ['APP-1'],
  );
  expect(rules({ ...newCardRequest('m-1'), unknown_extra: 1 })).toEqual([]); // extra fields are not forbidden
  expect(rules([1, 2])).toEqual(['APP-1']);
});

test('echo_fields and report_data hold a JSON array of single-key objects', () => {
  expect(jsonPairsProblems('echo_fields', '[{"a":"1"},{"b":"2"}]')).toEqual([]);
  expect(jsonPairsProblems('echo_fields', ' [ ] ')).toEqual([]);
  expect(jsonPairsProblems('echo_fields', undefined)).toEqual([]);
  expect(jsonPairsProblems('echo_fields', [{ a: '1' }])).toEqual([
    'echo_fields is an array, expected a string holding a JSON array',
  ]);
  expect(jsonPairsProblems('echo_fields', '{"a":"1"}')).toEqual(['echo_fields holds JSON that is not an array']);
  expect(jsonPairsProblems('report_data', '[{"a":"1","b":"2"}]')).toEqual([
    'report_data item 0 is not an object with exactly one key',
  ]);
  expect(jsonPairsProblems('echo_fields', '[{"a":1},"x"]')).toEqual([
    'echo_fields item 1 is not an object with exactly one key',
  ]);
  expect(jsonPairsProblems('echo_fields', 'not json')).toEqual(['echo_fields is not JSON']);
});

test('payment kinds: card, ACH and wallet are told apart; cardholder_name marks neither', () => {
  expect(paymentKinds(newCardRequest('m-1'))).toEqual(['card']);
  expect(paymentKinds(newAchRequest('m-1'))).toEqual(['ACH']);
  expect(paymentKinds({ merchant_id: 'm-1', payload_walletA_pay: 'x' })).toEqual(['wallet']);
  expect(paymentKinds({ merchant_id: 'm-1', card_id: 'c-1' })).toEqual(['card_id only']);
  expect(paymentKinds({ merchant_id: 'm-1', cardholder_name: 'A' })).toEqual(['none']);
  expect(paymentKinds({ ...newCardRequest('m-1'), ...newAchRequest('m-1') })).toEqual(['card', 'ACH']);
});

test('a vendor request is recognised by the vendor key and must carry its own vendor_id (TOK-5)', () => {
  const vendor = { apiKey: 'vendor_key_9876', vendorId: 90001 };
  const asVendor = (body: Record<string, unknown>) =>
    requestFindings(
      request({
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: `Basic ${apiToken(vendor.apiKey)}`,
        },
        body,
      }),
      { vendor },
    );
  expect(asVendor(newCardRequest('m-1', { vendor_id: 90001 })).findings).toEqual([]);
  expect(asVendor(newCardRequest('m-1')).findings.map((f) => f.ruleId)).toEqual(['TOK-5']);
  expect(asVendor(newCardRequest('m-1', { vendor_id: 12 })).findings[0]?.problems).toEqual([
    "vendor_id is 12, not the integrator's own ID",
  ]);
  // With the merchant key vendor_id is not asked for; with no vendor configured TOK-5 is not judged at all.
  expect(requestFindings(request(), { vendor }).checked).not.toContain('TOK-5');
  const withoutVendor = requestFindings(
    request({
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: `Basic ${apiToken(vendor.apiKey)}`,
      },
    }),
  );
  expect(withoutVendor.checked).not.toContain('TOK-5');
});

test('a tokenize request with nothing to store is observed, not failed: which fields a kind needs is not shown', () => {
  const judged = requestFindings(request({ body: { merchant_id: 'm-1' } }));
  expect(judged.findings).toEqual([]);
  expect(judged.observations.map((o) => o.ruleId)).toEqual(['APP-3']);
});
