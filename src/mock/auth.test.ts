import { MOCK_DEFAULTS } from './defaults.js';
import { expect, test } from '../testing/fixtures.js';
import { basic, expectValid, type Send } from '../testing/mock-requests.js';
import { PG_CODES } from './gateway/pg-codes.js';
import { PLATFORM_CODES } from './gateway/platform-codes.js';

const merchant_id = MOCK_DEFAULTS.merchantId;

/** The three gateway operations, each as a well-formed request for the merchant (or the integrator). */
const OPERATIONS = [
  {
    id: 'tokenize',
    family: 'pg',
    request: (vendor: boolean): [string, string, Send] => [
      'POST',
      '/pg/tokenize',
      {
        body: {
          merchant_id,
          card_number: '4111111111111111',
          exp_date: '1230',
          ...(vendor && { vendor_id: MOCK_DEFAULTS.vendorId }),
        },
      },
    ],
  },
  {
    id: 'listCustomers',
    family: 'platform',
    request: (): [string, string, Send] => ['GET', `/platform/vault/customer?merchant_id=${merchant_id}`, {}],
  },
  {
    id: 'disableWebhook',
    family: 'platform',
    request: (): [string, string, Send] => [
      'PUT',
      `/platform/webhook/${MOCK_DEFAULTS.webhookId}/disable`,
      { contentType: 'application/json' },
    ],
  },
] as const;

const REJECTED: {
  title: string;
  authorization?: string;
  code: 'authMissing' | 'authMalformed' | 'authUserPart' | 'authUnknownKey';
}[] = [
  { title: 'no Authorization header', code: 'authMissing' },
  { title: 'an empty Authorization header', authorization: '', code: 'authMissing' },
  { title: 'the Bearer scheme', authorization: `Bearer ${MOCK_DEFAULTS.apiKey}`, code: 'authMalformed' },
  { title: 'the key sent unencoded', authorization: `Basic ${MOCK_DEFAULTS.apiKey}`, code: 'authMalformed' },
  { title: 'a token that is not Base 64', authorization: 'Basic ***', code: 'authMalformed' },
  // ":mock_api_key_7f3a9c2e" is 22 bytes, so its token ends in "==".
  {
    title: 'Base 64 without its padding',
    authorization: basic(MOCK_DEFAULTS.apiKey).replace(/=+$/, ''),
    code: 'authMalformed',
  },
  { title: 'Basic with no token', authorization: 'Basic ', code: 'authMalformed' },
  {
    title: 'a token without a colon',
    authorization: `Basic ${Buffer.from(MOCK_DEFAULTS.apiKey).toString('base64')}`,
    code: 'authMalformed',
  },
  {
    title: 'a non-empty user part',
    authorization: basic(MOCK_DEFAULTS.apiKey, MOCK_DEFAULTS.merchantId),
    code: 'authUserPart',
  },
  { title: 'a key the mock did not issue', authorization: basic('mock_api_key_7f3a9c2f'), code: 'authUnknownKey' },
  { title: 'an empty key', authorization: basic(''), code: 'authUnknownKey' },
];

for (const op of OPERATIONS) {
  for (const r of REJECTED) {
    test(`${op.id} rejects ${r.title} in the ${op.family} scheme with 401`, async ({ gateway }) => {
      const [method, path, options] = op.request(false);
      const res = await gateway.send(method, path, {
        ...options,
        ...(r.authorization === undefined ? { key: null } : { authorization: r.authorization }),
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      if (op.family === 'pg') {
        expect(res.json).toEqual({
          rcode: PG_CODES[r.code].rcode,
          rmsg: expect.any(String),
          pg_id: expect.any(String),
        });
      } else {
        expect(res.json).toEqual({ code: PLATFORM_CODES[r.code].code, message: expect.any(String) });
      }
      expect(res.text, 'a rejection never echoes the key').not.toContain(MOCK_DEFAULTS.apiKey);
      expectValid(op.id, res.json);
    });
  }

  for (const who of ['merchant', 'vendor'] as const) {
    test(`${op.id} accepts the ${who} key as Basic base64(":" + key)`, async ({ launch }) => {
      // A private mock, so disabling the seeded webhook cannot disturb other tests.
      const mock = await launch();
      const [method, path, options] = op.request(who === 'vendor');
      const key = who === 'vendor' ? MOCK_DEFAULTS.vendorApiKey : MOCK_DEFAULTS.apiKey;
      const res = await fetch(mock.url + path, {
        method,
        headers: {
          authorization: basic(key),
          accept: 'application/json',
          ...(options.body || options.contentType ? { 'content-type': 'application/json' } : {}),
        },
        body: options.body ? JSON.stringify(options.body) : undefined,
      });
      const json = (await res.json()) as Record<string, unknown>;
      expect(res.status).toBe(200);
      expect(op.family === 'pg' ? json.rcode : json.code).toBe(op.family === 'pg' ? '000' : 0);
      expectValid(op.id, json);
    });
  }
}

test('the Basic scheme name is case-insensitive, as HTTP auth schemes are', async ({ gateway }) => {
  const res = await gateway.send('GET', '/platform/vault/customer', {
    authorization: basic(MOCK_DEFAULTS.apiKey).replace('Basic', 'basic'),
  });
  expect(res.json.code).toBe(0);
});

test('the control API needs no authentication', async ({ gateway }) => {
  const res = await gateway.send('GET', '/__mock/health', { key: null });
  expect(res.json).toEqual({ status: 'ok' });
});
