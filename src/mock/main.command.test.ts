import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { MOCK_DEFAULTS } from './defaults.js';
import { expect, test } from '../testing/fixtures.js';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

/** Runs `node --import tsx src/mock/main.ts` (npm run mock) with the given environment, or `npm run mock` itself. */
function run(env: Record<string, string>, through: 'node' | 'npm' = 'node') {
  const child =
    through === 'npm'
      ? spawn('npm', ['run', '--silent', 'mock'], {
          cwd: fileURLToPath(new URL('../..', import.meta.url)),
          env: { ...process.env, ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        })
      : spawn(process.execPath, ['--import', 'tsx', MAIN], {
          env: { ...process.env, ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const url = /listening on (http:\/\/127\.0\.0\.1:[0-9]+)/.exec(stdout)?.[1];
      if (url && stdout.includes('control API')) resolve(url);
    });
    void exited.then((code) => reject(new Error(`exited with ${code}: ${stderr}`)));
  });
  listening.catch(() => {}); // a test that expects a failed start awaits `exited` instead
  return { child, exited, listening, output: () => ({ stdout, stderr }) };
}

test('npm run mock listens on loopback, prints the default credentials and stops cleanly on SIGTERM', async () => {
  const mock = run({ PG_MOCK_PORT: '0', MOCK_API_KEY: '', MOCK_VENDOR_API_KEY: '' });
  const url = await mock.listening;
  expect(await (await fetch(`${url}/__mock/health`)).json()).toEqual({ status: 'ok' });
  const { stdout } = mock.output();
  expect(stdout).toContain(`merchant ID: ${MOCK_DEFAULTS.merchantId}`);
  expect(stdout).toContain(`API key:     ${MOCK_DEFAULTS.apiKey} (built-in default)`);
  expect(stdout).toContain(`vendor key:  ${MOCK_DEFAULTS.vendorApiKey} (built-in default)`);
  expect(stdout).toContain(`webhook ID:  ${MOCK_DEFAULTS.webhookId} (seeded, active`);
  mock.child.kill('SIGTERM');
  expect(await mock.exited).toBe(0);
});

/** Whether anything still accepts connections at `url`. */
function accepting(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

// A CI step `npm run mock & … kill $!` signals npm, not the server: the server must stop with it.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  test(`${signal} to the npm process of npm run mock stops the server and frees its port`, async () => {
    const mock = run({ PG_MOCK_PORT: '0', MOCK_WEBHOOK_ID: 'wh_ci_0042' }, 'npm');
    const url = await mock.listening;
    expect(mock.output().stdout).toContain('webhook ID:  wh_ci_0042');
    expect(await accepting(url)).toBe(true);
    mock.child.kill(signal);
    await mock.exited;
    await expect
      .poll(() => accepting(url), { message: `${url} still accepts connections after ${signal} to npm` })
      .toBe(false);
  });
}

test('keys from the environment are never printed', async () => {
  const mock = run({
    PG_MOCK_PORT: '0',
    MOCK_API_KEY: 'secret_merchant_key_1',
    MOCK_VENDOR_API_KEY: 'secret_vendor_key_2',
    MOCK_MERCHANT_ID: 'm-77',
  });
  await mock.listening;
  mock.child.kill('SIGINT');
  expect(await mock.exited).toBe(0);
  const { stdout, stderr } = mock.output();
  expect(stdout).toContain('merchant ID: m-77');
  expect(stdout).toContain('from MOCK_API_KEY (not shown)');
  expect(stdout + stderr).not.toMatch(/secret_merchant_key_1|secret_vendor_key_2/);
});

test('malformed variables stop startup with exit code 2 and every problem named', async () => {
  const mock = run({ PG_MOCK_PORT: '0', MOCK_CUSTOMERS: 'lots', MOCK_FAULTS: 'bogus' });
  expect(await mock.exited).toBe(2);
  const { stderr } = mock.output();
  expect(stderr).toContain('MOCK_CUSTOMERS must be a whole number from 0 to 1000000');
  expect(stderr).toContain('MOCK_FAULTS: unknown fault "bogus"; known faults:');
});

test('a port already in use is a plain sentence naming PG_MOCK_PORT, exit 2', async () => {
  const first = run({ PG_MOCK_PORT: '0' });
  const port = new URL(await first.listening).port;
  const second = run({ PG_MOCK_PORT: port });
  expect(await second.exited).toBe(2);
  expect(second.output().stderr).toContain(
    `127.0.0.1:${port} is already in use (a mock still running?); stop what listens there, or set ` +
      `PG_MOCK_PORT to another port (0 picks a free one).`,
  );
  first.child.kill('SIGTERM');
  expect(await first.exited).toBe(0);
});

test('npm run mock reads PG_MOCK_PORT and MOCK_* from .env, as .env.example shows, and the environment wins', async ({}, testInfo) => {
  const dir = testInfo.outputPath('cwd');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, '.env'),
    'MOCK_WEBHOOK_ID=wh_from_dotenv\nMOCK_MERCHANT_ID=merchant-from-dotenv\nPG_MOCK_PORT=1\n',
  );
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: dir,
    env: { ...process.env, PG_MOCK_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      if (stdout.includes('control API')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code}`)));
  });
  expect(stdout).toContain('webhook ID:  wh_from_dotenv');
  expect(stdout).toContain('merchant ID: merchant-from-dotenv');
  expect(stdout).toMatch(/listening on http:\/\/127\.0\.0\.1:(?!1\b)[0-9]+/);
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
});
