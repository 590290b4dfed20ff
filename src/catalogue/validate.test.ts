import { expect, test } from '../testing/fixtures.js';
import { loadSpec } from './spec.js';
import { specSchemaProblems, validateRequest, validateResponse } from './validate.js';

type Examples = Record<string, { value: unknown }>;

function responseExamples(path: string, method: 'get' | 'post' | 'put', status: string): unknown[] {
  const response = loadSpec().paths?.[path]?.[method]?.responses?.[status] as
    { content?: Record<string, { example?: unknown; examples?: Examples }> } | undefined;
  const media = response?.content?.['application/json'];
  return [
    ...(media?.example !== undefined ? [media.example] : []),
    ...Object.values(media?.examples ?? {}).map((e) => e.value),
  ];
}

const goodTokenize = { rcode: '000', rmsg: 'Approved', pg_id: 'a1', card_id: 'c1', card_number: '4111xxxxxx111111' };
const goodListing = {
  code: 0,
  message: 'ok',
  totalPages: 1,
  totalRecords: 1,
  data: [
    {
      customer_id: 'C1',
      rec_id: 1,
      primary_card_number: '4111xxxxxx111111',
      shipping_addresses: [{ shipping_id: 1, shipping_country_code: '840', primary: true }],
      billing_cards: [
        {
          card_number: '4111xxxxxx111111',
          exp_date: '1229',
          verified_date: '20260101120000',
          billing_country_code: '840',
          primary: true,
        },
      ],
    },
  ],
};

test('the spec examples of every response validate', () => {
  const cases: [string, 'get' | 'post' | 'put', 'tokenize' | 'listCustomers' | 'disableWebhook'][] = [
    ['/pg/tokenize', 'post', 'tokenize'],
    ['/platform/vault/customer', 'get', 'listCustomers'],
    ['/platform/webhook/{webhook_id}/disable', 'put', 'disableWebhook'],
  ];
  for (const [path, method, op] of cases) {
    for (const status of ['200', 'default']) {
      const examples = responseExamples(path, method, status);
      expect(examples.length, `${op} ${status} has an example`).toBeGreaterThan(0);
      for (const example of examples) expect(validateResponse(op, example), `${op} ${status}`).toEqual([]);
    }
  }
});

test('good bodies validate, extra fields included', () => {
  expect(validateResponse('tokenize', { ...goodTokenize, surprise: true })).toEqual([]);
  expect(validateResponse('listCustomers', goodListing)).toEqual([]);
  expect(validateResponse('disableWebhook', { code: 0, message: 'ok', data: { message: 'disabled' } })).toEqual([]);
  expect(validateResponse('tokenize', { rcode: '101', rmsg: 'declined' })).toEqual([]);
});

test('each bad payload names the failing pointer', () => {
  const at = (op: Parameters<typeof validateResponse>[0], body: unknown) =>
    validateResponse(op, body).map((f) => f.pointer);
  expect(at('tokenize', { ...goodTokenize, rcode: 0 })).toContain('/rcode');
  expect(at('tokenize', { ...goodTokenize, card_number: '4111111111111111' })).toContain('/card_number');
  expect(at('tokenize', { ...goodTokenize, card_number: '4111xxxx11111' })).toContain('/card_number');
  expect(at('tokenize', { rmsg: 'no code' })).toEqual(['/']);
  const card = goodListing.data[0]!.billing_cards[0]!;
  const withCard = (over: object) => ({
    ...goodListing,
    data: [{ ...goodListing.data[0], billing_cards: [{ ...card, ...over }] }],
  });
  expect(at('listCustomers', withCard({ exp_date: '1329' }))).toContain('/data/0/billing_cards/0/exp_date');
  expect(at('listCustomers', withCard({ verified_date: '2026010112' }))).toContain(
    '/data/0/billing_cards/0/verified_date',
  );
  expect(at('listCustomers', withCard({ billing_country_code: 'US' }))).toContain(
    '/data/0/billing_cards/0/billing_country_code',
  );
  expect(at('listCustomers', withCard({ primary: 'yes' }))).toContain('/data/0/billing_cards/0/primary');
  expect(at('listCustomers', withCard({ card_number: '4111111111111111' }))).toContain(
    '/data/0/billing_cards/0/card_number',
  );
  expect(at('listCustomers', { ...goodListing, totalPages: '1' })).toContain('/totalPages');
  expect(at('listCustomers', { ...goodListing, data: {} })).toContain('/data');
  expect(at('disableWebhook', { code: 0, data: { message: 5 } })).toContain('/data/message');
  expect(at('disableWebhook', { code: '0' })).toContain('/code');
});

test('the tokenize request schema holds the stated formats', () => {
  expect(validateRequest('tokenize', { merchant_id: 'm', card_number: '4111111111111111', exp_date: '1229' })).toEqual(
    [],
  );
  const at = (body: unknown) => validateRequest('tokenize', body).map((f) => f.pointer);
  expect(at({ card_number: '4111111111111111' })).toEqual(['/']);
  // A missing property is named as data: a check tells TOK-7 by it, not by the message's words.
  expect(validateRequest('tokenize', { card_number: '4111111111111111' })[0]?.missing).toBe('merchant_id');
  expect(at({ merchant_id: 'm', exp_date: '13/29' })).toContain('/exp_date');
  expect(at({ merchant_id: 'm', tr_number: '12345' })).toContain('/tr_number');
  expect(at({ merchant_id: 'm', client_ip: '300.1.1.1' })).toContain('/client_ip');
  expect(at({ merchant_id: 'm', vendor_id: '12' })).toContain('/vendor_id');
});

test('every schema the suite validates with is valid JSON Schema 2020-12 (the suite itself skips this check)', () => {
  expect(specSchemaProblems()).toEqual([]);
});
