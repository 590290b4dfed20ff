import { X509Certificate } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { checkServerIdentity, type PeerCertificate } from 'node:tls';
import { expect, test } from '../testing/fixtures.js';
import { probeTarget } from '../preflight/probe-target.js';
import { sendRequest } from './http/http-request.js';
import type { Exchange } from './exchange.js';
import { madeUpExchange } from '../testing/made-up/exchange.js';
import { certificate, serverIdentity } from '../testing/certificates.js';
import {
  authorizationOutOfForm,
  OVERSIZED_AUTHORIZATION,
  refusedInFront,
  whoAnswered,
  whoFailed,
  type Answered,
} from './who-answered.js';

const html = { 'content-type': 'text/html' };
const json = { 'content-type': 'application/json' };

async function listening<S extends Server>(server: S): Promise<S & { url: (scheme: string) => string }> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return Object.assign(server, {
    url: (scheme: string) => `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`,
  });
}

const failureOf = (url: string) =>
  sendRequest(url, { method: 'GET', headers: {}, timeoutMs: 3_000 }).then(
    () => undefined,
    (e: unknown) => e,
  );

test("2xx and 4xx answers are the gateway's, with or without the family scheme: the rules judge them", () => {
  expect(whoAnswered({ status: 200, headers: json, text: '{"rcode":"000"}' }, '/pg/tokenize')).toEqual({
    by: 'gateway',
  });
  expect(whoAnswered({ status: 201, headers: {}, text: '' }, '/pg/tokenize')).toEqual({ by: 'gateway' });
  expect(whoAnswered({ status: 400, headers: html, text: '<html>Bad Request</html>' }, '/pg/tokenize')).toEqual({
    by: 'gateway',
  });
  expect(whoAnswered({ status: 401, headers: {}, text: '' }, '/platform/vault/customer')).toEqual({ by: 'gateway' });
});

/** Section 5.3's token of a key, as the suite builds it. */
const token = (key: string) => Buffer.from(`:${key}`, 'utf8').toString('base64');
const base64 = (bytes: string | Buffer) => Buffer.from(bytes).toString('base64');
const KEY = 'mock_api_key_7f3a9c2e';

test("an Authorization header in section 5.4's form is in no intermediary's way: only the gateway refuses it", () => {
  // The longest section 5 token that keeps "Basic " and it within the size limit: 4,088 characters of Base 64.
  const longestKey = 'k'.repeat(((OVERSIZED_AUTHORIZATION - 'Basic '.length) >> 2) * 3 - 1);
  const inForm: [string, string | undefined][] = [
    ['no header (AUTH-1: the gateway refuses it)', undefined],
    ['an empty header, read as none', ''],
    ['the section 5 token', `Basic ${token(KEY)}`],
    ['a well-formed token of a key never issued', `Basic ${token(`${KEY}x`)}`],
    ['the empty key', `Basic ${token('')}`],
    // RFC 7617's user-pass, with a user part: section 5 leaves serving it open, and it is no shape to refuse.
    ['the merchant ID as user part (section 5.6)', `Basic ${base64(`mock-merchant-0001:${KEY}`)}`],
    ['the key as user part, the colon after it', `Basic ${base64(`${KEY}:`)}`],
    ['a colon among bytes that are not UTF-8 (another charset)', `Basic ${base64(Buffer.from([0xff, 0x3a, 0xfe]))}`],
    ['a header just under the size limit', `Basic ${token(longestKey)}`],
  ];
  expect(`Basic ${token(longestKey)}`.length).toBe(OVERSIZED_AUTHORIZATION - 2);
  for (const [what, header] of inForm) expect(authorizationOutOfForm(header), what).toBeUndefined();
});

test("an Authorization header out of section 5.4's form is the kind an intermediary refuses on its shape alone", () => {
  const outOfForm: [string, string, string][] = [
    ['another scheme', `Bearer ${token(KEY)}`, 'the scheme is not Basic'],
    ['Digest', 'Digest username="x"', 'the scheme is not Basic'],
    ['no scheme, the token alone', token(KEY), 'the header is not a scheme, a space and a token'],
    ['no space after the scheme', `Basic${token(KEY)}`, 'the header is not a scheme, a space and a token'],
    // Section 5.4: "Basic followed by a space and the token". HTTP lets a server read more; a layer in front need not.
    ['the scheme in lower case', `basic ${token(KEY)}`, 'the scheme is written "basic", not "Basic"'],
    ['the scheme in capitals', `BASIC ${token(KEY)}`, 'the scheme is written "BASIC", not "Basic"'],
    ['two spaces after the scheme', `Basic  ${token(KEY)}`, '2 spaces follow the scheme, not one'],
    ['two spaces before the empty key (seed 33619797)', `Basic  ${token('')}`, '2 spaces follow the scheme, not one'],
    ['the scheme with no token', 'Basic', 'the header is not a scheme, a space and a token'],
    ['the scheme and a space, no token', 'Basic ', 'the token is not Base 64'],
    ['the key sent unencoded, outside the alphabet', `Basic ${KEY}`, 'the token is not Base 64'],
    ['the colon and key unencoded', `Basic :${KEY}`, 'the token is not Base 64'],
    ['characters outside the alphabet', 'Basic !!not*base64!!', 'the token is not Base 64'],
    ['Base 64 without its padding', `Basic ${token('a').replace(/=+$/, '')}`, 'the token is not Base 64'],
    ['padding in the middle', 'Basic ab=cdefg', 'the token is not Base 64'],
    ['a URL-safe alphabet', 'Basic ab-_', 'the token is not Base 64'],
    // RFC 7617 builds the credential as user-id ":" password: decoded, a token without the colon is none.
    ['the key encoded without its colon', `Basic ${base64(KEY)}`, 'the decoded token has no colon'],
    ['the token encoded twice', `Basic ${base64(token(KEY))}`, 'the decoded token has no colon'],
    ['a key that happens to be Base 64, sent unencoded', 'Basic abcd1234ABCD', 'the decoded token has no colon'],
    [
      'the token written in hex digits',
      `Basic ${Buffer.from(`:${KEY}`).toString('hex')}`,
      'the decoded token has no colon',
    ],
    ['a full-width colon (U+FF1A) before the key', `Basic ${base64(`\uff1a${KEY}`)}`, 'the decoded token has no colon'],
    [
      'bytes that are not UTF-8, no colon among them',
      `Basic ${base64(Buffer.from([0xff, 0xfe, 0xfd]))}`,
      'the decoded token has no colon',
    ],
    ['a tab after the scheme', `Basic\t${token(KEY)}`, 'the header carries control characters'],
    ['a line feed', `Basic ${token(KEY)}\n`, 'the header carries control characters'],
    ['a NUL', `Basic ${token(KEY)}\u0000`, 'the header carries control characters'],
    ['DEL', `Basic ${token(KEY)}\u007f`, 'the header carries control characters'],
    // A repeated field reaches the exchange joined by ", " (RFC 9110 5.3; the proxy joins it so).
    ['the header sent twice', `Basic ${token(KEY)}, Basic ${token(KEY)}`, 'the token is not Base 64'],
    [
      'a header over the size limit, its token Base 64',
      `Basic ${'A'.repeat(OVERSIZED_AUTHORIZATION - 4)}`,
      `the header is over ${OVERSIZED_AUTHORIZATION} bytes`,
    ],
  ];
  for (const [what, header, why] of outOfForm) expect(authorizationOutOfForm(header), what).toBe(why);
});

test('the reason never repeats the header: the key a header carries stays out of every report', () => {
  const headers = [
    `Bearer ${KEY}`,
    KEY,
    `Basic ${KEY}`,
    `Basic :${KEY}`,
    `${KEY} ${KEY}`,
    // Decoded, these are the key and the token: neither may come back in the reason.
    `Basic ${base64(KEY)}`,
    `Basic ${base64(token(KEY))}`,
  ];
  for (const header of headers) {
    const reason = authorizationOutOfForm(header);
    const what = header.replace(KEY, '<key>');
    expect(reason, what).toBeDefined();
    for (const secret of [KEY, token(KEY), base64(KEY), header.slice('Basic '.length)])
      expect(reason, what).not.toContain(secret);
  }
});

/** An answer to tokenize (/pg/) or the listing (/platform/), to a request carrying `authorization`. */
const exchangeOf = (
  family: 'pg' | 'platform',
  authorization: string | undefined,
  status: number,
  text: string,
  headers: Record<string, string> = html,
) => madeUpExchange(family, status, text, { headers, authorization });

test('a 4xx in neither scheme to a header out of form was refused in front of the gateway, with who refused it', () => {
  const waf = { 'content-type': 'text/html; charset=utf-8', server: 'CloudFront' };
  const cloudFront = {
    name: 'Amazon CloudFront',
    mark: 'Server: CloudFront',
    source: 'https://repost.aws/knowledge-center/cloudfront-troubleshoot-403-errors',
  };
  expect(refusedInFront(exchangeOf('pg', `Bearer ${KEY}`, 403, '<html>403 ERROR</html>', waf))).toEqual({
    layer: cloudFront,
    outOfForm: 'the scheme is not Basic',
    status: 403,
    type: 'text/html',
    server: 'CloudFront',
  });
  expect(refusedInFront(exchangeOf('platform', 'Basic !!', 400, '', {}))).toEqual({
    outOfForm: 'the token is not Base 64',
    status: 400,
    type: 'no content-type',
    server: '(none)',
  });
  expect(refusedInFront(exchangeOf('platform', 'Basic !!', 403, '{"message":"Forbidden"}', json))).toMatchObject({
    status: 403,
  });
  expect(refusedInFront(exchangeOf('pg', `Basic ${base64(token(KEY))}`, 403, '<html>403 ERROR</html>', waf))).toEqual({
    layer: cloudFront,
    outOfForm: 'the decoded token has no colon',
    status: 403,
    type: 'text/html',
    server: 'CloudFront',
  });
});

/** The headers AWS API Gateway's authorizer answers an unknown key with: its gateway response, never the backend's. */
const AUTHORIZER = {
  'content-type': 'application/json',
  'x-amzn-errortype': 'UnauthorizedException',
  'x-amzn-requestid': '7b1c9a40-0000-4000-8000-000000000000',
};

test("a 4xx in neither scheme carrying a front layer's own mark was made in front of the gateway, whatever was sent", () => {
  const apiGateway = {
    name: 'AWS API Gateway',
    mark: 'x-amzn-ErrorType: UnauthorizedException',
    source: 'https://docs.aws.amazon.com/apigateway/latest/developerguide/customize-gateway-responses.html',
  };
  for (const family of ['pg', 'platform'] as const) {
    for (const authorization of [`Basic ${token(`${KEY}x`)}`, undefined]) {
      expect(refusedInFront(exchangeOf(family, authorization, 401, '{"message":"Unauthorized"}', AUTHORIZER))).toEqual({
        layer: apiGateway,
        status: 401,
        type: 'application/json',
        server: '(none)',
      });
    }
  }
  // Server: CloudFront on a page to a well-formed header: CloudFront's own (a geographic block, an AWS WAF rule).
  const cloudFront = { 'content-type': 'text/html', server: 'CloudFront' };
  expect(
    refusedInFront(exchangeOf('pg', `Basic ${token(KEY)}`, 403, '<html>403 ERROR</html>', cloudFront))?.layer?.name,
  ).toBe('Amazon CloudFront');
  const challenge = {
    'content-type': 'text/html',
    server: 'cloudflare',
    'cf-ray': '8f0c-AMS',
    'cf-mitigated': 'challenge',
  };
  expect(
    refusedInFront(exchangeOf('platform', `Basic ${token(KEY)}`, 403, '<html>Just a moment...</html>', challenge))
      ?.layer?.name,
  ).toBe('Cloudflare');
});

test("an answer carrying its family's indicator is the gateway's, whatever front layer's mark it also carries", () => {
  const marked = { ...AUTHORIZER, server: 'CloudFront', 'cf-mitigated': 'challenge' };
  expect(
    refusedInFront(exchangeOf('pg', `Basic ${token(`${KEY}x`)}`, 401, '{"rcode":"102","rmsg":"x"}', marked)),
  ).toBeUndefined();
  expect(refusedInFront(exchangeOf('platform', undefined, 401, '{"code":1002,"message":"x"}', marked))).toBeUndefined();
  expect(refusedInFront(exchangeOf('platform', `Bearer ${KEY}`, 401, '{"rcode":"102"}', marked))).toBeUndefined();
});

test("what a CDN puts on every answer it passes through names no layer: the gateway's own 4xx behind it is judged", () => {
  // A gateway behind CloudFront or Cloudflare answers through it: via, x-amz-cf-id, x-cache, server: cloudflare and
  // cf-ray ride on its answers too, so they never tell who made one (pg-failure-html-400, platform-failure-empty-400).
  const throughCloudFront = {
    'content-type': 'text/html',
    via: '1.1 0a1b2c3d.cloudfront.net (CloudFront)',
    'x-amz-cf-id': 'Xnf6ygZTpg4uDWhXkLKSnQ==',
    'x-amz-cf-pop': 'AMS1-C1',
    'x-cache': 'Error from cloudfront',
    server: 'nginx',
  };
  const throughCloudflare = { server: 'cloudflare', 'cf-ray': '8f0c1a2b3c4d-AMS', 'cf-cache-status': 'DYNAMIC' };
  const cases: [string, Exchange][] = [
    [
      'an HTML 400 through CloudFront',
      exchangeOf('pg', `Basic ${token(KEY)}`, 400, '<html>400</html>', throughCloudFront),
    ],
    ['an empty 400 through Cloudflare', exchangeOf('platform', `Basic ${token(KEY)}`, 400, '', throughCloudflare)],
    ['no header, an empty 401 through Cloudflare', exchangeOf('platform', undefined, 401, '', throughCloudflare)],
    [
      'a Cloudflare header of another value',
      exchangeOf('pg', `Basic ${token(KEY)}`, 403, '', { 'cf-mitigated': 'none' }),
    ],
  ];
  for (const [what, exchange] of cases) expect(refusedInFront(exchange), what).toBeUndefined();
});

test("the gateway's own refusals are never in front of it: a header in form, none, its scheme, or no 4xx", () => {
  const page = '<html>403 Forbidden</html>';
  const cases: [string, Exchange][] = [
    ['a well-formed token of an unknown key', exchangeOf('pg', `Basic ${token(`${KEY}x`)}`, 403, page)],
    ['no Authorization header', exchangeOf('platform', undefined, 401, '')],
    ['the section 5 token', exchangeOf('pg', `Basic ${token(KEY)}`, 400, page)],
    ['its own scheme', exchangeOf('pg', `Bearer ${KEY}`, 401, '{"rcode":"102","rmsg":"x"}', json)],
    [
      'its own scheme, to a token without the colon',
      exchangeOf('platform', `Basic ${base64(KEY)}`, 401, '{"code":1002,"message":"x"}', json),
    ],
    ['its own indicator of another type', exchangeOf('platform', `Bearer ${KEY}`, 401, '{"code":"1004"}', json)],
    ['the other family scheme (ERR-3)', exchangeOf('pg', `Bearer ${KEY}`, 401, '{"code":1004}', json)],
    ['a 2xx', exchangeOf('pg', `Bearer ${KEY}`, 200, page)],
    ['a 5xx (infrastructure, never judged)', exchangeOf('pg', `Bearer ${KEY}`, 503, page)],
  ];
  for (const [what, exchange] of cases) expect(refusedInFront(exchange), what).toBeUndefined();
});

test("a 5xx carrying its family's result scheme is the gateway's: the document shows no HTTP status", () => {
  const pg = { status: 500, headers: json, text: '{"rcode":"102","rmsg":"Invalid card"}' };
  const platform = { status: 503, headers: json, text: '{"code":1050,"message":"busy"}' };
  expect(whoAnswered(pg, '/pg/tokenize')).toEqual({ by: 'gateway' });
  expect(whoAnswered(platform, '/platform/vault/customer')).toEqual({ by: 'gateway' });
});

test("a 5xx without its family's scheme is infrastructure; a 503 and a 429 were not processed, other 5xx may have been", () => {
  const cases: [number, string, string, Answered['by'], 'no' | 'unknown'][] = [
    [503, '<html><h1>503 Service Temporarily Unavailable</h1></html>', '/pg/tokenize', 'infrastructure', 'no'],
    [502, '{"message":"Internal server error"}', '/pg/tokenize', 'infrastructure', 'unknown'],
    [500, '{"rcode":"102"}', '/platform/vault/customer', 'infrastructure', 'unknown'], // the other family's scheme is not this one's
    [500, '{"code":"500"}', '/platform/vault/customer', 'infrastructure', 'unknown'], // a string code is no platform scheme
    [429, '', '/pg/tokenize', 'infrastructure', 'no'],
  ];
  for (const [status, text, path, by, processed] of cases) {
    expect(whoAnswered({ status, headers: json, text }, path), `${status} ${text}`).toMatchObject({ by, processed });
  }
  expect(
    whoAnswered({ status: 502, headers: json, text: '{"message":"Internal server error"}' }, '/pg/tokenize'),
  ).toEqual({
    by: 'infrastructure',
    processed: 'unknown',
    problem:
      'answered HTTP 502 without the /pg/ rcode (an intermediary\'s answer, application/json: {"message":"Internal server error"})',
  });
});

test('an egress proxy asking for its own credentials (407) is configuration naming HTTPS_PROXY / HTTP_PROXY', () => {
  const answered = whoAnswered({ status: 407, headers: { 'proxy-authenticate': 'Basic' }, text: '' }, '/pg/tokenize');
  const naming = expect.stringContaining('HTTPS_PROXY / HTTP_PROXY (http://user:password@proxy:port)');
  expect(answered).toMatchObject({ by: 'configuration', problem: naming });
  const tunnelRefused = (status: number) =>
    Object.assign(new Error(`the proxy p:3128 refused the tunnel to gw:443: HTTP ${status}`), {
      code: 'ERR_PROXY_TUNNEL',
      statusCode: status,
    });
  const tunnel = tunnelRefused(407);
  expect(whoFailed(tunnel, new URL('https://gw/pg/tokenize'))).toEqual(answered);
  const refused = tunnelRefused(403);
  expect(whoFailed(refused, new URL('https://gw/pg/tokenize'))).toMatchObject({
    by: 'infrastructure',
    processed: 'no',
  });
});

test("a redirect, and nginx's answer to plain http on its TLS port, are configuration naming PG_BASE_URL", () => {
  expect(
    whoAnswered({ status: 301, headers: { location: 'https://gw.example/pg/tokenize' }, text: '' }, '/pg/tokenize'),
  ).toMatchObject({
    by: 'configuration',
    problem: expect.stringMatching(
      /^PG_BASE_URL is not where the operations are served: .* redirecting to https:\/\/gw\.example\//,
    ),
  });
  const nginx = '<html><center>The plain HTTP request was sent to HTTPS port</center></html>';
  expect(whoAnswered({ status: 400, headers: html, text: nginx }, '/pg/tokenize')).toMatchObject({
    by: 'configuration',
    problem: expect.stringContaining('use https:// in PG_BASE_URL'),
  });
});

test("https:// against a plain-http port is configuration, in webhook:check's words", async () => {
  const plain = await listening(createServer((_, res) => res.end('{}')));
  const url = new URL(`${plain.url('https')}/pg/tokenize`);
  expect(whoFailed(await failureOf(url.toString()), url)).toEqual({
    by: 'configuration',
    problem:
      `PG_BASE_URL uses https:// but ${url.host} has no TLS on this port: the server answered, but not with TLS. ` +
      'Is it serving plain http here? Use http:// in PG_BASE_URL, or the port that serves https.',
  });
  plain.close();
});

test('http:// against a TLS port is configuration: the probe asks the port for a handshake after its reset', async () => {
  const tls = await listening(createTlsServer(serverIdentity('localhost'), (_, res) => res.end('{}')));
  expect(await probeTarget(tls.url('http'), 3_000)).toEqual({
    kind: 'configuration',
    problem: expect.stringMatching(
      /^PG_BASE_URL uses http:\/\/ but 127\.0\.0\.1:\d+ speaks TLS .*: use https:\/\/ in PG_BASE_URL\.$/,
    ),
  });
  tls.close();
});

test('a certificate no trusted authority signed is configuration naming NODE_EXTRA_CA_CERTS, self-signed or not', async () => {
  for (const cert of ['self-signed', 'localhost'] as const) {
    const tls = await listening(createTlsServer(serverIdentity(cert), (_, res) => res.end('{}')));
    const url = new URL(`${tls.url('https')}/platform/vault/customer`);
    const answered = whoFailed(await failureOf(url.toString()), url);
    const naming = expect.stringContaining('give Node its authority with NODE_EXTRA_CA_CERTS=<ca.pem>');
    expect(answered, cert).toMatchObject({ by: 'configuration', problem: naming });
    tls.close();
  }
});

test('a certificate for another host name is configuration naming the names it covers and PG_BASE_URL', () => {
  const cert = new X509Certificate(certificate('other-host')).toLegacyObject() as PeerCertificate;
  const mismatch = checkServerIdentity('gw.example', cert);
  expect(whoFailed(mismatch, new URL('https://gw.example/pg/tokenize'))).toEqual({
    by: 'configuration',
    problem:
      'the certificate of gw.example names DNS:other-host.invalid, not gw.example: ' +
      'set PG_BASE_URL to a host name the certificate covers.',
  });
});

test('a host name that does not resolve is configuration; a DNS server that did not answer yet is infrastructure', async () => {
  const url = new URL('https://no-such-gateway.invalid/pg/tokenize');
  const naming = expect.stringMatching(/^PG_BASE_URL names a host that does not resolve/);
  expect(whoFailed(await failureOf(url.toString()), url)).toMatchObject({ by: 'configuration', problem: naming });
  const later = Object.assign(new Error('getaddrinfo EAI_AGAIN gw.example'), {
    code: 'EAI_AGAIN',
    hostname: 'gw.example',
  });
  expect(whoFailed(later, new URL('https://gw.example/pg/tokenize'))).toMatchObject({
    by: 'infrastructure',
    processed: 'no',
  });
});

test('no answer at all is infrastructure: refused was never delivered, a reset or a time-out may have been', async () => {
  const closed = await listening(createServer());
  const url = new URL(`${closed.url('http')}/pg/tokenize`);
  await new Promise((r) => closed.close(r));
  expect(whoFailed(await failureOf(url.toString()), url)).toEqual({
    by: 'infrastructure',
    problem: 'connection refused',
    processed: 'no',
  });
  const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
  expect(whoFailed(reset, url)).toEqual({
    by: 'infrastructure',
    problem: 'the connection was reset',
    processed: 'unknown',
  });
  expect(whoFailed(new DOMException('timed out', 'TimeoutError'), url)).toMatchObject({
    by: 'infrastructure',
    processed: 'unknown',
  });
});

test('a body cut short after a valid answer header is infrastructure of unknown outcome', async () => {
  const cut = await listening(
    createServer((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"rcode":"0');
      setImmediate(() => res.socket?.destroy());
    }),
  );
  const url = new URL(`${cut.url('http')}/pg/tokenize`);
  expect(whoFailed(await failureOf(url.toString()), url)).toMatchObject({ by: 'infrastructure', processed: 'unknown' });
  cut.close();
});
