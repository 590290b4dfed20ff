import { runScript } from '../testing/runners/run-webhook-check.js';
import { expect, test } from '../testing/fixtures.js';
import { TEST_CA_FILE } from '../testing/certificates.js';

test('prints one ✓ line per check and a PASS verdict, exit 0, for a good endpoint', async ({ httpsReceiver }) => {
  const receiver = await httpsReceiver('localhost');
  const run = runScript('cli.ts', ['--url', receiver.url, '--ca', TEST_CA_FILE, '--timeout-ms', '2000']);
  expect(await run.exited).toBe(0);
  const lines = run.output().stdout.trim().split('\n');
  expect(lines[0]).toBe(`Webhook endpoint check: ${receiver.url}`);
  expect(lines.slice(1, 6).map((l) => l.slice(0, 11))).toEqual([
    '✓ URL      ',
    '✓ DNS      ',
    '✓ Connect  ',
    '✓ TLS      ',
    '✓ POST     ',
  ]);
  expect(lines[6]).toBe('PASS: the endpoint accepts deliveries the way the gateway sends them.');
});

test('--json gives the findings and a fail verdict, exit 1, when the endpoint fails a check', async ({
  httpsReceiver,
}) => {
  const receiver = await httpsReceiver('self-signed');
  const run = runScript('cli.ts', ['--url', receiver.url, '--json', '--timeout-ms', '2000']);
  expect(await run.exited).toBe(1);
  const result = JSON.parse(run.output().stdout) as {
    ok: boolean;
    verdict: string;
    findings: { check: string; status: string; code?: string }[];
  };
  expect(result).toMatchObject({ url: receiver.url, ok: false, verdict: 'fail' });
  expect(result.findings.map((f) => `${f.check}:${f.status}`)).toEqual([
    'url:pass',
    'dns:pass',
    'connect:pass',
    'tls:fail',
    'post:skip',
  ]);
  expect(result.findings[3]?.code).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
});

test('a usage error exits 2 with the problem and the usage text', async () => {
  const run = runScript('cli.ts', ['--url', 'merchant.example/hooks']);
  expect(await run.exited).toBe(2);
  expect(run.output().stderr).toContain('--url "merchant.example/hooks" is not an absolute URL');
  expect(run.output().stderr).toContain('Usage: npm run webhook:check -- --url <notification_url>');
});
