import { MOCK_DEFAULTS } from './defaults.js';
import { expect, test } from '../testing/fixtures.js';
import { basic } from '../testing/mock-requests.js';
import { PLATFORM_CODES } from './gateway/platform-codes.js';

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

test('reset returns cards, webhooks, clock and customers to the seeded state', async ({ launch }) => {
  const mock = await launch();
  const auth = { authorization: basic(MOCK_DEFAULTS.apiKey), 'content-type': 'application/json' };
  const { card_id } = (await (
    await fetch(`${mock.url}/pg/tokenize`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        merchant_id: MOCK_DEFAULTS.merchantId,
        card_number: '4111111111111111',
        exp_date: '1230',
      }),
    })
  ).json()) as { card_id: string };
  await fetch(`${mock.url}/platform/webhook/${MOCK_DEFAULTS.webhookId}/disable`, { method: 'PUT', headers: auth });
  const extra = (await (
    await fetch(`${mock.url}/__mock/webhooks`, json({ notification_url: 'http://127.0.0.1:9/x' }))
  ).json()) as { webhook_id: string };
  await fetch(`${mock.url}/__mock/customers`, json({ count: 3 }));
  await fetch(`${mock.url}/__mock/clock/advance`, json({ seconds: 100 }));

  expect(await (await fetch(`${mock.url}/__mock/reset`, { method: 'POST' })).json()).toEqual({ status: 'reset' });

  expect((await fetch(`${mock.url}/__mock/cards/${card_id}`)).status).toBe(404);
  expect((await fetch(`${mock.url}/__mock/webhooks/${extra.webhook_id}`)).status).toBe(404);
  expect(await (await fetch(`${mock.url}/__mock/webhooks/${MOCK_DEFAULTS.webhookId}`)).json()).toMatchObject({
    status: 'active',
    queue: [],
    log: [],
  });
  expect(await (await fetch(`${mock.url}/__mock/customers`)).json()).toEqual({ count: MOCK_DEFAULTS.customers });
  expect(await (await fetch(`${mock.url}/__mock/clock`)).json()).toMatchObject({ offset_seconds: 0 });
});

test('reseeding the vault changes totalRecords and keeps records deterministic', async ({ launch }) => {
  const mock = await launch();
  const list = async () =>
    (
      await fetch(`${mock.url}/platform/vault/customer?count=500`, {
        headers: { authorization: basic(MOCK_DEFAULTS.apiKey) },
      })
    ).json() as Promise<{ totalRecords: number; data: unknown[] }>;
  const before = await list();
  expect(await (await fetch(`${mock.url}/__mock/customers`, json({ count: 40 }))).json()).toEqual({ count: 40 });
  const after = await list();
  expect(after.totalRecords).toBe(40);
  expect(after.data.slice(0, 25)).toEqual(before.data);
  await fetch(`${mock.url}/__mock/customers`, json({ count: 0 }));
  expect(await list()).toMatchObject({ totalRecords: 0, totalPages: 0, data: [] });
});

test('creates webhooks with a generated or a chosen ID, and refuses a taken one', async ({ gateway }) => {
  const generated = await gateway.send('POST', '/__mock/webhooks', {
    key: null,
    body: { notification_url: 'http://127.0.0.1:9/g' },
  });
  expect(generated.status).toBe(201);
  expect(generated.json).toMatchObject({
    webhook_id: expect.stringMatching(/^wh_[0-9a-f]{16}$/),
    status: 'active',
    queue: [],
    deliveries: [],
  });
  const id = `wh_chosen_${Date.now()}_${Math.random().toString(36).slice(2)}`;
  const chosen = await gateway.send('POST', '/__mock/webhooks', {
    key: null,
    body: { notification_url: 'http://127.0.0.1:9/c', webhook_id: id },
  });
  expect(chosen.json).toMatchObject({ webhook_id: id, notification_url: 'http://127.0.0.1:9/c' });
  const taken = await gateway.send('POST', '/__mock/webhooks', {
    key: null,
    body: { notification_url: 'http://127.0.0.1:9/c', webhook_id: id },
  });
  expect(taken.status).toBe(409);
  expect(taken.json).toMatchObject({ code: PLATFORM_CODES.webhookExists.code });
  const listed = (await gateway.send('GET', '/__mock/webhooks', { key: null })).json.webhooks;
  expect(listed).toContainEqual({ webhook_id: id, notification_url: 'http://127.0.0.1:9/c', status: 'active' });
});

test('shows the active faults and variants', async ({ launch }) => {
  const mock = await launch({ faults: ['vault-total-pages-floor'], variants: ['failures-http-200'] });
  expect(await (await fetch(`${mock.url}/__mock/behaviour`)).json()).toEqual({
    faults: ['vault-total-pages-floor'],
    variants: ['failures-http-200'],
  });
});
