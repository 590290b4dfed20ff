import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { expect, test } from '../testing/fixtures.js';
import { basicAuthorization } from '../transport/auth.js';
import { egressProxy } from '../testing/egress-proxy.js';
import { serverIdentity } from '../testing/certificates.js';
import { startSession } from './session.js';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `127.0.0.1:${address.port}`;
}

async function session(upstream: string, lines: string[]) {
  return startSession({
    upstream,
    target: { kind: 'sandbox', origin: upstream },
    host: '127.0.0.1',
    port: 0,
    secrets: [],
    context: {},
    print: (l) => lines.push(l),
  });
}

const listing = '/platform/vault/customer?count=2&page=0';
const headers = { authorization: basicAuthorization('some_key_1234'), accept: 'application/json' };

test(
  'an https gateway with a self-signed certificate is refused: 502 from the proxy, reported as not ' +
    'delivered, never retried',
  async ({}, testInfo) => {
    let connections = 0;
    const gateway = createHttpsServer(serverIdentity('self-signed'), (_req, res) => res.end('{}'));
    gateway.on('connection', () => connections++);
    const lines: string[] = [];
    const s = await session(`https://${await listen(gateway)}`, lines);
    try {
      const answer = await fetch(`${s.proxy.url}${listing}`, { headers });
      expect(answer.status).toBe(502);
      expect(await answer.text()).toContain('NODE_EXTRA_CA_CERTS');
      await s.proxy.idle();
      const { report, exitCode } = await s.finish(testInfo.outputPath('reports'));
      expect(report.unavailable).toBe(1);
      expect(report.findings).toBe(0);
      expect(exitCode).toBe(1); // nothing was judged: not a pass
      expect(connections, 'one attempt, no retry').toBe(1);
      const line =
        /the gateway could not be reached \(the certificate of 127\.0\.0\.1:\d+ is not signed .*\); answered 502, not retried/;
      expect(lines).toEqual([expect.stringMatching(line)]);
    } finally {
      gateway.close();
    }
  },
);

test(
  'a 503 without the family scheme reaches the application once, as it was, and is not judged: an ' +
    'intermediary answered',
  async ({}, testInfo) => {
    let requests = 0;
    const gateway = createHttpServer((_req, res) => {
      requests++;
      res.writeHead(503, { 'retry-after': '1', 'content-type': 'text/plain', 'x-gateway': 'busy' }).end('try later');
    });
    const lines: string[] = [];
    const s = await session(`http://${await listen(gateway)}/base`, lines);
    try {
      const answer = await fetch(`${s.proxy.url}${listing}`, { headers });
      expect([
        answer.status,
        answer.headers.get('retry-after'),
        answer.headers.get('x-gateway'),
        await answer.text(),
      ]).toEqual([503, '1', 'busy', 'try later']);
      await s.proxy.idle();
      expect(requests).toBe(1);
      const { report } = await s.finish(testInfo.outputPath('reports'));
      // Who answered (who-answered.ts): not the gateway, so no rule judges it.
      expect(report.findings).toBe(0);
      expect(report.unavailable).toBe(1);
      expect(lines).toEqual([
        expect.stringContaining("503  not the gateway's answer (answered HTTP 503 without the /platform/ code"),
      ]);
    } finally {
      gateway.close();
    }
  },
);

test('the gateway is reached through the egress proxy in HTTP_PROXY when the environment names one', async () => {
  const gateway = createHttpServer((req, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ host: req.headers.host })),
  );
  const gatewayPort = (await listen(gateway)).split(':')[1]!;
  // A forwarding proxy for the test: it reaches every host on this machine's loopback.
  const { url: egressUrl, seen, server: egress } = await egressProxy();
  const names = ['HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy'];
  const saved = Object.fromEntries(names.map((n) => [n, process.env[n]]));
  Object.assign(process.env, { HTTP_PROXY: egressUrl, http_proxy: egressUrl, NO_PROXY: '', no_proxy: '' });
  const s = await session(`http://gateway.invalid:${gatewayPort}`, []);
  try {
    const answer = await fetch(`${s.proxy.url}${listing}`, { headers });
    expect(await answer.json()).toEqual({ host: `gateway.invalid:${gatewayPort}` });
    expect(seen).toEqual([`GET http://gateway.invalid:${gatewayPort}${listing}`]);
  } finally {
    for (const n of names) {
      if (saved[n] === undefined) delete process.env[n];
      else process.env[n] = saved[n];
    }
    await s.proxy.idle();
    gateway.close();
    egress.close();
  }
});

test(
  "a request reset on one of the proxy's pooled upstream connections reaches the gateway once more, on " +
    'a new one; the application sees no 502',
  async ({}, testInfo) => {
    const seen: { method: string; reused: boolean }[] = [];
    const used = new WeakSet<object>();
    // A gateway behind a balancer that forgot idle connections: every request after a connection's first is reset, unread.
    const gateway = createHttpServer((req, res) => {
      const reused = used.has(req.socket);
      used.add(req.socket);
      seen.push({ method: req.method ?? '', reused });
      if (reused) req.socket.resetAndDestroy();
      else req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":0}')).resume();
    });
    const s = await session(`http://${await listen(gateway)}`, []);
    try {
      const post = () =>
        fetch(`${s.proxy.url}/pg/tokenize`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: '{"merchant_id":"m"}',
        });
      const answers = [await post(), await post()];
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(seen).toEqual([
        { method: 'POST', reused: false },
        { method: 'POST', reused: true },
        { method: 'POST', reused: false },
      ]);
      await s.proxy.idle();
      const { report } = await s.finish(testInfo.outputPath('reports'));
      expect(report.unavailable).toBe(0);
    } finally {
      gateway.close();
    }
  },
);
