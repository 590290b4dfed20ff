import { freePort } from '../testing/stand-ins/free-port.js';
import { checkEndpoint } from './check-endpoint.js';
import type { CheckName, EndpointReport } from './findings.js';
import { expect, test } from '../testing/fixtures.js';
import { TEST_CA } from '../testing/certificates.js';

function statuses(report: EndpointReport): Record<string, string> {
  return Object.fromEntries(report.findings.map((f) => [f.check, f.status]));
}

function finding(report: EndpointReport, check: CheckName) {
  return report.findings.find((f) => f.check === check);
}

test('a receiver whose certificate chains to a trusted CA passes every check and gets one JSON test event', async ({
  httpsReceiver,
}) => {
  const receiver = await httpsReceiver('localhost');
  const report = await checkEndpoint(receiver.url, { ca: TEST_CA, timeoutMs: 2_000 });
  expect(statuses(report)).toEqual({ url: 'pass', dns: 'pass', connect: 'pass', tls: 'pass', post: 'pass' });
  expect(report.ok).toBe(true);
  expect(finding(report, 'tls')?.message).toContain('issued by gateway-conformance TEST-ONLY CA');
  expect(receiver.seen).toHaveLength(1);
  expect(receiver.seen[0]).toMatchObject({
    method: 'POST',
    path: '/webhooks/gateway',
    contentType: 'application/json',
  });
  expect(JSON.parse(receiver.seen[0]!.body)).toMatchObject({ event: 'webhook.validation', test: true });
});

const certificateCases = [
  {
    what: 'a self-signed certificate',
    cert: 'self-signed',
    code: 'DEPTH_ZERO_SELF_SIGNED_CERT',
    words: 'self-signed certificate',
  },
  {
    what: 'a certificate for another host name',
    cert: 'other-host',
    code: 'ERR_TLS_CERT_ALTNAME_INVALID',
    words: 'hostname mismatch: the certificate names DNS:other-host.invalid, not 127.0.0.1',
  },
  {
    what: 'an expired certificate',
    cert: 'expired',
    code: 'CERT_HAS_EXPIRED',
    words: 'expired certificate: it was valid until Jan  1 00:00:00 2001 GMT',
  },
] as const;

for (const { what, cert, code, words } of certificateCases) {
  test(`${what} is reported as "${words.split(':')[0]}" and nothing is posted`, async ({ httpsReceiver }) => {
    const receiver = await httpsReceiver(cert);
    const report = await checkEndpoint(receiver.url, { ca: TEST_CA, timeoutMs: 2_000 });
    expect(finding(report, 'tls')).toMatchObject({ status: 'fail', code, message: expect.stringContaining(words) });
    expect(finding(report, 'post')?.status).toBe('skip');
    expect(report.ok).toBe(false);
    expect(receiver.seen).toEqual([]);
  });
}

test('a certificate from a CA nobody trusts is reported as an untrusted chain', async ({ httpsReceiver }) => {
  const receiver = await httpsReceiver('localhost');
  const report = await checkEndpoint(receiver.url, { timeoutMs: 2_000 }); // the test CA not added this time
  expect(finding(report, 'tls')).toMatchObject({
    status: 'fail',
    code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    message: expect.stringContaining('untrusted or incomplete certificate chain'),
  });
});

test('an https URL whose port speaks plain http is reported as having no TLS', async ({ httpReceiver }) => {
  const receiver = await httpReceiver();
  const report = await checkEndpoint(receiver.url.replace('http:', 'https:'), { timeoutMs: 2_000 });
  expect(finding(report, 'tls')).toMatchObject({
    status: 'fail',
    message: expect.stringContaining('no TLS on this port'),
  });
});

test('plain http is refused before any connection, even to loopback, without the explicit flag', async ({
  httpReceiver,
}) => {
  const receiver = await httpReceiver();
  const report = await checkEndpoint(receiver.url, { timeoutMs: 2_000 });
  expect(finding(report, 'url')).toMatchObject({
    status: 'fail',
    code: 'NOT_HTTPS',
    message: expect.stringContaining('--insecure-allow-http-loopback'),
  });
  expect(statuses(report)).toMatchObject({ dns: 'skip', connect: 'skip', tls: 'skip', post: 'skip' });
  expect(receiver.seen).toEqual([]);
});

test('the loopback flag does not let plain http through to any other host', async () => {
  const report = await checkEndpoint('http://merchant.example/webhooks', {
    allowHttpLoopback: true,
    resolve: () => Promise.reject(new Error('must not be called')),
  });
  expect(finding(report, 'url')).toMatchObject({
    status: 'fail',
    code: 'NOT_HTTPS',
    message: expect.stringContaining('serve the endpoint over https'),
  });
});

test('plain http to loopback passes with the flag, TLS marked not applicable', async ({ httpReceiver }) => {
  const receiver = await httpReceiver();
  const report = await checkEndpoint(receiver.url, { allowHttpLoopback: true, timeoutMs: 2_000 });
  expect(statuses(report)).toEqual({ url: 'pass', dns: 'pass', connect: 'pass', tls: 'skip', post: 'pass' });
  expect(report.ok).toBe(true);
});

test('a receiver answering 500 has not acknowledged the delivery', async ({ httpsReceiver }) => {
  const receiver = await httpsReceiver('localhost', (_req, res) => res.writeHead(500).end());
  const report = await checkEndpoint(receiver.url, { ca: TEST_CA, timeoutMs: 2_000 });
  expect(finding(report, 'post')).toMatchObject({
    status: 'fail',
    code: 'HTTP_500',
    message: expect.stringContaining('not acknowledged: answered 500 Internal Server Error'),
  });
});

test('a receiver that never answers fails on the time bound', async ({ httpsReceiver }) => {
  const receiver = await httpsReceiver('localhost', () => {}); // holds the request open
  const started = Date.now();
  const report = await checkEndpoint(receiver.url, { ca: TEST_CA, timeoutMs: 300 });
  expect(finding(report, 'post')).toMatchObject({
    status: 'fail',
    code: 'TIMEOUT',
    message: expect.stringContaining('no answer within 300 ms'),
  });
  expect(Date.now() - started, 'the whole check should end soon after the 300 ms bound').toBeLessThan(2_000);
});

test('a redirect is reported with its target and not followed', async ({ httpsReceiver }) => {
  const receiver = await httpsReceiver('localhost', (_req, res) =>
    res.writeHead(301, { location: 'https://127.0.0.1/elsewhere' }).end(),
  );
  const report = await checkEndpoint(receiver.url, { ca: TEST_CA, timeoutMs: 2_000 });
  expect(finding(report, 'post')).toMatchObject({
    status: 'fail',
    code: 'REDIRECT',
    message: expect.stringContaining('answered 301 Moved Permanently'),
  });
  expect(finding(report, 'post')?.message).toContain(
    ', pointing to https://127.0.0.1/elsewhere. Redirects are not followed',
  );
  expect(receiver.seen).toHaveLength(1);
});

test('a closed port is reported as connection refused', async () => {
  const port = await freePort();
  const report = await checkEndpoint(`https://127.0.0.1:${port}/webhooks`, { timeoutMs: 2_000 });
  expect(finding(report, 'connect')).toMatchObject({
    status: 'fail',
    code: 'ECONNREFUSED',
    message: `connection refused: nothing is listening on 127.0.0.1:${port}. Start the receiver, or check the port in the URL.`,
  });
  expect(statuses(report)).toMatchObject({ tls: 'skip', post: 'skip' });
});

test('a name that does not resolve is reported as a DNS problem', async () => {
  const notFound = Object.assign(new Error('getaddrinfo ENOTFOUND hooks.merchant.example'), { code: 'ENOTFOUND' });
  const report = await checkEndpoint('https://hooks.merchant.example/gateway', {
    resolve: () => Promise.reject(notFound),
  });
  expect(finding(report, 'dns')).toMatchObject({
    status: 'fail',
    code: 'ENOTFOUND',
    message: expect.stringContaining('hooks.merchant.example does not resolve'),
  });
});

test('a name that resolves only to private addresses is unreachable for the gateway', async () => {
  const report = await checkEndpoint('https://hooks.merchant.example/gateway', {
    resolve: async () => [{ address: '10.1.2.3', family: 4 }],
  });
  expect(finding(report, 'dns')).toMatchObject({
    status: 'fail',
    code: 'NOT_PUBLIC',
    message: expect.stringContaining('(10.1.2.3)'),
  });
});
