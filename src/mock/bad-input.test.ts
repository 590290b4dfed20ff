import { connect } from 'node:net';
import { MOCK_DEFAULTS } from './defaults.js';
import { expect, test } from '../testing/fixtures.js';
import { basic, type Send } from '../testing/mock-requests.js';
import { PG_CODES } from './gateway/pg-codes.js';
import { PLATFORM_CODES } from './gateway/platform-codes.js';

const merchant_id = MOCK_DEFAULTS.merchantId;
const card = { merchant_id, card_number: '4111111111111111', exp_date: '1230' };
const huge = 'x'.repeat(1024 * 1024 + 10);
const disable = `/platform/webhook/${MOCK_DEFAULTS.webhookId}/disable`;

type Case = {
  title: string;
  method: string;
  path: string;
  send?: Send;
  status: number;
  /** Which scheme the answer must use, and its code by name. */
  pg?: keyof typeof PG_CODES;
  platform?: keyof typeof PLATFORM_CODES;
  allow?: string;
};

const CASES: Case[] = [
  {
    title: 'malformed JSON',
    method: 'POST',
    path: '/pg/tokenize',
    send: { rawBody: '{bad' },
    status: 400,
    pg: 'invalidJson',
  },
  {
    title: 'truncated JSON',
    method: 'POST',
    path: '/pg/tokenize',
    send: { rawBody: '{"merchant_id":' },
    status: 400,
    pg: 'invalidJson',
  },
  {
    title: 'XML sent as JSON',
    method: 'POST',
    path: '/pg/tokenize',
    send: { rawBody: '<tokenize/>' },
    status: 400,
    pg: 'invalidJson',
  },
  {
    title: 'a JSON array body',
    method: 'POST',
    path: '/pg/tokenize',
    send: { rawBody: '[]' },
    status: 400,
    pg: 'notAnObject',
  },
  {
    title: 'a JSON string body',
    method: 'POST',
    path: '/pg/tokenize',
    send: { rawBody: '"card"' },
    status: 400,
    pg: 'notAnObject',
  },
  {
    title: 'a JSON null body',
    method: 'POST',
    path: '/pg/tokenize',
    send: { rawBody: 'null' },
    status: 400,
    pg: 'notAnObject',
  },
  {
    title: 'a JSON number body',
    method: 'POST',
    path: '/pg/tokenize',
    send: { rawBody: '42' },
    status: 400,
    pg: 'notAnObject',
  },
  {
    title: 'an empty JSON body',
    method: 'POST',
    path: '/pg/tokenize',
    send: { rawBody: '', contentType: 'application/json' },
    status: 400,
    pg: 'notAnObject',
  },
  {
    title: 'no content type and no body',
    method: 'POST',
    path: '/pg/tokenize',
    send: {},
    status: 415,
    pg: 'unsupportedMediaType',
  },
  {
    title: 'no content type with a body',
    method: 'POST',
    path: '/pg/tokenize',
    send: { rawBody: JSON.stringify(card), contentType: null },
    status: 415,
    pg: 'unsupportedMediaType',
  },
  {
    title: 'a text/plain body',
    method: 'POST',
    path: '/pg/tokenize',
    send: { rawBody: 'card', contentType: 'text/plain' },
    status: 415,
    pg: 'unsupportedMediaType',
  },
  {
    title: 'a form body',
    method: 'POST',
    path: '/pg/tokenize',
    send: { rawBody: 'merchant_id=x', contentType: 'application/x-www-form-urlencoded' },
    status: 415,
    pg: 'unsupportedMediaType',
  },
  {
    title: 'a body over 1 MiB',
    method: 'POST',
    path: '/pg/tokenize',
    send: { body: { ...card, cardholder_name: huge } },
    status: 413,
    pg: 'bodyTooLarge',
  },
  {
    title: 'a __proto__ key',
    method: 'POST',
    path: '/pg/tokenize',
    send: { rawBody: '{"merchant_id":"m","__proto__":{"admin":true}}' },
    status: 400,
    pg: 'invalidJson',
  },
  {
    title: 'a constructor.prototype key',
    method: 'POST',
    path: '/pg/tokenize',
    send: { rawBody: '{"constructor":{"prototype":{"x":1}}}' },
    status: 400,
    pg: 'invalidJson',
  },
  {
    title: 'a number too big for a double',
    method: 'POST',
    path: '/pg/tokenize',
    send: { rawBody: `{"merchant_id":"${merchant_id}","user_id":1e400}` },
    status: 400,
    pg: 'fieldType',
  },
  {
    title: 'deeply nested arrays',
    method: 'POST',
    path: '/pg/tokenize',
    send: { rawBody: `{"merchant_id":${'['.repeat(5000)}${']'.repeat(5000)}}` },
    status: 400,
    pg: 'fieldType',
  },
  {
    title: 'a 1 MB card number',
    method: 'POST',
    path: '/pg/tokenize',
    send: { body: { ...card, card_number: '4'.repeat(1000 * 1000) } },
    status: 400,
    pg: 'cardNumberFormat',
  },
  { title: 'GET on tokenize', method: 'GET', path: '/pg/tokenize', status: 405, pg: 'methodNotAllowed', allow: 'POST' },
  {
    title: 'PUT on tokenize with a valid body',
    method: 'PUT',
    path: '/pg/tokenize',
    send: { body: card },
    status: 405,
    pg: 'methodNotAllowed',
    allow: 'POST',
  },
  {
    title: 'OPTIONS on tokenize',
    method: 'OPTIONS',
    path: '/pg/tokenize',
    status: 405,
    pg: 'methodNotAllowed',
    allow: 'POST',
  },
  {
    title: 'an unknown /pg/ path',
    method: 'POST',
    path: '/pg/charge',
    send: { body: card },
    status: 404,
    pg: 'notFound',
  },
  {
    title: 'an unknown /pg/ path with malformed JSON',
    method: 'POST',
    path: '/pg/tokenize/extra',
    send: { rawBody: '{bad' },
    status: 404,
    pg: 'notFound',
  },
  {
    title: 'POST on the vault listing',
    method: 'POST',
    path: '/platform/vault/customer',
    send: { body: {} },
    status: 405,
    platform: 'methodNotAllowed',
    allow: 'GET, HEAD',
  },
  { title: 'GET on disable', method: 'GET', path: disable, status: 405, platform: 'methodNotAllowed', allow: 'PUT' },
  {
    title: 'a text/plain body on disable',
    method: 'PUT',
    path: disable,
    send: { rawBody: 'off', contentType: 'text/plain' },
    status: 415,
    platform: 'unsupportedMediaType',
  },
  {
    title: 'malformed JSON on disable',
    method: 'PUT',
    path: disable,
    send: { rawBody: '{"a":' },
    status: 400,
    platform: 'invalidJson',
  },
  {
    title: 'a body over 1 MiB on disable',
    method: 'PUT',
    path: disable,
    send: { body: { huge } },
    status: 413,
    platform: 'bodyTooLarge',
  },
  {
    title: 'a 1,500-character webhook ID',
    method: 'PUT',
    path: `/platform/webhook/${'w'.repeat(1500)}/disable`,
    status: 400,
    platform: 'badRequest',
  },
  {
    title: 'a 10,000-digit count',
    method: 'GET',
    path: `/platform/vault/customer?count=${'9'.repeat(10_000)}`,
    status: 400,
    platform: 'countInvalid',
  },
  {
    title: 'a count with a percent-encoded NUL',
    method: 'GET',
    path: '/platform/vault/customer?count=1%00',
    status: 400,
    platform: 'countInvalid',
  },
  {
    title: 'bad percent-encoding in the path',
    method: 'GET',
    path: '/platform/vault/%E0%A4%A',
    status: 400,
    platform: 'badRequest',
  },
  {
    title: 'an unknown /platform/ path',
    method: 'GET',
    path: '/platform/vault/customers',
    status: 404,
    platform: 'notFound',
  },
  { title: 'the root path', method: 'GET', path: '/', status: 404, platform: 'notFound' },
  {
    title: '/pg without a slash (not the /pg/ family)',
    method: 'POST',
    path: '/pg',
    send: { body: card },
    status: 404,
    platform: 'notFound',
  },
  { title: 'an unknown control path', method: 'GET', path: '/__mock/nothing', status: 404, platform: 'notFound' },
  {
    title: 'POST on health',
    method: 'POST',
    path: '/__mock/health',
    status: 405,
    platform: 'methodNotAllowed',
    allow: 'GET, HEAD',
  },
  {
    title: 'malformed JSON to the control API',
    method: 'POST',
    path: '/__mock/webhooks',
    send: { rawBody: '{' },
    status: 400,
    platform: 'invalidJson',
  },
  {
    title: 'an ftp notification_url',
    method: 'POST',
    path: '/__mock/webhooks',
    send: { body: { notification_url: 'ftp://127.0.0.1/x' } },
    status: 400,
    platform: 'controlInvalid',
  },
  {
    title: 'an unknown control field',
    method: 'POST',
    path: '/__mock/webhooks',
    send: { body: { notification_url: 'http://127.0.0.1:9/', secret: 1 } },
    status: 400,
    platform: 'unknownField',
  },
  {
    title: 'a ttl_seconds string',
    method: 'POST',
    path: `/__mock/webhooks/${MOCK_DEFAULTS.webhookId}/events`,
    send: { body: { event: 'e', ttl_seconds: '10' } },
    status: 400,
    platform: 'controlInvalid',
  },
  {
    title: 'a negative clock advance',
    method: 'POST',
    path: '/__mock/clock/advance',
    send: { body: { seconds: -1 } },
    status: 400,
    platform: 'controlInvalid',
  },
  {
    title: 'ten million customers',
    method: 'POST',
    path: '/__mock/customers',
    send: { body: { count: 10_000_000 } },
    status: 400,
    platform: 'controlInvalid',
  },
  {
    title: 'an unknown card ID',
    method: 'GET',
    path: '/__mock/cards/tok_nothing',
    status: 404,
    platform: 'cardNotFound',
  },
  {
    title: 'an unknown webhook in the control API',
    method: 'GET',
    path: '/__mock/webhooks/wh_nothing',
    status: 404,
    platform: 'webhookNotFound',
  },
];

for (const c of CASES) {
  test(`answers ${c.title} (${c.method} ${c.path.slice(0, 40)}) in the ${c.pg ? 'pg' : 'platform'} scheme with ${c.status}`, async ({
    gateway,
  }) => {
    const res = await gateway.send(c.method, c.path, c.send);
    expect(res.status).toBe(c.status);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.text).not.toMatch(/<html|\bat .*\.ts:\d+/i);
    if (c.pg)
      expect(res.json).toEqual({
        rcode: PG_CODES[c.pg].rcode,
        rmsg: expect.stringMatching(/\w/),
        pg_id: expect.any(String),
      });
    else expect(res.json).toEqual({ code: PLATFORM_CODES[c.platform!].code, message: expect.stringMatching(/\w/) });
    if (c.allow) expect(res.headers.get('allow')).toBe(c.allow);
    expect((await gateway.send('GET', '/__mock/health', { key: null })).json).toEqual({ status: 'ok' });
  });
}

/** For what fetch refuses to send: writes raw bytes and reads until the server closes the connection. */
async function raw(url: string, bytes: string): Promise<{ status: number; body: string; head: string }> {
  const { hostname, port } = new URL(url);
  const text = await new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => socket.end(bytes));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
  const [head = '', body = ''] = text.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), head, body };
}

const RAW: { title: string; bytes: string; status: number }[] = [
  { title: 'a request line that is not HTTP', bytes: 'HELLO\r\n\r\n', status: 400 },
  {
    title: 'headers over the size limit',
    bytes: `GET /platform/vault/customer HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`,
    status: 431,
  },
  {
    title: 'a header with a control character',
    bytes: 'GET /pg/tokenize HTTP/1.1\r\nhost: x\r\nauthorization: Basic \x01\r\n\r\n',
    status: 400,
  },
];

for (const c of RAW) {
  test(`answers ${c.title} with ${c.status} in the platform scheme`, async ({ gateway }) => {
    const res = await raw(gateway.url, c.bytes);
    expect(res.status).toBe(c.status);
    expect(res.head.toLowerCase()).toContain('content-type: application/json; charset=utf-8');
    expect(JSON.parse(res.body)).toEqual({ code: PLATFORM_CODES.badRequest.code, message: expect.any(String) });
    expect((await gateway.send('GET', '/__mock/health', { key: null })).json).toEqual({ status: 'ok' });
  });
}

test('an authenticated request with a bad body never changes what is stored', async ({ launch }) => {
  const mock = await launch();
  const auth = { authorization: basic(MOCK_DEFAULTS.apiKey), 'content-type': 'application/json' };
  const created = (await (
    await fetch(`${mock.url}/pg/tokenize`, { method: 'POST', headers: auth, body: JSON.stringify(card) })
  ).json()) as { card_id: string };
  const snapshot = async () =>
    JSON.stringify(
      [
        await (await fetch(`${mock.url}/__mock/cards/${created.card_id}`)).json(),
        await (await fetch(`${mock.url}/__mock/webhooks/${MOCK_DEFAULTS.webhookId}`)).json(),
        await (await fetch(`${mock.url}/__mock/customers`)).json(),
      ].map((x) => ({ ...(x as object), now: undefined })),
    );
  const before = await snapshot();
  // Every case again, authenticated and naming the stored card: each must still be refused.
  for (const c of CASES)
    await fetch(mock.url + c.path, {
      method: c.method,
      headers: { ...auth, ...(c.send?.contentType ? { 'content-type': c.send.contentType } : {}) },
      body:
        c.method === 'GET' || c.method === 'OPTIONS'
          ? undefined
          : (c.send?.rawBody ?? JSON.stringify({ ...(c.send?.body as object), card_id: created.card_id })),
    }).then(
      (r) => r.text(),
      () => '',
    );
  expect(await snapshot()).toBe(before);
});
