import { MOCK_DEFAULTS } from './defaults.js';
import { expect, test } from '../testing/fixtures.js';
import { expectValid, send, type MockAnswer } from '../testing/mock-requests.js';
import { PLATFORM_CODES } from './gateway/platform-codes.js';

type Queued = { id: string; status: string; attempts: number; expires_at: string; enqueued_at: string };
type View = {
  webhook_id: string;
  status: string;
  queue: Queued[];
  deliveries: { request_id: string; status?: number; error?: string }[];
  log: { what: string; request_id?: string }[];
};

const view = (a: MockAnswer) => a.json as unknown as View;

test.describe('webhooks', () => {
  test('disable answers code 0 with data.message and leaves the webhook inactive', async ({ gateway, receiver }) => {
    const hook = view(
      await gateway.send('POST', '/__mock/webhooks', { key: null, body: { notification_url: (await receiver()).url } }),
    );
    const res = await gateway.send('PUT', `/platform/webhook/${hook.webhook_id}/disable`, {
      contentType: 'application/json',
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ code: 0, message: 'Success', data: { message: `Webhook ${hook.webhook_id} disabled` } });
    expectValid('disableWebhook', res.json);
    expect(view(await gateway.send('GET', `/__mock/webhooks/${hook.webhook_id}`, { key: null })).status).toBe(
      'inactive',
    );

    const again = await gateway.send('PUT', `/platform/webhook/${hook.webhook_id}/disable`, {
      contentType: 'application/json',
    });
    expect(again.json, 'disabling an inactive webhook is idempotent').toMatchObject({ code: 0 });
  });

  test('disabling an unknown webhook answers a platform failure', async ({ gateway }) => {
    const res = await gateway.send('PUT', '/platform/webhook/wh_does_not_exist/disable', {
      contentType: 'application/json',
    });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ code: PLATFORM_CODES.webhookNotFound.code, message: expect.any(String) });
    expectValid('disableWebhook', res.json);
  });

  test('disable takes no body, and a JSON body is ignored', async ({ gateway }) => {
    const hook = view(
      await gateway.send('POST', '/__mock/webhooks', { key: null, body: { notification_url: 'http://127.0.0.1:9/x' } }),
    );
    const res = await gateway.send('PUT', `/platform/webhook/${hook.webhook_id}/disable`, { body: { anything: true } });
    expect(res.json.code).toBe(0);
  });

  test('delivers queued requests as JSON POSTs to the notification_url', async ({ gateway, receiver }) => {
    const r = await receiver();
    const hook = view(await gateway.send('POST', '/__mock/webhooks', { key: null, body: { notification_url: r.url } }));
    const enq = await gateway.send('POST', `/__mock/webhooks/${hook.webhook_id}/events`, {
      key: null,
      body: { event: 'card.updated', payload: { card_id: 'tok_1' }, ttl_seconds: 60 },
    });
    // The first attempt starts as the request joins the queue.
    expect(enq.json).toMatchObject({ accepted: true, request: { status: 'queued', attempts: 1, in_flight: true } });
    const [got] = await r.waitFor(1);
    expect(got!.method).toBe('POST');
    expect(got!.path).toBe('/hook');
    expect(got!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(got!.body)).toMatchObject({
      webhook_id: hook.webhook_id,
      event: 'card.updated',
      payload: { card_id: 'tok_1' },
    });
    const settled = view(await gateway.send('POST', `/__mock/webhooks/${hook.webhook_id}/settle`, { key: null }));
    expect(settled.queue[0]).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(settled.deliveries).toEqual([{ request_id: settled.queue[0]!.id, at: expect.any(String), status: 200 }]);
  });

  test('retries after a 500 on the schedule, posting again when the clock reaches the retry', async ({
    gateway,
    receiver,
  }) => {
    const r = await receiver([500]);
    const hook = view(await gateway.send('POST', '/__mock/webhooks', { key: null, body: { notification_url: r.url } }));
    await gateway.send('POST', `/__mock/webhooks/${hook.webhook_id}/events`, {
      key: null,
      body: { event: 'e', payload: 1, ttl_seconds: 600 },
    });
    await r.waitFor(1);
    const afterFirst = view(await gateway.send('POST', `/__mock/webhooks/${hook.webhook_id}/settle`, { key: null }));
    expect(afterFirst.queue[0]).toMatchObject({ status: 'queued', attempts: 1 });
    // The first retry is due 1 s later on this webhook's clock; move that clock rather than wait.
    await gateway.send('POST', `/__mock/webhooks/${hook.webhook_id}/clock/advance`, {
      key: null,
      body: { seconds: 1 },
    });
    await r.waitFor(2);
    const done = view(await gateway.send('POST', `/__mock/webhooks/${hook.webhook_id}/settle`, { key: null }));
    expect(done.queue[0]).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(done.deliveries.map((d) => d.status)).toEqual([500, 200]);
  });

  test('retries on its own timer when nobody moves the clock', async ({ gateway, receiver }) => {
    const r = await receiver([503]);
    const hook = view(await gateway.send('POST', '/__mock/webhooks', { key: null, body: { notification_url: r.url } }));
    await gateway.send('POST', `/__mock/webhooks/${hook.webhook_id}/events`, {
      key: null,
      body: { event: 'e', ttl_seconds: 600 },
    });
    const received = await r.waitFor(2);
    expect(received[0]!.body).toBe(received[1]!.body);
  });

  test('records connection failures and keeps retrying until the request expires', async ({ gateway }) => {
    const hook = view(
      await gateway.send('POST', '/__mock/webhooks', {
        key: null,
        body: { notification_url: 'http://127.0.0.1:9/nothing' },
      }),
    );
    await gateway.send('POST', `/__mock/webhooks/${hook.webhook_id}/events`, {
      key: null,
      body: { event: 'e', ttl_seconds: 30 },
    });
    const first = view(await gateway.send('POST', `/__mock/webhooks/${hook.webhook_id}/settle`, { key: null }));
    expect(first.deliveries[0]).toMatchObject({ error: expect.stringMatching(/\w/) });
    expect(first.deliveries[0]!.status).toBeUndefined();
    await gateway.send('POST', `/__mock/webhooks/${hook.webhook_id}/clock/advance`, {
      key: null,
      body: { seconds: 31 },
    });
    const expired = view(await gateway.send('POST', `/__mock/webhooks/${hook.webhook_id}/settle`, { key: null }));
    expect(expired.queue[0]!.status).toBe('expired');
    expect(expired.log.map((l) => l.what)).toContain('expired');
  });

  test('while inactive, no new request is added or posted; the refusal is logged', async ({ gateway, receiver }) => {
    const r = await receiver();
    const hook = view(await gateway.send('POST', '/__mock/webhooks', { key: null, body: { notification_url: r.url } }));
    await gateway.send('PUT', `/platform/webhook/${hook.webhook_id}/disable`, { contentType: 'application/json' });
    const enq = await gateway.send('POST', `/__mock/webhooks/${hook.webhook_id}/events`, {
      key: null,
      body: { event: 'e' },
    });
    expect(enq.json).toMatchObject({ accepted: false });
    expect(enq.json.request).toBeUndefined();
    const state = view(await gateway.send('POST', `/__mock/webhooks/${hook.webhook_id}/settle`, { key: null }));
    expect(state.queue).toEqual([]);
    expect(state.log.map((l) => l.what)).toEqual(['disabled', 'refused']);
    expect(r.seen).toEqual([]);
  });

  test('a held request that has not expired is posted again after enable', async ({ gateway, receiver }) => {
    const r = await receiver([500]);
    const hook = view(await gateway.send('POST', '/__mock/webhooks', { key: null, body: { notification_url: r.url } }));
    await gateway.send('POST', `/__mock/webhooks/${hook.webhook_id}/events`, {
      key: null,
      body: { event: 'e', ttl_seconds: 3600 },
    });
    await r.waitFor(1);
    await gateway.send('POST', `/__mock/webhooks/${hook.webhook_id}/settle`, { key: null });
    await gateway.send('PUT', `/platform/webhook/${hook.webhook_id}/disable`, { contentType: 'application/json' });
    // Past the retry time: an active webhook would post now, an inactive one holds.
    const held = view(
      await gateway.send('POST', `/__mock/webhooks/${hook.webhook_id}/clock/advance`, {
        key: null,
        body: { seconds: 120 },
      }),
    );
    expect(held.queue[0]).toMatchObject({ status: 'held', attempts: 1 });
    expect(
      view(await gateway.send('POST', `/__mock/webhooks/${hook.webhook_id}/settle`, { key: null })).queue[0]!.status,
    ).toBe('held');
    expect(r.seen).toHaveLength(1);

    const enabled = view(await gateway.send('POST', `/__mock/webhooks/${hook.webhook_id}/enable`, { key: null }));
    expect(enabled.status).toBe('active');
    await r.waitFor(2);
    const done = view(await gateway.send('POST', `/__mock/webhooks/${hook.webhook_id}/settle`, { key: null }));
    expect(done.queue[0]).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  test('an event refused while inactive is never posted, also after enable; the held request is', async ({
    gateway,
    receiver,
  }) => {
    const r = await receiver([500]);
    const hook = view(await gateway.send('POST', '/__mock/webhooks', { key: null, body: { notification_url: r.url } }));
    await gateway.send('POST', `/__mock/webhooks/${hook.webhook_id}/events`, {
      key: null,
      body: { event: 'before', ttl_seconds: 3600 },
    });
    await r.waitFor(1);
    await gateway.send('POST', `/__mock/webhooks/${hook.webhook_id}/settle`, { key: null });
    await gateway.send('PUT', `/platform/webhook/${hook.webhook_id}/disable`, { contentType: 'application/json' });
    const refused = await gateway.send('POST', `/__mock/webhooks/${hook.webhook_id}/events`, {
      key: null,
      body: { event: 'during' },
    });
    expect(refused.json).toMatchObject({ accepted: false });

    await gateway.send('POST', `/__mock/webhooks/${hook.webhook_id}/enable`, { key: null });
    await r.waitFor(2);
    const done = view(await gateway.send('POST', `/__mock/webhooks/${hook.webhook_id}/settle`, { key: null }));
    expect(done.queue.map((q) => q.status)).toEqual(['delivered']);
    expect(r.seen.map((p) => (JSON.parse(p.body) as { event: string }).event)).toEqual(['before', 'before']);
  });

  test('a held request that expired while inactive is dropped, not posted, after enable', async ({
    gateway,
    receiver,
  }) => {
    const r = await receiver([500]);
    const hook = view(await gateway.send('POST', '/__mock/webhooks', { key: null, body: { notification_url: r.url } }));
    const request = (
      await gateway.send('POST', `/__mock/webhooks/${hook.webhook_id}/events`, {
        key: null,
        body: { event: 'e', ttl_seconds: 60 },
      })
    ).json.request as Queued;
    await r.waitFor(1);
    await gateway.send('POST', `/__mock/webhooks/${hook.webhook_id}/settle`, { key: null });
    await gateway.send('PUT', `/platform/webhook/${hook.webhook_id}/disable`, { contentType: 'application/json' });
    await gateway.send('POST', `/__mock/webhooks/${hook.webhook_id}/clock/advance`, {
      key: null,
      body: { seconds: 61 },
    });
    const enabled = view(await gateway.send('POST', `/__mock/webhooks/${hook.webhook_id}/enable`, { key: null }));
    const done = view(await gateway.send('POST', `/__mock/webhooks/${hook.webhook_id}/settle`, { key: null }));
    expect(enabled.queue[0]).toMatchObject({ id: request.id, status: 'expired', attempts: 1 });
    expect(done.log).toContainEqual(expect.objectContaining({ what: 'expired', request_id: request.id }));
    expect(r.seen).toHaveLength(1);
  });

  test("moving one webhook's clock leaves other webhooks' time alone", async ({ gateway }) => {
    const a = view(
      await gateway.send('POST', '/__mock/webhooks', { key: null, body: { notification_url: 'http://127.0.0.1:9/a' } }),
    );
    const b = view(
      await gateway.send('POST', '/__mock/webhooks', { key: null, body: { notification_url: 'http://127.0.0.1:9/b' } }),
    );
    const aNow = (
      await gateway.send('POST', `/__mock/webhooks/${a.webhook_id}/clock/advance`, {
        key: null,
        body: { seconds: 86_400 },
      })
    ).json.now as string;
    const bNow = (await gateway.send('GET', `/__mock/webhooks/${b.webhook_id}`, { key: null })).json.now as string;
    expect(Date.parse(aNow) - Date.parse(bNow)).toBeGreaterThan(86_000_000);
  });

  test('the shared clock moves every webhook and expires what became due', async ({ launch }) => {
    const mock = await launch();
    const post = (path: string, body: unknown) =>
      fetch(mock.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<Record<string, unknown>>);
    const hook = (await post('/__mock/webhooks', { notification_url: 'http://127.0.0.1:9/x' })) as unknown as View;
    await post(`/__mock/webhooks/${hook.webhook_id}/events`, { event: 'e', ttl_seconds: 10 });
    const before = (await (await fetch(`${mock.url}/__mock/clock`)).json()) as { now: string; offset_seconds: number };
    const after = await post('/__mock/clock/advance', { seconds: 11 });
    expect(after.offset_seconds).toBe(11);
    expect(Date.parse(after.now as string) - Date.parse(before.now)).toBeGreaterThanOrEqual(11_000);
    await mock.settled(hook.webhook_id);
    const state = (await (await fetch(`${mock.url}/__mock/webhooks/${hook.webhook_id}`)).json()) as View;
    expect(state.queue[0]!.status).toBe('expired');
  });

  test('the seeded webhook exists, active, with the default ID', async ({ gateway }) => {
    const list = (await gateway.send('GET', '/__mock/webhooks', { key: null })).json.webhooks as {
      webhook_id: string;
    }[];
    expect(list).toContainEqual(expect.objectContaining({ webhook_id: MOCK_DEFAULTS.webhookId }));
  });
});

test('fault disable-refuses-empty-body answers a bodiless disable as Fastify does, after the key and before the ID', async ({
  launch,
}) => {
  const mock = await launch({ faults: ['disable-refuses-empty-body'] });
  const path = `/platform/webhook/${MOCK_DEFAULTS.webhookId}/disable`;
  const bodiless = await send(mock.url, 'PUT', path, { contentType: 'application/json' });
  expect(bodiless.status).toBe(400);
  expect(bodiless.json).toMatchObject({ statusCode: 400, code: 'FST_ERR_CTP_EMPTY_JSON_BODY' });
  // The same for an ID nobody knows: the parser answers before the ID is read.
  const unknown = await send(mock.url, 'PUT', '/platform/webhook/wh_nobody/disable', {
    contentType: 'application/json',
  });
  expect(unknown.json).toEqual(bodiless.json);
  // The key is judged first, as the mock's authentication runs on the request before its body.
  const noKey = await send(mock.url, 'PUT', path, { key: null, contentType: 'application/json' });
  expect(noKey.json).toMatchObject({ code: PLATFORM_CODES.authMissing.code });
  const withBody = await send(mock.url, 'PUT', path, { body: {} });
  expect(withBody.json).toMatchObject({ code: 0 });
});

test('fault vendor-key-refused-on-disable answers the vendor key on the disable only with HTTP 401, code 401', async ({
  launch,
}) => {
  const mock = await launch({ faults: ['vendor-key-refused-on-disable'] });
  const path = `/platform/webhook/${MOCK_DEFAULTS.webhookId}/disable`;
  const vendor = { key: MOCK_DEFAULTS.vendorApiKey, contentType: 'application/json' };
  const refused = await send(mock.url, 'PUT', path, vendor);
  expect([refused.status, refused.json]).toEqual([401, { code: 401, message: 'Unauthorized' }]);
  expect((await send(mock.url, 'PUT', '/platform/webhook/wh_nobody/disable', vendor)).json).toEqual(refused.json);
  expect((await send(mock.url, 'PUT', path, { contentType: 'application/json' })).json).toMatchObject({ code: 0 });
  const listing = await send(mock.url, 'GET', `/platform/vault/customer?merchant_id=${MOCK_DEFAULTS.merchantId}`, {
    key: MOCK_DEFAULTS.vendorApiKey,
  });
  expect(listing.json).toMatchObject({ code: 0 });
  // A key nobody issued still gets the gateway's own refusal.
  const unissued = await send(mock.url, 'PUT', path, { key: 'nobody', contentType: 'application/json' });
  expect(unissued.json).toMatchObject({ code: PLATFORM_CODES.authUnknownKey.code });
});
