import { resolve } from 'node:path';
import { expect, test } from '../testing/fixtures.js';
import { parseCutoverArgs } from './args.js';

const URL = 'https://merchant.example/webhooks/gateway';

test('the sandbox report comes from --sandbox or PG_BASELINE, the endpoint from --webhook-url', () => {
  expect(parseCutoverArgs(['--sandbox', 'signed-off/conformance.json', '--webhook-url', URL], {})).toEqual({
    help: false,
    sandbox: resolve('signed-off/conformance.json'),
    webhook: { url: URL, timeoutMs: 5_000, allowHttpLoopback: false, ca: undefined },
  });
  expect(parseCutoverArgs(['--webhook-url', URL, '--timeout-ms', '800'], { PG_BASELINE: 'b.json' })).toMatchObject({
    sandbox: resolve('b.json'),
    webhook: { timeoutMs: 800 },
  });
  expect(parseCutoverArgs(['--help'], {})).toEqual({ help: true });
});

test('what is missing or wrong is said in a sentence', () => {
  expect(() => parseCutoverArgs(['--webhook-url', URL], {})).toThrow(/--sandbox is required/);
  expect(() => parseCutoverArgs(['--sandbox', 's.json'], {})).toThrow(/--webhook-url is required/);
  expect(() => parseCutoverArgs(['--sandbox', 's.json', '--webhook-url', 'merchant.example/hook'], {})).toThrow(
    /--webhook-url "merchant.example\/hook" is not an absolute URL/,
  );
  expect(() => parseCutoverArgs(['--sandbox', 's.json', '--webhook-url', URL, '--ca', 'no/such.pem'], {})).toThrow(
    /--ca: cannot read no\/such.pem/,
  );
  expect(() => parseCutoverArgs(['--baseline', 's.json'], {})).toThrow(
    '--baseline is not an option of npm run cutover; npm run cutover -- --help lists the options.',
  );
});
