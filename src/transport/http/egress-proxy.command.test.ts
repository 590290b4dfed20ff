import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { createServer as createTlsServer } from 'node:tls';
import { expect, test } from '../../testing/fixtures.js';
import { ruleGrep } from '../../cli/cli-args.js';
import { mockCredentialsAsTarget } from '../../config/child-env.js';
import { startMock } from '../../mock/start.js';
import { runConformance } from '../../testing/run-command.js';
import { egressProxy, listening, port, proxyEnv } from '../../testing/egress-proxy.js';
import { serverIdentity, TEST_CA_FILE } from '../../testing/certificates.js';

/** HTTPS for a name only the proxy can reach (`other-host.invalid`, a TEST-ONLY certificate), in front of `plainPort`. */
async function tlsFront(plainPort: number) {
  const server = createTlsServer(serverIdentity('other-host'), (tls) => {
    const upstream = connect(plainPort, '127.0.0.1');
    tls.pipe(upstream).pipe(tls);
    upstream.on('error', () => tls.destroy());
    tls.on('error', () => upstream.destroy());
  });
  return listening(server);
}

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
        NODE_EXTRA_CA_CERTS: TEST_CA_FILE,
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
