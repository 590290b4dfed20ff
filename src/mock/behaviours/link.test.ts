import { Agent, request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { MOCK_DEFAULTS } from '../defaults.js';
import { expect, test } from '../../testing/fixtures.js';
import { basic, send } from '../../testing/mock-requests.js';
import { authorizationOutOfForm } from '../../transport/who-answered.js';
import { RATE_LIMIT, TokenBucket } from './link/rate-limit.js';
import { SHORT_KEEP_ALIVE_S } from './link/short-keep-alive.js';
import { SLOW_LINK_MS, SLOW_TOKENIZE_MS } from './link/slow-link.js';
import { TOKENIZE_LIMIT } from './link/operation-limit.js';
import { blockedAuthorization } from './link/waf.js';

test('a token bucket lets a burst through, then one request per refill interval', () => {
  const bucket = new TokenBucket(20, 2);
  const t0 = performance.now();
  expect(bucket.take(t0)).toBe(true);
  expect(bucket.take(t0)).toBe(true);
  expect(bucket.take(t0)).toBeCloseTo(50, 0);
  expect(bucket.take(t0 + 50)).toBe(true);
});

test('variant rate-limited answers 429 with Retry-After beyond the burst, and leaves the control API alone', async ({
  launch,
}) => {
  const mock = await launch({ variants: ['rate-limited'] });
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: 100 }, () => send(mock.url, 'GET', '/platform/vault/customer?count=1')),
  );
  const seconds = (performance.now() - started) / 1000;
  const refused = answers.filter((a) => a.status === 429);
  const served = answers.filter((a) => a.status === 200).length;
  expect(served + refused.length).toBe(100);
  expect(served).toBeGreaterThanOrEqual(RATE_LIMIT.burst);
  expect(served).toBeLessThanOrEqual(RATE_LIMIT.burst + Math.ceil(seconds * RATE_LIMIT.perSecond));
  // On a loaded machine 100 requests may trickle in slowly enough to pass; quickly, some must be refused.
  if (seconds < 2) expect(refused.length).toBeGreaterThan(1);
  const retryAfter = refused.map((a) => a.headers.get('retry-after') ?? '');
  if (refused.length > 1) {
    expect(retryAfter).toContain('1');
    expect(retryAfter.some((r) => !Number.isNaN(Date.parse(r)))).toBe(true);
    expect(refused[0]!.json).toEqual({ error: 'rate limit exceeded', limit: '20 requests per second' });
  }
  expect((await send(mock.url, 'GET', '/__mock/health')).status).toBe(200);
});

test('variant slow-link answers gateway requests 150 ms late', async ({ launch }) => {
  const mock = await launch({ variants: ['slow-link'] });
  const started = performance.now();
  expect((await send(mock.url, 'GET', '/platform/vault/customer?count=1')).json.code).toBe(0);
  expect(performance.now() - started).toBeGreaterThanOrEqual(SLOW_LINK_MS - 5);
});

test('variant tokenize-limited refuses /pg/ beyond its limit with an rcode body, and leaves the listing alone', async ({
  launch,
}) => {
  const mock = await launch({ variants: ['tokenize-limited'] });
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: 30 }, () => send(mock.url, 'POST', '/pg/tokenize', { body: {} })),
  );
  const seconds = (performance.now() - started) / 1000;
  const refused = answers.filter((a) => a.status === 429);
  expect(answers.length - refused.length).toBeLessThanOrEqual(
    TOKENIZE_LIMIT.burst + Math.ceil(seconds * TOKENIZE_LIMIT.perSecond),
  );
  expect(refused.length).toBeGreaterThan(0);
  expect(refused[0]!.headers.get('retry-after')).toBe('1');
  expect(refused[0]!.json).toEqual({ rcode: '429', rmsg: 'too many requests' });
  const listings = await Promise.all(
    Array.from({ length: 30 }, () => send(mock.url, 'GET', '/platform/vault/customer?count=1')),
  );
  expect(listings.filter((a) => a.status === 429)).toEqual([]);
});

test('variant slow-tokenize answers /pg/ 1.2 s late and the listing at once', async ({ launch }) => {
  const mock = await launch({ variants: ['slow-tokenize'] });
  let started = performance.now();
  await send(mock.url, 'POST', '/pg/tokenize', { body: {} });
  expect(performance.now() - started).toBeGreaterThanOrEqual(SLOW_TOKENIZE_MS - 5);
  started = performance.now();
  expect((await send(mock.url, 'GET', '/platform/vault/customer?count=1')).json.code).toBe(0);
  expect(performance.now() - started).toBeLessThan(SLOW_TOKENIZE_MS);
});

test('variant gzip-answers compresses what the client accepts gzip for; fetch reads the same JSON', async ({
  launch,
}) => {
  const mock = await launch({ variants: ['gzip-answers'] });
  const answer = await send(mock.url, 'GET', '/platform/vault/customer?count=2', {
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(answer.headers.get('content-encoding')).toBe('gzip');
  expect(answer.json.code).toBe(0);
  const plain = await send(mock.url, 'GET', '/platform/vault/customer?count=2', {
    headers: { 'accept-encoding': 'identity' },
  });
  expect(plain.headers.get('content-encoding')).toBeNull();
});

test('variant connection-close closes after every gateway answer', async ({ launch }) => {
  const mock = await launch({ variants: ['connection-close'] });
  const answer = await send(mock.url, 'GET', '/platform/vault/customer?count=1');
  expect(answer.headers.get('connection')).toBe('close');
  expect(answer.json.code).toBe(0);
});

test('variant reads-503-once refuses every fourth distinct read once, and never a write', async ({ launch }) => {
  const mock = await launch({ variants: ['reads-503-once'] });
  const first = await send(mock.url, 'GET', '/platform/vault/customer?count=1');
  expect(first.status).toBe(503);
  expect(first.headers.get('retry-after')).toBe('1');
  expect((await send(mock.url, 'GET', '/platform/vault/customer?count=1')).status).toBe(200);
  const writes = await Promise.all(
    Array.from({ length: 8 }, () => send(mock.url, 'POST', '/pg/tokenize', { body: {} })),
  );
  expect(writes.map((w) => w.status)).not.toContain(503);
});

test('variant chunked-trickle streams the answer chunked, without content-length', async ({ launch }) => {
  const mock = await launch({ variants: ['chunked-trickle'] });
  const answer = await send(mock.url, 'GET', '/platform/vault/customer?count=3');
  expect(answer.headers.get('transfer-encoding')).toBe('chunked');
  expect(answer.headers.get('content-length')).toBeNull();
  expect((answer.json.data as unknown[]).length).toBe(3);
});

test('variant chunked-trickle keeps non-ASCII text intact across its pieces', async ({ launch }) => {
  const mock = await launch({ variants: ['chunked-trickle'] });
  // Shifting the text by one unit at a time moves the cuts, so some fall inside a surrogate pair.
  for (let shift = 0; shift < 6; shift++) {
    const echo = JSON.stringify([{ note: `${'a'.repeat(shift)}${'🙂'.repeat(60)} ünïcødé` }]);
    const body = {
      merchant_id: 'mock-merchant-0001',
      card_number: '4111111111111111',
      exp_date: '1229',
      echo_fields: echo,
    };
    const answer = await send(mock.url, 'POST', '/pg/tokenize', { body });
    expect(answer.headers.get('transfer-encoding')).toBe('chunked');
    expect(answer.json.echo_fields).toBe(echo);
  }
});

test(
  'variant reset-on-reuse resets a gateway request on a kept-alive connection after its first, unread; ' +
    'a new connection is served',
  async ({ launch }) => {
    const mock = await launch({ variants: ['reset-on-reuse'] });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string) =>
      new Promise<{ status?: number; reused: boolean }>((resolve, reject) => {
        const req = httpRequest(`${mock.url}${path}`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode, reused: req.reusedSocket }));
        });
        req.on('error', (error: NodeJS.ErrnoException) =>
          req.reusedSocket && error.code === 'ECONNRESET' ? resolve({ reused: true }) : reject(error),
        );
        req.end();
      });
    try {
      expect(await get('/__mock/health')).toEqual({ status: 200, reused: false });
      expect(await get('/__mock/health'), 'the control API is left alone').toEqual({ status: 200, reused: true });
      expect(await get('/platform/vault/customer?count=1'), 'reset, no answer').toEqual({ reused: true });
      expect(await get('/platform/vault/customer?count=1'), 'a new connection is served').toEqual({
        status: 401,
        reused: false,
      });
    } finally {
      agent.destroy();
    }
  },
);

test('variant short-keep-alive announces its 2 s idle time-out after max= and closes idle connections then', async ({
  launch,
}) => {
  const mock = await launch({ variants: ['short-keep-alive'] });
  const agent = new Agent({ keepAlive: true, timeout: 60_000 });
  try {
    const closed = await new Promise<{ header?: string; idleMs: number }>((resolve, reject) => {
      const req = httpRequest(`${mock.url}/platform/vault/customer?count=1`, { agent }, (res) => {
        const socket = res.socket;
        res.resume();
        res.on('end', () => {
          const answered = performance.now();
          socket.once('close', () =>
            resolve({ header: String(res.headers['keep-alive']), idleMs: performance.now() - answered }),
          );
        });
      });
      req.on('error', reject);
      req.end();
    });
    expect(closed.header).toBe(`max=100, timeout=${SHORT_KEEP_ALIVE_S}`);
    expect(closed.idleMs).toBeGreaterThan(SHORT_KEEP_ALIVE_S * 1000 - 1_000);
    expect(closed.idleMs).toBeLessThan(SHORT_KEEP_ALIVE_S * 1000 + 2_000);
  } finally {
    agent.destroy();
  }
});

const EDGES = [
  ['lb-blip-503', 503, '503 Service Temporarily Unavailable'],
  ['api-gateway-502', 502, '{"message":"Internal server error"}'],
] as const;
for (const [variant, status, text] of EDGES) {
  test(`variant ${variant} answers every 25th gateway request itself, whatever its method, not in the gateway's scheme`, async ({
    launch,
  }) => {
    const mock = await launch({ variants: [variant] });
    const statuses: number[] = [];
    for (let i = 1; i <= 24; i++)
      statuses.push((await send(mock.url, 'GET', '/platform/vault/customer?count=1')).status);
    const blip = await send(mock.url, 'POST', '/pg/tokenize', { body: { merchant_id: 'm' } });
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(blip.status).toBe(status);
    expect(blip.text).toContain(text);
    expect(blip.json.rcode).toBeUndefined();
    expect((await send(mock.url, 'GET', '/platform/vault/customer?count=1')).status).toBe(200);
  });
}

test('variant cut-after-header closes every 25th gateway answer after a valid header and two bytes of body', async ({
  launch,
}) => {
  const mock = await launch({ variants: ['cut-after-header'] });
  for (let i = 1; i <= 24; i++)
    expect((await send(mock.url, 'GET', '/platform/vault/customer?count=1')).status).toBe(200);
  const cut = await new Promise<{ status: number; error: string }>((resolve) => {
    const req = httpRequest(`${mock.url}/platform/vault/customer?count=1`, { agent: new Agent() }, (res) => {
      res.on('data', () => undefined);
      res.on('error', (e) => resolve({ status: res.statusCode ?? 0, error: e.message }));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, error: 'none' }));
    });
    req.end();
  });
  expect(cut).toEqual({ status: 200, error: 'aborted' });
});

test(
  'variant waf-blocks-malformed-auth answers a malformed Authorization header with its own HTML 403; ' +
    'a well-formed one, whatever its key, and none reach the gateway',
  async ({ launch }) => {
    const mock = await launch({ variants: ['waf-blocks-malformed-auth'] });
    const key = MOCK_DEFAULTS.apiKey;
    const listing = '/platform/vault/customer?count=1';
    for (const authorization of [
      `Bearer ${key}`,
      basic(key).slice('Basic '.length),
      `Basic ${key}`,
      'Basic !!not*base64!!',
      `Basic\t${basic(key).slice('Basic '.length)}`,
      `Basic ${'A'.repeat(5_000)}`,
    ]) {
      const answer = await send(mock.url, 'GET', listing, { authorization });
      expect(answer.status, authorization.slice(0, 12)).toBe(403);
      expect(answer.headers.get('content-type')).toBe('text/html');
      expect(answer.headers.get('server')).toBe('CloudFront');
      expect(answer.text).toContain('Request blocked');
    }
    // Sent twice: one value each time, well-formed, as a client that adds its own header to a preset one does.
    const twice = await new Promise<number | undefined>((resolve, reject) => {
      // Raw headers: Node adds no Host of its own to them.
      const host = new URL(mock.url).host;
      const headers = ['host', host, 'authorization', basic(key), 'authorization', basic(key)];
      const req = httpRequest(`${mock.url}${listing}`, { headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      });
      req.on('error', reject);
      req.end();
    });
    expect(twice, 'the header sent twice').toBe(403);
    expect((await send(mock.url, 'GET', listing)).json.code, 'the section 5 token').toBe(0);
    expect((await send(mock.url, 'GET', listing, { key: `${key}x` })).json.code, 'an unknown key').not.toBe(0);
    expect((await send(mock.url, 'GET', listing, { key: null })).json.code, 'no header').not.toBe(0);
    expect(
      (await send(mock.url, 'GET', listing, { authorization: basic(key).replace('Basic', 'basic') })).status,
    ).not.toBe(403);
    expect((await send(mock.url, 'GET', '/__mock/health', { authorization: 'Bearer x' })).status).toBe(200);
  },
);

const base64 = (bytes: string | Buffer) => Buffer.from(bytes).toString('base64');

/** The same listing, sent with the one Authorization field named twice (raw headers: Node adds no Host of its own). */
function statusSentTwice(url: string, path: string, authorization: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const headers = ['host', new URL(url).host, 'authorization', authorization, 'authorization', authorization];
    const req = httpRequest(`${url}${path}`, { headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end();
  });
}

test(
  'variant waf-refuses-malformed-credentials also answers a Basic token without the colon, or not padded, with its ' +
    "HTML 403; RFC 7617's credentials, whatever their key or user part, reach the gateway",
  async ({ launch }) => {
    const mock = await launch({ variants: ['waf-refuses-malformed-credentials'] });
    const key = MOCK_DEFAULTS.apiKey;
    const token = basic(key).slice('Basic '.length);
    const listing = '/platform/vault/customer?count=1';
    for (const [what, authorization] of [
      ['the key encoded without its colon', `Basic ${base64(key)}`],
      ['the token encoded twice', `Basic ${base64(token)}`],
      ['the token in hex digits', `Basic ${Buffer.from(`:${key}`).toString('hex')}`],
      ['the token without its padding', `Basic ${token.replace(/=+$/, '')}`],
      ['another scheme', `Bearer ${key}`],
      ['the key unencoded', `Basic ${key}`],
      ['a tab after the scheme', `Basic\t${token}`],
      ['over 4 KB', `Basic ${base64(`:${'k'.repeat(4_000)}`)}`],
    ]) {
      const answer = await send(mock.url, 'GET', listing, { authorization });
      expect(answer.status, what).toBe(403);
      expect(answer.headers.get('content-type'), what).toBe('text/html');
      expect(answer.text, what).toContain('Request blocked');
    }
    expect(await statusSentTwice(mock.url, listing, basic(key)), 'the header sent twice').toBe(403);
    expect((await send(mock.url, 'GET', listing)).json.code, 'the section 5 token').toBe(0);
    for (const [what, authorization] of [
      ['an unknown key', basic(`${key}x`)],
      ['the empty key', basic('')],
      ['the merchant ID as user part', basic(key, MOCK_DEFAULTS.merchantId)],
      ['the key as user part, the colon after it', `Basic ${base64(`${key}:`)}`],
      ['a colon among bytes that are not UTF-8', `Basic ${base64(Buffer.from([0xff, 0x3a, 0xfe]))}`],
      ['two spaces after the scheme', `Basic  ${token}`],
    ]) {
      const answer = await send(mock.url, 'GET', listing, { authorization });
      expect(answer.status, what).toBe(401);
      expect(answer.json.code, what).toEqual(expect.any(Number));
    }
    expect((await send(mock.url, 'GET', listing, { key: null })).json.code, 'no header').not.toBe(0);
  },
);

test(
  'variant waf-refuses-inexact-authorization answers anything but "Basic", one space and the token with its HTML 403, ' +
    'the scheme in another case and two spaces included; the exact form, whatever its key, and none reach the gateway',
  async ({ launch }) => {
    const mock = await launch({ variants: ['waf-refuses-inexact-authorization'] });
    const key = MOCK_DEFAULTS.apiKey;
    const token = basic(key).slice('Basic '.length);
    const listing = '/platform/vault/customer?count=1';
    for (const [what, authorization] of [
      ['the scheme in lower case', `basic ${token}`],
      ['the scheme in capitals', `BASIC ${token}`],
      ['two spaces after the scheme', `Basic  ${token}`],
      ['two spaces before the empty key', `Basic  ${basic('').slice('Basic '.length)}`],
      ['the key encoded without its colon', `Basic ${base64(key)}`],
      ['the token without its padding', `Basic ${token.replace(/=+$/, '')}`],
      ['another scheme', `Bearer ${key}`],
      ['a tab after the scheme', `Basic\t${token}`],
    ]) {
      const answer = await send(mock.url, 'GET', listing, { authorization });
      expect(answer.status, what).toBe(403);
      expect(answer.headers.get('server'), what).toBe('CloudFront');
      expect(answer.text, what).toContain('Request blocked');
    }
    expect(await statusSentTwice(mock.url, listing, basic(key)), 'the header sent twice').toBe(403);
    expect((await send(mock.url, 'GET', listing)).json.code, 'the section 5 token').toBe(0);
    for (const [what, authorization] of [
      ['an unknown key', basic(`${key}x`)],
      ['the empty key', basic('')],
      ['the merchant ID as user part', basic(key, MOCK_DEFAULTS.merchantId)],
    ]) {
      const answer = await send(mock.url, 'GET', listing, { authorization });
      expect(answer.json.code, what).toEqual(expect.any(Number));
    }
    expect((await send(mock.url, 'GET', listing, { key: null })).json.code, 'no header').not.toBe(0);
  },
);

test(
  'variant api-gateway-authorizer answers no header and an unknown key with its own 401 and x-amzn-errortype in ' +
    'both families; issued keys, and headers it cannot parse, reach the gateway',
  async ({ launch }) => {
    const mock = await launch({ variants: ['api-gateway-authorizer'] });
    const key = MOCK_DEFAULTS.apiKey;
    const body = { merchant_id: MOCK_DEFAULTS.merchantId, card_number: '4111111111111111', exp_date: '1230' };
    for (const [what, options] of [
      ['no header', { key: null }],
      ['an unknown key', { key: `${key}x` }],
      ['the empty key', { key: '' }],
      ['the key as user part, the colon after it', { authorization: `Basic ${base64(`${key}:`)}` }],
    ] as const) {
      for (const [method, path] of [
        ['GET', '/platform/vault/customer?count=1'],
        ['POST', '/pg/tokenize'],
      ] as const) {
        const answer = await send(mock.url, method, path, { ...options, ...(method === 'POST' ? { body } : {}) });
        expect(answer.status, `${what} ${path}`).toBe(401);
        expect(answer.text, `${what} ${path}`).toBe('{"message":"Unauthorized"}');
        expect(answer.headers.get('x-amzn-errortype'), what).toBe('UnauthorizedException');
        expect(answer.headers.get('x-amzn-requestid'), what).toMatch(/^[0-9a-f-]{36}$/);
        expect(answer.headers.get('content-type'), what).toMatch(/^application\/json/);
      }
    }
    const listing = '/platform/vault/customer?count=1';
    expect((await send(mock.url, 'GET', listing)).json.code, 'the merchant key').toBe(0);
    expect(
      (await send(mock.url, 'GET', listing, { key: MOCK_DEFAULTS.vendorApiKey })).json.code,
      'the vendor key',
    ).toBe(0);
    const malformed = await send(mock.url, 'GET', listing, { authorization: `Bearer ${key}` });
    expect(malformed.headers.get('x-amzn-errortype'), 'a header it cannot parse').toBeNull();
    expect(malformed.json.code, 'a header it cannot parse').toEqual(expect.any(Number));
    expect((await send(mock.url, 'GET', '/__mock/health', { key: null })).status).toBe(200);
  },
);

test(
  "the WAFs' readings against the suite's line (who-answered.ts): the exact one refuses exactly the headers out of " +
    'form, the RFC 7617 one and the coarse one only headers out of form, and none ever knows a key',
  () => {
    const key = MOCK_DEFAULTS.apiKey;
    const token = fc.oneof(
      fc.uint8Array({ maxLength: 24 }).map((bytes) => base64(Buffer.from(bytes))),
      fc.uint8Array({ maxLength: 24 }).map((bytes) => base64(Buffer.from(bytes)).replace(/=+$/, '')),
      fc.string({ unit: fc.constantFrom(...'AZaz09+/=:-_ '), maxLength: 16 }),
      fc.constantFrom(base64(`:${key}`), base64(key), base64(base64(`:${key}`)), key, `:${key}`, ''),
    );
    const header = fc.oneof(
      fc
        .tuple(
          fc.constantFrom('Basic', 'basic', 'BASIC', 'Bearer', 'Digest', ''),
          fc.constantFrom(' ', '  ', '', '\t'),
          token,
        )
        .map(([scheme, space, t]) => `${scheme}${space}${t}`),
      fc.string({ maxLength: 12 }),
      fc.constant(`Basic ${base64(`:${'k'.repeat(3_100)}`)}`),
    );
    const disagreements = fc.sample(header, { numRuns: 2_000, seed: 42 }).flatMap((value) => {
      const outOfForm = authorizationOutOfForm(value) !== undefined;
      const exact = blockedAuthorization([value], 'exact') === outOfForm ? [] : [`exact: ${value}`];
      const strict = blockedAuthorization([value], 'credentials') && !outOfForm ? [`credentials: ${value}`] : [];
      const coarse = blockedAuthorization([value], 'alphabet') && !outOfForm ? [`alphabet: ${value}`] : [];
      return [...exact, ...strict, ...coarse];
    });
    expect(disagreements).toEqual([]);
    // Sent twice, a field reaches the suite's exchange joined by ", " (RFC 9110 5.3) and the WAF as two fields.
    const twice = basic(key);
    expect(authorizationOutOfForm(`${twice}, ${twice}`)).toBeDefined();
    expect(blockedAuthorization([twice, twice], 'exact')).toBe(true);
    expect(blockedAuthorization([twice, twice], 'credentials')).toBe(true);
    expect(blockedAuthorization([twice, twice], 'alphabet')).toBe(true);
  },
);
