import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { MOCK_DEFAULTS } from '../defaults.js';
import { expect, test } from '../mock-fixtures.js';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

/** Runs `node --import tsx src/mock/main.ts` (npm run mock) with the given environment. */
function run(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => { stdout += c.toString(); });
  child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
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
  mock.child.kill('SIGTERM');
  expect(await mock.exited).toBe(0);
});

test('keys from the environment are never printed', async () => {
  const mock = run({ PG_MOCK_PORT: '0', MOCK_API_KEY: 'secret_merchant_key_1', MOCK_VENDOR_API_KEY: 'secret_vendor_key_2', MOCK_MERCHANT_ID: 'm-77' });
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
