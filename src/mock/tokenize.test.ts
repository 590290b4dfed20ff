import { MOCK_DEFAULTS } from './defaults.js';
import { expect, test } from '../testing/fixtures.js';
import { expectValid } from '../testing/mock-requests.js';
import { PG_CODES } from './gateway/pg-codes.js';

const merchant_id = MOCK_DEFAULTS.merchantId;
const card = { merchant_id, card_number: '4111111111111111', exp_date: '1230', cvv2: '123' };
const ach = {
  merchant_id,
  cardholder_name: 'Jane Doe',
  tr_number: '011000015',
  dda_number: '000123456789',
  type_id: 'S',
};

/** Issuer test numbers, one per length 13–19 (17 and 18 Luhn-completed in the Visa test range). */
const NUMBERS = [
  '4222222222222',
  '30569309025904',
  '378282246310005',
  '4111111111111111',
  '40000000000000006',
  '400000000000000002',
  '6799990100000000019',
];

test('stores new card data under a new card ID and answers rcode 000 with a masked number', async ({ gateway }) => {
  const res = await gateway.send('POST', '/pg/tokenize', { body: card });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(res.json).toMatchObject({ rcode: '000', card_number: '4111xxxxxx111111' });
  expect(res.json.card_id).toMatch(/^tok_[0-9a-f]{24}$/);
  expect(res.json.pg_id).toMatch(/^pg_[0-9a-f]{20}$/);
  expectValid('tokenize', res.json);
});

test('masks every card length from 13 to 19 as first four, one x per hidden digit, last six', async ({ gateway }) => {
  for (const number of NUMBERS) {
    const res = await gateway.send('POST', '/pg/tokenize', { body: { ...card, card_number: number } });
    expect(res.json.card_number, `masking of a ${number.length}-digit number`).toBe(
      number.slice(0, 4) + 'x'.repeat(number.length - 10) + number.slice(-6),
    );
    expectValid('tokenize', res.json);
  }
});

test('returns echo_fields byte for byte, on success and on failure', async ({ gateway }) => {
  const echo = '[ {"order" : "A-1001"},{"note":"caf\\u00e9 \\"quoted\\""}, {"n": 1e3} ]';
  const ok = await gateway.send('POST', '/pg/tokenize', { body: { ...card, echo_fields: echo } });
  expect(ok.json.echo_fields).toBe(echo);
  const failed = await gateway.send('POST', '/pg/tokenize', { body: { ...card, exp_date: '1330', echo_fields: echo } });
  expect(failed.json).toMatchObject({ rcode: PG_CODES.expDateFormat.rcode, echo_fields: echo });
  expectValid('tokenize', failed.json);
});

test('returns an echo_fields holding an empty array as sent', async ({ gateway }) => {
  for (const echo of ['[]', ' [ ] ']) {
    const res = await gateway.send('POST', '/pg/tokenize', { body: { ...card, echo_fields: echo } });
    expect(res.json).toMatchObject({ rcode: '000', echo_fields: echo });
  }
});

test('an update carrying any one field of card data alone keeps the card ID', async ({ gateway }) => {
  const created = await gateway.send('POST', '/pg/tokenize', { body: card });
  const card_id = created.json.card_id as string;
  const alone = [
    { exp_date: '0833' },
    { cvv2: '456' },
    { avs_address: '2 Update Street' },
    { avs_zip: '10002' },
    { email_address: ['a@example.com'] },
    { card_number: '4111111111111111' },
  ];
  for (const data of alone) {
    const res = await gateway.send('POST', '/pg/tokenize', { body: { merchant_id, card_id, ...data } });
    expect(res.json, Object.keys(data).join()).toMatchObject({
      rcode: '000',
      card_id,
      card_number: '4111xxxxxx111111',
    });
  }
  const stored = await gateway.send('GET', `/__mock/cards/${card_id}`, { key: null });
  expect(stored.json).toMatchObject({ card_id, exp_date: '0833', updates: alone.length });
});

test('1,000 concurrent tokenizations give 1,000 distinct card IDs', async ({ gateway }) => {
  // 12 s on a busy 2-core machine, near the default 30 s at worst: the bound is for a hang, not for speed.
  test.setTimeout(60_000);
  const answers = await Promise.all(
    Array.from({ length: 1000 }, () => gateway.send('POST', '/pg/tokenize', { body: card })),
  );
  expect(answers.filter((a) => a.json.rcode !== '000')).toEqual([]);
  expect(new Set(answers.map((a) => a.json.card_id)).size).toBe(1000);
  expect(new Set(answers.map((a) => a.json.pg_id)).size).toBe(1000);
});

test('an update lands on the stored card and a later update sees it', async ({ gateway }) => {
  const created = await gateway.send('POST', '/pg/tokenize', { body: { ...card, cardholder_name: 'Jane Doe' } });
  const card_id = created.json.card_id as string;

  const first = await gateway.send('POST', '/pg/tokenize', {
    body: { merchant_id, card_id, card_number: '5555555555554444', exp_date: '0631' },
  });
  expect(first.json).toMatchObject({ rcode: '000', card_id, card_number: '5555xxxxxx554444' });
  expectValid('tokenize', first.json);

  // Only exp_date this time: the number from the first update must still be there.
  const second = await gateway.send('POST', '/pg/tokenize', { body: { merchant_id, card_id, exp_date: '0732' } });
  expect(second.json).toMatchObject({ rcode: '000', card_id, card_number: '5555xxxxxx554444' });

  const stored = await gateway.send('GET', `/__mock/cards/${card_id}`, { key: null });
  expect(stored.json).toMatchObject({
    card_id,
    kind: 'card',
    card_number: '5555xxxxxx554444',
    exp_date: '0732',
    cardholder_name: 'Jane Doe',
    updates: 2,
  });
  expect(stored.text, 'the mock keeps no full number or cvv2').not.toMatch(/5555555555554444|"cvv2"/);
});

test('an unknown card_id fails and stores nothing', async ({ gateway }) => {
  const res = await gateway.send('POST', '/pg/tokenize', {
    body: { ...card, card_id: 'tok_000000000000000000000000' },
  });
  expect(res.json).toMatchObject({ rcode: PG_CODES.cardIdUnknown.rcode });
  expect(res.json.pg_id).toEqual(expect.any(String));
  expect(res.json.card_id).toBeUndefined();
  const stored = await gateway.send('GET', '/__mock/cards/tok_000000000000000000000000', { key: null });
  expect(stored.status).toBe(404);
  expectValid('tokenize', res.json);
});

test('a failing update leaves the stored card as it was', async ({ gateway }) => {
  const card_id = (await gateway.send('POST', '/pg/tokenize', { body: card })).json.card_id as string;
  const before = (await gateway.send('GET', `/__mock/cards/${card_id}`, { key: null })).json;
  for (const bad of [
    { merchant_id, card_id, card_number: '5555555555554444', exp_date: '1330' },
    { merchant_id, card_id, card_number: '5555555555554445' },
    { merchant_id, card_id, tr_number: '011000015', dda_number: '1234567' },
    { merchant_id, card_id, card_number: '5555555555554444', cvv2: 12 },
  ]) {
    const res = await gateway.send('POST', '/pg/tokenize', { body: bad });
    expect(res.json.rcode, JSON.stringify(Object.keys(bad))).not.toBe('000');
  }
  expect((await gateway.send('GET', `/__mock/cards/${card_id}`, { key: null })).json).toEqual(before);
});

test('stores ACH data and wallet payloads as their own kinds', async ({ gateway }) => {
  const achRes = await gateway.send('POST', '/pg/tokenize', { body: ach });
  expect(achRes.json.rcode).toBe('000');
  expect(achRes.json.card_number).toBeUndefined();
  expectValid('tokenize', achRes.json);
  const storedAch = await gateway.send('GET', `/__mock/cards/${achRes.json.card_id as string}`, { key: null });
  expect(storedAch.json).toMatchObject({
    kind: 'ach',
    dda_number: 'xxxxxxxx6789',
    type_id: 'S',
    cardholder_name: 'Jane Doe',
  });
  expect(storedAch.text).not.toContain('011000015');

  for (const field of ['payload_walletA_pay', 'payload_walletB_pay']) {
    const res = await gateway.send('POST', '/pg/tokenize', {
      body: { merchant_id, [field]: 'eyJvcGFxdWUiOiJ0b2tlbiJ9' },
    });
    expect(res.json.rcode, field).toBe('000');
    expectValid('tokenize', res.json);
  }
});

test('an update of ACH data or of a wallet payload keeps the card ID and stores the new values', async ({
  gateway,
}) => {
  const achId = (await gateway.send('POST', '/pg/tokenize', { body: ach })).json.card_id as string;
  const achUpdate = await gateway.send('POST', '/pg/tokenize', {
    body: { ...ach, card_id: achId, dda_number: '000987654321', cardholder_name: 'John Roe' },
  });
  expect(achUpdate.json).toMatchObject({ rcode: '000', rmsg: 'Approved: card updated', card_id: achId });
  expect(achUpdate.json.card_number).toBeUndefined();
  expectValid('tokenize', achUpdate.json);
  const storedAch = await gateway.send('GET', `/__mock/cards/${achId}`, { key: null });
  expect(storedAch.json).toMatchObject({
    card_id: achId,
    kind: 'ach',
    dda_number: 'xxxxxxxx4321',
    type_id: 'S',
    cardholder_name: 'John Roe',
    updates: 1,
  });
  expect(storedAch.text, 'the mock keeps no full account or routing number').not.toMatch(/000987654321|011000015/);

  const walletId = (
    await gateway.send('POST', '/pg/tokenize', { body: { merchant_id, payload_walletA_pay: 'eyJhIjoiMSJ9' } })
  ).json.card_id as string;
  const walletUpdate = await gateway.send('POST', '/pg/tokenize', {
    body: { merchant_id, card_id: walletId, payload_walletB_pay: 'eyJiIjoiMiJ9' },
  });
  expect(walletUpdate.json).toMatchObject({ rcode: '000', rmsg: 'Approved: card updated', card_id: walletId });
  const storedWallet = await gateway.send('GET', `/__mock/cards/${walletId}`, { key: null });
  expect(storedWallet.json).toMatchObject({ card_id: walletId, kind: 'wallet', wallet: 'walletB', updates: 1 });
  expect(storedWallet.text, 'the mock keeps no wallet payload').not.toContain('eyJiIjoiMiJ9');
});

test('reads card_swipe track 1 and track 2 data as card data', async ({ gateway }) => {
  const t1 = await gateway.send('POST', '/pg/tokenize', {
    body: { merchant_id, card_swipe: '%B4111111111111111^DOE/JANE^3012101000000000?' },
  });
  expect(t1.json).toMatchObject({ rcode: '000', card_number: '4111xxxxxx111111' });
  const stored = await gateway.send('GET', `/__mock/cards/${t1.json.card_id as string}`, { key: null });
  expect(stored.json).toMatchObject({ exp_date: '1230', cardholder_name: 'DOE/JANE' });
  const t2 = await gateway.send('POST', '/pg/tokenize', {
    body: { merchant_id, card_swipe: ';5555555555554444=31061010000000000?' },
  });
  expect(t2.json).toMatchObject({ rcode: '000', card_number: '5555xxxxxx554444' });
});

test('an integrator with the vendor key and its vendor_id tokenizes for the merchant', async ({ gateway }) => {
  const res = await gateway.send('POST', '/pg/tokenize', {
    key: MOCK_DEFAULTS.vendorApiKey,
    body: { ...ach, vendor_id: MOCK_DEFAULTS.vendorId },
  });
  expect(res.json.rcode).toBe('000');
  expectValid('tokenize', res.json);
});

type Case = { title: string; body: Record<string, unknown>; key?: string; code: keyof typeof PG_CODES; status: number };

const FAILURES: Case[] = [
  {
    title: 'merchant_id missing',
    body: { card_number: '4111111111111111', exp_date: '1230' },
    code: 'merchantMissing',
    status: 400,
  },
  {
    title: 'merchant_id of another merchant',
    body: { ...card, merchant_id: 'someone-else' },
    code: 'merchantMismatch',
    status: 403,
  },
  {
    title: 'vendor key without vendor_id',
    body: card,
    key: MOCK_DEFAULTS.vendorApiKey,
    code: 'vendorMissing',
    status: 400,
  },
  {
    title: 'vendor key with another vendor_id',
    body: { ...card, vendor_id: 1 },
    key: MOCK_DEFAULTS.vendorApiKey,
    code: 'vendorMismatch',
    status: 403,
  },
  {
    title: 'vendor_id with the merchant key',
    body: { ...card, vendor_id: MOCK_DEFAULTS.vendorId },
    code: 'vendorWithMerchantKey',
    status: 403,
  },
  { title: 'no payment information', body: { merchant_id }, code: 'paymentMissing', status: 400 },
  {
    title: 'card and ACH data mixed',
    body: { ...card, tr_number: '011000015', dda_number: '1234567' },
    code: 'paymentKindsMixed',
    status: 400,
  },
  {
    title: 'card and wallet data mixed',
    body: { ...card, payload_walletA_pay: 'x' },
    code: 'paymentKindsMixed',
    status: 400,
  },
  {
    title: 'ACH and wallet data mixed',
    body: { ...ach, payload_walletB_pay: 'x' },
    code: 'paymentKindsMixed',
    status: 400,
  },
  {
    title: 'card_number with a space',
    body: { ...card, card_number: '4111 1111 1111 1111' },
    code: 'cardNumberFormat',
    status: 400,
  },
  {
    title: 'card_number of 12 digits',
    body: { ...card, card_number: '411111111116' },
    code: 'cardNumberFormat',
    status: 400,
  },
  {
    title: 'card_number of 20 digits',
    body: { ...card, card_number: '41111111111111111113' },
    code: 'cardNumberFormat',
    status: 400,
  },
  {
    title: 'card_number failing Luhn',
    body: { ...card, card_number: '4111111111111112' },
    code: 'cardNumberLuhn',
    status: 200,
  },
  { title: 'exp_date month 13', body: { ...card, exp_date: '1330' }, code: 'expDateFormat', status: 400 },
  { title: 'exp_date month 00', body: { ...card, exp_date: '0030' }, code: 'expDateFormat', status: 400 },
  { title: 'exp_date YYMM-looking 5 digits', body: { ...card, exp_date: '12300' }, code: 'expDateFormat', status: 400 },
  { title: 'cvv2 of 2 digits', body: { ...card, cvv2: '12' }, code: 'cvv2Format', status: 400 },
  { title: 'cvv2 of 5 digits', body: { ...card, cvv2: '12345' }, code: 'cvv2Format', status: 400 },
  {
    title: 'unreadable card_swipe',
    body: { merchant_id, card_swipe: 'not track data' },
    code: 'cardSwipeUnreadable',
    status: 400,
  },
  {
    title: 'new card without exp_date',
    body: { merchant_id, card_number: '4111111111111111' },
    code: 'cardIncomplete',
    status: 400,
  },
  {
    title: 'card_number and card_swipe',
    body: { ...card, card_swipe: ';4111111111111111=3012?' },
    code: 'cardSourceTwice',
    status: 400,
  },
  { title: 'tr_number of 8 digits', body: { ...ach, tr_number: '01100001' }, code: 'routingNumberFormat', status: 400 },
  {
    title: 'dda_number with a letter',
    body: { ...ach, dda_number: '12345A' },
    code: 'accountNumberFormat',
    status: 400,
  },
  { title: 'dda_number of 3 digits', body: { ...ach, dda_number: '123' }, code: 'accountNumberFormat', status: 400 },
  { title: 'unknown type_id', body: { ...ach, type_id: 'Q' }, code: 'accountTypeUnknown', status: 400 },
  {
    title: 'ACH without dda_number',
    body: { merchant_id, tr_number: '011000015' },
    code: 'achIncomplete',
    status: 400,
  },
  {
    title: 'both wallet payloads',
    body: { merchant_id, payload_walletA_pay: 'a', payload_walletB_pay: 'b' },
    code: 'walletPayload',
    status: 400,
  },
  { title: 'empty wallet payload', body: { merchant_id, payload_walletA_pay: '' }, code: 'walletPayload', status: 400 },
  {
    title: 'card_id with nothing to update',
    body: { merchant_id, card_id: 'tok_x' },
    code: 'cardIdNothingToUpdate',
    status: 400,
  },
  { title: 'client_ip not IPv4', body: { ...card, client_ip: '256.1.1.1' }, code: 'clientIpFormat', status: 400 },
  {
    title: 'echo_fields not a JSON array',
    body: { ...card, echo_fields: '{"a":1}' },
    code: 'nameValueList',
    status: 400,
  },
  {
    title: 'report_data with a two-key object',
    body: { ...card, report_data: '[{"a":1,"b":2}]' },
    code: 'nameValueList',
    status: 400,
  },
  {
    title: 'email_address without @',
    body: { ...card, email_address: ['jane.example.com'] },
    code: 'emailFormat',
    status: 400,
  },
  { title: 'unknown field', body: { ...card, card_numbr: '4111111111111111' }, code: 'unknownField', status: 400 },
  { title: 'merchant_id as a number', body: { ...card, merchant_id: 1 }, code: 'fieldType', status: 400 },
  {
    title: 'vendor_id as a string',
    body: { ...card, vendor_id: '90001' },
    key: MOCK_DEFAULTS.vendorApiKey,
    code: 'fieldType',
    status: 400,
  },
  { title: 'user_id as a fraction', body: { ...card, user_id: 1.5 }, code: 'fieldType', status: 400 },
  { title: 'single_use as a string', body: { ...card, single_use: 'true' }, code: 'fieldType', status: 400 },
  { title: 'email_address as a string', body: { ...card, email_address: 'a@b.co' }, code: 'fieldType', status: 400 },
  {
    title: 'card_number as a number',
    body: { ...card, card_number: 4111111111111111 },
    code: 'fieldType',
    status: 400,
  },
  { title: 'echo_fields as an array', body: { ...card, echo_fields: [{ a: 1 }] }, code: 'fieldType', status: 400 },
  { title: 'a null field', body: { ...card, cvv2: null }, code: 'fieldType', status: 400 },
];

for (const c of FAILURES) {
  test(`refuses ${c.title} with rcode ${PG_CODES[c.code].rcode}`, async ({ gateway }) => {
    const res = await gateway.send('POST', '/pg/tokenize', { body: c.body, key: c.key });
    expect(res.status).toBe(c.status);
    expect(res.json).toMatchObject({ rcode: PG_CODES[c.code].rcode, rmsg: expect.stringMatching(/\w/) });
    expect(res.json.pg_id).toMatch(/^pg_/);
    expect(res.json.card_id).toBeUndefined();
    expect(res.text, 'a failure never quotes the card number sent').not.toContain('4111111111111111');
    expectValid('tokenize', res.json);
  });
}

test('an update must send the kind the card ID holds', async ({ gateway }) => {
  const card_id = (await gateway.send('POST', '/pg/tokenize', { body: card })).json.card_id as string;
  const res = await gateway.send('POST', '/pg/tokenize', { body: { ...ach, card_id } });
  expect(res.json).toMatchObject({ rcode: PG_CODES.cardIdKind.rcode });
  const named = await gateway.send('POST', '/pg/tokenize', {
    body: { merchant_id, card_id, cardholder_name: 'New Name' },
  });
  expect(named.json).toMatchObject({ rcode: '000', card_id, card_number: '4111xxxxxx111111' });
});
