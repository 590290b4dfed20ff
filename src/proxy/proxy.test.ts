import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { basicAuthorization } from '../transport/auth.js';
import { newAchRequest, newCardRequest } from '../catalogue/request-builders.js';
import { VARIANTS } from '../mock/behaviours/variants.js';
import { MOCK_DEFAULTS } from '../mock/defaults.js';
import { expect, test } from '../testing/fixtures.js';

/** Every finding of a finished session as "side RULE", for exact comparisons. */
function findingsOf(report: { rules: { side: string; ruleId: string; broken: number }[] }): string[] {
  return report.rules.flatMap((r) => Array.from({ length: r.broken }, () => `${r.side} ${r.ruleId}`));
}

test('a well-behaved application through the proxy to the mock gives no finding', async ({ rig }, testInfo) => {
  const results = await rig.client.run(60);
  await rig.session.proxy.idle();
  const { report, exitCode } = await rig.session.finish(testInfo.outputPath('reports'));
  expect(findingsOf(report)).toEqual([]);
  expect(report.judged).toBe(60);
  expect(report.paymentKinds).toEqual({ card: 20, ACH: 10 });
  expect(exitCode).toBe(0);
  expect(rig.lines.filter((l) => l.endsWith('✓'))).toHaveLength(60);
  // Judged means exercised: the single-exchange rules of each operation were applied to this traffic.
  const kept = report.rules.filter((r) => r.outcome === 'kept').map((r) => `${r.side} ${r.ruleId}`);
  for (const id of ['TOK-1', 'TOK-2', 'TOK-8', 'TOK-9', 'VAULT-2', 'VAULT-3', 'VAULT-6', 'VAULT-7', 'HOOK-1', 'ERR-5'])
    expect(kept).toContain(`gateway ${id}`);
  for (const id of ['AUTH-2', 'ERR-4', 'TOK-7', 'TOK-10', 'APP-1', 'APP-2', 'APP-3'])
    expect(kept).toContain(`application ${id}`);
  expect(results.map((r) => r.status)).not.toContain(502);
});

test('traffic reports the disk refuses are named, file and reason, and the verdict stands', async ({
  rig,
}, testInfo) => {
  await rig.client.run(4);
  await rig.session.proxy.idle();
  const dir = testInfo.outputPath('reports');
  mkdirSync(join(dir, 'traffic.json'), { recursive: true }); // a folder where the file goes: EISDIR, even for root
  const { files, notWritten, exitCode } = await rig.session.finish(dir);
  expect(files).toEqual([join(dir, 'traffic.md')]);
  expect(notWritten).toBe(
    `${join(dir, 'traffic.json')} could not be written (EISDIR, a folder stands where the file should be)`,
  );
  expect(exitCode).toBe(0);
});

test(
  'AUTH-2 TOK-7 TOK-10: a token without the colon, a missing merchant_id and exp_date MM/YY are the ' +
    "application's three findings",
  async ({ rig }, testInfo) => {
    await rig.client.run(24, ['token-without-colon', 'no-merchant-id', 'exp-date-with-slash']);
    await rig.session.proxy.idle();
    const { report, exitCode } = await rig.session.finish(testInfo.outputPath('reports'));
    expect(findingsOf(report).sort()).toEqual(['application AUTH-2', 'application TOK-10', 'application TOK-7']);
    expect(exitCode).toBe(1);
    expect(rig.lines.filter((l) => l.includes('✗'))).toEqual([
      expect.stringContaining('✗ application: AUTH-2'),
      expect.stringContaining('✗ application: TOK-7'),
      expect.stringContaining('✗ application: TOK-10'),
    ]);
  },
);

test("a finding's curl line sends the header the application sent, by variable, not the section 5 construction", async ({
  rig,
}, testInfo) => {
  await rig.client.run(3, ['token-without-colon']);
  await rig.session.proxy.idle();
  const { report } = await rig.session.finish(testInfo.outputPath('reports'));
  const auth = report.rules.find((r) => r.side === 'application' && r.ruleId === 'AUTH-2');
  const line = /Reproduce with: (.*)/.exec(auth?.findings[0]?.exchange ?? '')?.[1];
  expect(line).toContain(`-H "authorization: Basic $(printf '%s' "\${PG_API_KEY}" | base64 | tr -d '\\012')"`);
  expect(line).not.toContain('-u ');
  expect(line).not.toContain(MOCK_DEFAULTS.apiKey);
});

test(
  "APP-1 APP-2 APP-3 TOK-5 ERR-4: field types, echo_fields' form, mixed payment kinds, a vendor without " +
    "vendor_id and a missing accept header are the application's",
  async ({ rig }) => {
    const m = MOCK_DEFAULTS.merchantId;
    const send = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${rig.session.proxy.url}/pg/tokenize`, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: basicAuthorization(MOCK_DEFAULTS.apiKey),
          ...headers,
        },
        body: JSON.stringify(body),
      }).then((r) => r.text());
    await send(newCardRequest(m, { vendor_id: '90001' as never, client_ip: '10.0.0' }));
    await send(newCardRequest(m, { echo_fields: '{"order_ref":"A-1"}' }));
    await send({ ...newCardRequest(m), ...newAchRequest(m) });
    await send(newCardRequest(m), { authorization: basicAuthorization(MOCK_DEFAULTS.vendorApiKey) });
    await send(newCardRequest(m), { accept: '*/*' });
    await rig.session.proxy.idle();
    const broken = rig.lines.map((l) => l.split('✗ ')[1]);
    expect(broken).toEqual([
      'application: APP-1',
      'application: APP-2',
      'application: APP-3',
      'application: TOK-5',
      'application: ERR-4',
    ]);
  },
);

test.describe('a WAF in front (waf-blocks-malformed-auth)', () => {
  test.use({ variants: ['waf-blocks-malformed-auth'] });
  test(
    "AUTH-4: a malformed header a WAF refuses with its own HTML 403 is the application's finding; the refusal " +
      "is observed, not held to ERR-1/ERR-2, on the gateway's side",
    async ({ rig }, testInfo) => {
      const listing = `${rig.session.proxy.url}/platform/vault/customer?count=1&merchant_id=${MOCK_DEFAULTS.merchantId}`;
      const token = basicAuthorization(MOCK_DEFAULTS.apiKey);
      const sent = async (authorization: Headers) => {
        authorization.set('accept', 'application/json');
        const answer = await fetch(listing, { headers: authorization });
        return { status: answer.status, type: answer.headers.get('content-type') };
      };
      expect(await sent(new Headers({ authorization: `Bearer ${MOCK_DEFAULTS.apiKey}` }))).toEqual({
        status: 403,
        type: 'text/html',
      });
      const twice = new Headers({ authorization: token });
      twice.append('authorization', token);
      expect(await sent(twice)).toEqual({ status: 403, type: 'text/html' });
      await rig.session.proxy.idle();
      const { report } = await rig.session.finish(testInfo.outputPath('reports'));
      expect(findingsOf(report)).toEqual(['application AUTH-4', 'application AUTH-4']);
      expect(report.rules.find((r) => r.side === 'gateway' && r.ruleId === 'AUTH-4')?.outcome).toBe('kept');
      const front = 'refused in front of the gateway by Amazon CloudFront (Server: CloudFront): HTTP 403, text/html';
      const outOfForm = (why: string) =>
        `gateway AUTH-4: listCustomers with an Authorization header out of section 5.4's form (${why}): ` +
        `${front}; not the gateway's answer, so not held to ERR-2; a client that reads code on every /platform/ ` +
        'answer meets this one without it and must handle it (by its HTTP status, or Server)';
      expect(report.observations.map((o) => `${o.side} ${o.ruleId}: ${o.text}`)).toEqual([
        outOfForm('the scheme is not Basic'),
        // Sent twice, it reaches the proxy joined by ", ": no Base 64 token.
        outOfForm('the token is not Base 64'),
      ]);
    },
  );
});

const GATEWAY_FAULTS: { fault: string; rule: string }[] = [
  { fault: 'mask-last-four-only', rule: 'TOK-8' },
  { fault: 'echo-fields-dropped', rule: 'TOK-9' },
  { fault: 'update-answers-new-card-id', rule: 'TOK-2' },
  { fault: 'vault-total-pages-floor', rule: 'VAULT-3' },
  { fault: 'pg-id-missing-on-success', rule: 'TOK-1' },
];

for (const { fault, rule } of GATEWAY_FAULTS) {
  test.describe(fault, () => {
    test.use({ faults: [fault] });
    test(`${rule}: the mock with ${fault} on is reported on the gateway side`, async ({ rig }, testInfo) => {
      await rig.client.run(12);
      await rig.session.proxy.idle();
      const { report, exitCode } = await rig.session.finish(testInfo.outputPath('reports'));
      const found = findingsOf(report);
      expect(found).toContain(`gateway ${rule}`);
      expect(found.filter((f) => f.startsWith('application'))).toEqual([]);
      expect(exitCode).toBe(1);
    });
  });
}

test('answers pass through unchanged, also from routes the proxy does not judge', async ({ rig }) => {
  const direct = await fetch(
    `${rig.mock.url}/platform/vault/customer?count=3&page=1&merchant_id=${MOCK_DEFAULTS.merchantId}`,
    { headers: { authorization: basicAuthorization(MOCK_DEFAULTS.apiKey), accept: 'application/json' } },
  );
  const proxied = await fetch(
    `${rig.session.proxy.url}/platform/vault/customer?count=3&page=1&merchant_id=${MOCK_DEFAULTS.merchantId}`,
    { headers: { authorization: basicAuthorization(MOCK_DEFAULTS.apiKey), accept: 'application/json' } },
  );
  expect(proxied.status).toBe(direct.status);
  expect(await proxied.text()).toBe(await direct.text());
  expect(proxied.headers.get('content-type')).toBe(direct.headers.get('content-type'));
  const health = await fetch(`${rig.session.proxy.url}/__mock/health`);
  expect(health.status).toBe(200);
  await rig.session.proxy.idle();
  expect(rig.lines.at(-1)).toContain('not one of the three operations (forwarded, not judged)');
});

// What the document leaves open must never be a finding: each legitimate variation of the mock, in turn.
for (const variant of VARIANTS.map((v) => v.name)) {
  test.describe(`variant ${variant}`, () => {
    test.use({ variants: [variant] });
    test(`the mock with the legitimate variation ${variant} gives no gateway finding`, async ({ rig }, testInfo) => {
      await rig.client.run(12);
      await rig.session.proxy.idle();
      const { report } = await rig.session.finish(testInfo.outputPath('reports'));
      expect(findingsOf(report)).toEqual([]);
    });
  });
}
