import { MOCK_DEFAULTS } from '../defaults.js';
import { FAULTS } from './faults.js';
import { expect, test } from '../../testing/fixtures.js';
import { basic, expectValid, send } from '../../testing/mock-requests.js';
import { PG_CODES } from '../gateway/pg-codes.js';
import { PLATFORM_CODES } from '../gateway/platform-codes.js';
import { VARIANTS } from './variants.js';
import { nearMissKeys, type NearMissForm } from '../../transport/near-miss-keys.js';

test('off by default: a user part is refused and totalPages rounds up', async ({ gateway }) => {
  const userPart = await gateway.send('GET', '/platform/vault/customer', {
    authorization: basic(MOCK_DEFAULTS.apiKey, 'someone'),
  });
  expect(userPart.json.code).toBe(PLATFORM_CODES.authUserPart.code);
  expect((await gateway.send('GET', '/platform/vault/customer?count=10')).json.totalPages).toBe(3);
});

test('variant auth-accepts-user-part lets a token with a user part through', async ({ launch }) => {
  const mock = await launch({ variants: ['auth-accepts-user-part'] });
  const res = await send(mock.url, 'GET', '/platform/vault/customer', {
    authorization: basic(MOCK_DEFAULTS.apiKey, 'someone'),
  });
  expect(res.json.code).toBe(0);
});

test('each loose key comparison serves just the near misses it names, of either key, as the party of that key', async ({
  launch,
}) => {
  const served: Record<string, readonly NearMissForm[]> = {
    'key-compared-case-insensitively': ['its letters in the other case'],
    'key-last-char-ignored': ['its last character changed'],
    'key-first-char-ignored': ['its first character changed'],
    'key-extra-char-ignored': [
      'a character added at its end',
      'a character added at its start',
      'a character added in its middle',
    ],
    'key-missing-char-accepted': ['its last character removed', 'its first character removed'],
  };
  for (const [fault, forms] of Object.entries(served)) {
    const mock = await launch({ faults: [fault] });
    for (const [party, key, vendor] of [
      ['merchant', MOCK_DEFAULTS.apiKey, {}],
      ['vendor', MOCK_DEFAULTS.vendorApiKey, { vendor_id: MOCK_DEFAULTS.vendorId }],
    ] as const) {
      for (const { form, key: nearMiss } of nearMissKeys(key)) {
        // An integrator's tokenize names its vendor_id: served only as the integrator, refused as the merchant.
        const res = await send(mock.url, 'POST', '/pg/tokenize', {
          key: nearMiss!,
          body: { merchant_id: MOCK_DEFAULTS.merchantId, card_number: '4111111111111111', exp_date: '1230', ...vendor },
        });
        expect(res.json.rcode === '000', `${fault}: the ${party} key with ${form}`).toBe(forms.includes(form));
      }
    }
  }
});

test('fault vault-total-pages-floor rounds totalPages down', async ({ launch }) => {
  const mock = await launch({ faults: ['vault-total-pages-floor'] });
  expect((await send(mock.url, 'GET', '/platform/vault/customer?count=10')).json.totalPages).toBe(2);
});

test('variant vault-past-end-fails answers a page past the end with a platform failure', async ({ launch }) => {
  const mock = await launch({ variants: ['vault-past-end-fails'] });
  expect((await send(mock.url, 'GET', '/platform/vault/customer?count=10&page=2')).json.code).toBe(0);
  const past = await send(mock.url, 'GET', '/platform/vault/customer?count=10&page=3');
  expect(past.json).toEqual({ code: PLATFORM_CODES.pageInvalid.code, message: 'page 3 is past the last page (2).' });
});

test('variant failures-http-200 answers failures with HTTP 200 and the same body scheme', async ({ launch }) => {
  const mock = await launch({ variants: ['failures-http-200'] });
  const auth = await send(mock.url, 'POST', '/pg/tokenize', { key: null, body: {} });
  expect(auth.status).toBe(200);
  expect(auth.json.rcode).toBe(PG_CODES.authMissing.rcode);
  const missing = await send(mock.url, 'GET', '/platform/nothing');
  expect(missing.status).toBe(200);
  expect(missing.json.code).toBe(PLATFORM_CODES.notFound.code);
});

test('faults and variants change gateway answers only: the control API stays as it is with every one on', async ({
  launch,
}) => {
  const mock = await launch({ faults: FAULTS.map((f) => f.name), variants: VARIANTS.map((v) => v.name) });
  const health = await send(mock.url, 'GET', '/__mock/health');
  expect(health.status).toBe(200);
  expect(health.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(health.text).toBe('{"status":"ok"}');
  const created = await send(mock.url, 'POST', '/__mock/webhooks', {
    body: { notification_url: 'http://127.0.0.1:9/x', webhook_id: 'wh_all' },
  });
  expect(created.status).toBe(201);
  expect(created.json).toMatchObject({ webhook_id: 'wh_all', status: 'active' });
});

test('a variant reshapes only what it names: extra headers, the same body', async ({ launch }) => {
  const plain = await launch();
  const shaped = await launch({ variants: ['extra-headers'] });
  const a = await send(plain.url, 'GET', '/platform/vault/customer?count=1');
  const b = await send(shaped.url, 'GET', '/platform/vault/customer?count=1');
  expect(a.headers.get('x-request-id')).toBeNull();
  expect(b.headers.get('x-request-id')).toMatch(/^rq_/);
  expect(b.json).toEqual(a.json);
});

test("variant unknown-profile-refused takes the merchant's own profile, location and user and refuses any other", async ({
  launch,
}) => {
  const mock = await launch({ variants: ['unknown-profile-refused'] });
  const card = { merchant_id: MOCK_DEFAULTS.merchantId, card_number: '4111111111111111', exp_date: '1230' };
  const own = { profile_id: MOCK_DEFAULTS.profileId, loc_id: MOCK_DEFAULTS.locId, user_id: MOCK_DEFAULTS.userId };
  expect((await send(mock.url, 'POST', '/pg/tokenize', { body: { ...card, ...own } })).json.rcode).toBe('000');
  expect((await send(mock.url, 'POST', '/pg/tokenize', { body: card })).json.rcode).toBe('000');
  for (const other of [{ profile_id: 'default' }, { loc_id: 'store-001' }, { user_id: 1001 }]) {
    const refused = await send(mock.url, 'POST', '/pg/tokenize', { body: { ...card, ...own, ...other } });
    expect(refused.status).toBe(PG_CODES.merchantMismatch.status);
    expect(refused.json.rcode).toBe(PG_CODES.merchantMismatch.rcode);
    expect(refused.json.rmsg).toContain(`${Object.keys(other)[0]} is not a`);
  }
});

test('variant pg-id-repeats answers a card and each update of it with one pg_id; off, every answer has its own', async ({
  launch,
}) => {
  const card = { merchant_id: MOCK_DEFAULTS.merchantId, card_number: '4111111111111111', exp_date: '1230' };
  const pgIdsOf = async (variants: string[]) => {
    const mock = await launch({ variants });
    const first = await send(mock.url, 'POST', '/pg/tokenize', { body: card });
    const update = { merchant_id: card.merchant_id, card_id: first.json.card_id, exp_date: '1131' };
    const updated = await send(mock.url, 'POST', '/pg/tokenize', { body: update });
    const other = await send(mock.url, 'POST', '/pg/tokenize', { body: card });
    for (const answer of [first, updated, other]) expectValid('tokenize', answer.json);
    return [first, updated, other].map((a) => a.json.pg_id);
  };
  const [created, updated, other] = await pgIdsOf(['pg-id-repeats']);
  expect(updated).toBe(created);
  expect(other).not.toBe(created);
  expect(new Set(await pgIdsOf([])).size).toBe(3);
});
