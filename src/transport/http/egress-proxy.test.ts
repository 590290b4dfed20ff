import { createServer } from 'node:http';
import type { Socket } from 'node:net';
import { expect, test } from '../../testing/fixtures.js';
import { isLoopback } from './dispatchers.js';
import { sendRequest } from './http-request.js';
import { transportProblem } from '../target-unavailable.js';
import { whoFailed } from '../who-answered.js';
import { egressProxy, listening, port, setProxyVariables } from '../../testing/egress-proxy.js';

test('an http target through HTTP_PROXY is asked in absolute form, with Proxy-Authorization from the proxy URL', async () => {
  const proxy = await egressProxy();
  let authorization: string | undefined;
  proxy.server.prependListener('request', (req) => (authorization = req.headers['proxy-authorization']));
  const origin = await listening(
    createServer((req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ host: req.headers.host, path: req.url })),
    ),
  );
  const restoreProxyVariables = setProxyVariables(proxy.url.replace('http://', 'http://user:p%40ss@'));
  try {
    const answer = await sendRequest(`http://gateway.invalid:${port(origin)}/platform/vault/customer?count=1`, {
      method: 'GET',
      headers: {},
      timeoutMs: 5_000,
    });
    expect(JSON.parse(answer.text)).toEqual({
      host: `gateway.invalid:${port(origin)}`,
      path: '/platform/vault/customer?count=1',
    });
    expect(proxy.seen).toEqual([`GET http://gateway.invalid:${port(origin)}/platform/vault/customer?count=1`]);
    expect(authorization).toBe(`Basic ${Buffer.from('user:p@ss').toString('base64')}`);
  } finally {
    restoreProxyVariables();
    proxy.server.close();
    origin.close();
  }
});

test(
  'a proxy that asks for credentials at the tunnel is a configuration error naming HTTPS_PROXY, never ' +
    'an answer of the gateway',
  async () => {
    const refusing = await listening(createServer());
    refusing.on('connect', (_req, client: Socket) =>
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\ncontent-length: 0\r\n\r\n'),
    );
    const url = `http://127.0.0.1:${port(refusing)}`;
    const restoreProxyVariables = setProxyVariables(url);
    try {
      const error = await sendRequest('https://gateway.invalid/platform/vault/customer', {
        method: 'GET',
        headers: {},
        timeoutMs: 5_000,
      }).catch((e: unknown) => e);
      expect(transportProblem(error)).toBe(
        `the proxy 127.0.0.1:${port(refusing)} refused the tunnel to gateway.invalid:443: HTTP 407`,
      );
      const answered = whoFailed(error, new URL('https://gateway.invalid/platform/vault/customer'));
      expect(answered).toMatchObject({ by: 'configuration', problem: expect.stringContaining('HTTPS_PROXY') });
    } finally {
      restoreProxyVariables();
      refusing.close();
    }
  },
);

test('a proxy that asks for credentials on an http target (absolute form) is the same configuration error', async () => {
  const refusing = await listening(
    createServer((_req, res) => res.writeHead(407, { 'proxy-authenticate': 'Basic realm="egress"' }).end('no')),
  );
  const url = `http://127.0.0.1:${port(refusing)}`;
  const restoreProxyVariables = setProxyVariables(url);
  try {
    const error = await sendRequest('http://gateway.invalid:8080/platform/vault/customer', {
      method: 'GET',
      headers: {},
      timeoutMs: 5_000,
    }).catch((e: unknown) => e);
    const answered = whoFailed(error, new URL('http://gateway.invalid:8080/platform/vault/customer'));
    expect(answered).toMatchObject({
      by: 'configuration',
      problem: expect.stringContaining('HTTPS_PROXY / HTTP_PROXY'),
    });
  } finally {
    restoreProxyVariables();
    refusing.close();
  }
});

test('loopback targets (the embedded mock) always go direct, whatever the proxy variables say', async () => {
  for (const host of ['127.0.0.1', 'localhost', '[::1]', '127.1.2.3', 'mock.localhost', '[::ffff:127.0.0.1]'])
    expect(isLoopback(new URL(`http://${host}:4010/`).hostname), host).toBe(true);
  for (const host of ['gateway.example', '10.0.0.1', '[2001:db8::1]', 'localhost.example'])
    expect(isLoopback(new URL(`http://${host}/`).hostname), host).toBe(false);
  const proxy = await egressProxy();
  const origin = await listening(createServer((_req, res) => res.end('{}')));
  const restoreProxyVariables = setProxyVariables(proxy.url);
  try {
    for (const host of ['127.0.0.1', 'localhost']) {
      const answer = await sendRequest(`http://${host}:${port(origin)}/x`, {
        method: 'GET',
        headers: {},
        timeoutMs: 5_000,
      });
      expect(answer.status).toBe(200);
    }
    expect(proxy.seen).toEqual([]);
  } finally {
    restoreProxyVariables();
    proxy.server.close();
    origin.close();
  }
});
