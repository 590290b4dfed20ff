import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../testing/fixtures.js';
import { basicAuthorization } from '../transport/auth.js';
import { newCardRequest } from '../catalogue/request-builders.js';
import { MOCK_DEFAULTS } from '../mock/defaults.js';
import { startMock } from '../mock/start.js';

type Run = { code: number | null; output: string };

/** Runs `npm run proxy`'s script with only the given PG_* variables; `drive` gets the proxy URL once it listens. */
function runProxy(
  env: Record<string, string>,
  args: string[],
  drive?: (url: string, stop: () => void) => Promise<void>,
): Promise<Run> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('PG_') && !k.startsWith('MOCK_')),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/proxy.ts', ...args], {
    env: { ...clean, PG_PROXY_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let driving: Promise<void> | undefined;
  const onData = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    if (url && drive && !driving) driving = drive(url, () => child.kill('SIGINT'));
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  return new Promise((resolve) =>
    child.on('exit', async (code) => {
      await driving;
      resolve({ code, output });
    }),
  );
}

test('in front of production it says it only observes, and Ctrl-C writes the three reports', async ({}, testInfo) => {
  test.setTimeout(60_000);
  const mock = await startMock();
  const dir = testInfo.outputPath('reports');
  try {
    const run = await runProxy(
      {
        PG_TARGET: 'production',
        PG_BASE_URL: mock.url,
        PG_MERCHANT_ID: MOCK_DEFAULTS.merchantId,
        PG_API_KEY: MOCK_DEFAULTS.apiKey,
        PG_REPORTS_DIR: dir,
      },
      [],
      async (url, stop) => {
        await fetch(`${url}/pg/tokenize`, {
          method: 'POST',
          headers: {
            authorization: basicAuthorization(MOCK_DEFAULTS.apiKey),
            accept: 'application/json',
            'content-type': 'application/json',
          },
          body: JSON.stringify(newCardRequest(MOCK_DEFAULTS.merchantId)),
        }).then((r) => r.text());
        stop();
      },
    );
    expect(run.output).toContain(
      "production: the proxy only observes your application's own traffic and sends nothing of its own",
    );
    expect(run.output).toContain('SIGINT: stopping the proxy');
    expect(run.output).toContain('Traffic: no finding in 1 judged exchanges');
    expect(run.code).toBe(0);
    for (const file of ['traffic.md', 'traffic.json', 'traffic-junit.xml'])
      expect(existsSync(join(dir, file)), file).toBe(true);
    expect(readFileSync(join(dir, 'traffic-junit.xml'), 'utf8')).toContain('<testsuite name="traffic: gateway side"');
    expect(run.output).not.toContain(MOCK_DEFAULTS.apiKey);
  } finally {
    await mock.close();
  }
});

test('refuses a non-loopback address without --allow-non-loopback, before listening anywhere', async () => {
  test.setTimeout(60_000);
  // The allowed case is not run here: tests listen on loopback only (args.test.ts checks the flag's parsing).
  const refused = await runProxy({}, ['--host', '0.0.0.0']);
  expect(refused.code).toBe(2);
  expect(refused.output).toContain('--host 0.0.0.0 is not a loopback address');
  expect(refused.output).not.toContain('listening on');
});

test('a session that judged nothing did not pass: exit 1, and the report says nothing was judged', async ({}, testInfo) => {
  test.setTimeout(60_000);
  const dir = testInfo.outputPath('reports');
  const run = await runProxy({ PG_REPORTS_DIR: dir }, ['--duration', '1']);
  expect(run.output).toContain('after 1 s: stopping the proxy');
  expect(run.output).toContain('nothing judged');
  expect(run.code).toBe(1);
  expect(JSON.parse(readFileSync(join(dir, 'traffic.json'), 'utf8'))).toMatchObject({ judged: 0, findings: 0 });
});

test('a target that does not answer is said at start, in one sentence, and the proxy still listens', async ({}, testInfo) => {
  test.setTimeout(60_000);
  // A port just freed: nothing listens there.
  const closed = await startMock();
  await closed.close();
  const run = await runProxy({ PG_BASE_URL: closed.url, PG_REPORTS_DIR: testInfo.outputPath('reports') }, [
    '--duration',
    '1',
  ]);
  expect(run.output).toMatch(
    new RegExp(
      String.raw`the target does not answer \(127\.0\.0\.1:[0-9]+: [^)]+\): ` +
        'each request will be answered 502 and listed as not delivered until it does',
    ),
  );
  expect(run.output).toContain('proxy listening on');
});

test('a target that answers is not remarked on', async ({}, testInfo) => {
  test.setTimeout(60_000);
  const mock = await startMock();
  try {
    const run = await runProxy({ PG_BASE_URL: mock.url, PG_REPORTS_DIR: testInfo.outputPath('reports') }, [
      '--duration',
      '1',
    ]);
    expect(run.output).toContain(`forwarding to ${mock.url}`);
    expect(run.output).not.toContain('does not answer');
  } finally {
    await mock.close();
  }
});

test("a configuration error ends with the proxy's own verdict line, exit 2", async () => {
  test.setTimeout(60_000);
  const configurations: Record<string, string>[] = [{ PG_TARGET: 'Sandbox' }, { MOCK_FAULTS: 'no-such-fault' }];
  for (const env of configurations) {
    const run = await runProxy(env, []);
    expect(run.code, run.output).toBe(2);
    expect(run.output.trimEnd().split('\n').at(-1)).toMatch(/^Traffic: CONFIGURATION ERROR: .*\(nothing was run\)$/);
  }
});
