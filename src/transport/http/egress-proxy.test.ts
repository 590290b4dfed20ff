import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { createServer as createTlsServer } from 'node:tls';
import { expect, test } from '@playwright/test';
import { ruleGrep } from '../../cli/cli-args.js';
import { mockCredentialsAsTarget } from '../../config/child-env.js';
import { startMock } from '../../mock/start.js';
import { runConformance } from '../../safety/run-conformance.js';
import { sendRequest } from './http-request.js';
import { transportProblem } from '../target-unavailable.js';
import { whoFailed } from '../who-answered.js';

const FIXTURES = join('src', 'webhook-check', 'fixtures');
const port = (s: { address(): AddressInfo | string | null }) => (s.address() as AddressInfo).port;
const listening = <T extends { listen(port: number, host: string, cb: () => void): unknown }>(server: T) =>
  new Promise<T>((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));

/**
 * An egress proxy as corporate CI runners have, for the test only: CONNECT tunnels and absolute-form
 * requests, every one recorded, and whatever host is asked for reached on this machine's loopback (it
 * stands in for the DNS of the network beyond the proxy).
 */
async function egressProxy(): Promise<{ url: string; seen: string[]; server: Server }> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const target = new URL(req.url ?? '');
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connect', (req, client: Socket, head: Buffer) => {
    seen.push(`CONNECT ${req.url}`);
    const upstream = connect(Number(new URL(`http://${req.url}`).port), '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await listening(server);
  return { url: `http://127.0.0.1:${port(server)}`, seen, server };
}

/** HTTPS for a name only the proxy can reach (`other-host.invalid`, a TEST-ONLY certificate), in front of `plainPort`. */
async function tlsFront(plainPort: number) {
  const server = createTlsServer(
    { key: readFileSync(join(FIXTURES, 'leaf.key')), cert: readFileSync(join(FIXTURES, 'other-host.pem')) },
    (tls) => {
      const upstream = connect(plainPort, '127.0.0.1');
      tls.pipe(upstream).pipe(tls);
      upstream.on('error', () => tls.destroy());
      tls.on('error', () => upstream.destroy());
    },
  );
  return listening(server);
}

const proxyEnv = (url: string) => ({
  HTTPS_PROXY: url,
  https_proxy: url,
  HTTP_PROXY: url,
  http_proxy: url,
  NO_PROXY: '',
  no_proxy: '',
});

test(
  'a sandbox run through the proxy in HTTPS_PROXY tunnels every request through it and ends without a ' + 'failed rule',
  async ({}, testInfo) => {
    test.setTimeout(240_000);
    const mock = await startMock();
    const front = await tlsFront(Number(new URL(mock.url).port));
    const proxy = await egressProxy();
    const dir = testInfo.outputPath('run');
    try {
      const run = await runConformance({
        PG_TARGET: 'sandbox',
        PG_BASE_URL: `https://other-host.invalid:${port(front)}`,
        ...mockCredentialsAsTarget(),
        PG_REPORTS_DIR: dir,
        PG_RESULTS_DIR: join(dir, 'test-results'),
        ...proxyEnv(proxy.url),
        NODE_EXTRA_CA_CERTS: join(FIXTURES, 'test-ca.pem'),
        // Every rule's requests, but one generated input a property: the path they take is the same for any count.
        PG_GENERATED_RUNS: '1',
        PG_WORKERS: '1', // a worker's requests take the same path as another's
      });
      const verdict = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as {
        verdict: string;
        counts: Record<string, number>;
      };
      expect(verdict.counts.failed ?? 0, run.output.slice(-3_000)).toBe(0);
      expect(run.output).not.toContain('TARGET UNAVAILABLE');
      expect([0, 4]).toContain(run.code);
      // Keep-alive tunnels: a few per worker process, never one per request.
      expect(proxy.seen.length).toBeGreaterThan(0);
      expect(new Set(proxy.seen)).toEqual(new Set([`CONNECT other-host.invalid:${port(front)}`]));
    } finally {
      proxy.server.close();
      front.close();
      await mock.close();
    }
  },
);

test('a mock run ignores the proxy variables: the embedded mock on loopback is reached directly', async ({}, testInfo) => {
  test.setTimeout(240_000);
  const proxy = await egressProxy();
  const dir = testInfo.outputPath('run');
  try {
    // A few reads and writes are enough to show the path (VAULT-1 and TOK-1, not VAULT-1x, TOK-1x); the filtered
    // run's verdict is INCOMPLETE by design.
    const run = await runConformance(
      {
        PG_TARGET: 'mock',
        PG_REPORTS_DIR: dir,
        PG_RESULTS_DIR: join(dir, 'test-results'),
        PG_WORKERS: '1',
        ...proxyEnv(proxy.url),
      },
      ['--grep', ruleGrep(['VAULT-1', 'TOK-1'])],
    );
    const verdict = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as {
      counts: Record<string, number>;
    };
    expect(verdict.counts.passed ?? 0, run.output.slice(-3_000)).toBeGreaterThan(0);
    expect(verdict.counts.failed ?? 0).toBe(0);
    expect(verdict.counts['target unavailable'] ?? 0).toBe(0);
    expect(proxy.seen).toEqual([]);
  } finally {
    proxy.server.close();
  }
});

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
  const saved = { ...process.env };
  Object.assign(process.env, proxyEnv(proxy.url.replace('http://', 'http://user:p%40ss@')));
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
    for (const key of Object.keys(proxyEnv(''))) {
      if (key in saved) process.env[key] = saved[key];
      else delete process.env[key];
    }
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
    const saved = { ...process.env };
    Object.assign(process.env, proxyEnv(url));
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
      for (const key of Object.keys(proxyEnv(''))) {
        if (key in saved) process.env[key] = saved[key];
        else delete process.env[key];
      }
      refusing.close();
    }
  },
);
