import { expect, test } from '../testing/fixtures.js';
import { parseCheckArgs } from './check-args.js';
import { CERTIFICATES, TEST_CA, TEST_CA_FILE } from '../testing/certificates.js';

test('reads every option, with a 5000 ms default bound', () => {
  expect(parseCheckArgs(['--url', 'https://merchant.example/hooks'])).toEqual({
    help: false,
    url: 'https://merchant.example/hooks',
    timeoutMs: 5_000,
    allowHttpLoopback: false,
    ca: undefined,
    json: false,
  });
  expect(
    parseCheckArgs([
      '--url',
      'http://127.0.0.1:4020/',
      '--timeout-ms',
      '300',
      '--insecure-allow-http-loopback',
      '--ca',
      TEST_CA_FILE,
      '--json',
    ]),
  ).toEqual({
    help: false,
    url: 'http://127.0.0.1:4020/',
    timeoutMs: 300,
    allowHttpLoopback: true,
    ca: TEST_CA,
    json: true,
  });
});

const usageCases = [
  { args: [], says: '--url is required' },
  {
    args: ['--url', 'merchant.example/hooks'],
    says: '--url "merchant.example/hooks" is not an absolute URL; write it in full, with https://',
  },
  {
    args: ['--url', 'https://merchant.example/', '--timeout-ms', 'soon'],
    says: '--timeout-ms must be a whole number of milliseconds, 1 to 120000',
  },
  {
    args: ['--url', 'https://merchant.example/', '--timeout-ms', '0'],
    says: '--timeout-ms must be a whole number of milliseconds, 1 to 120000',
  },
  {
    args: ['--url', 'https://merchant.example/', '--ca', 'no-such-file.pem'],
    says: '--ca: cannot read no-such-file.pem (ENOENT); give the path of a PEM certificate file',
  },
  {
    args: ['--url', 'https://merchant.example/', '--ca', `${CERTIFICATES}README.md`],
    says: 'holds no PEM certificate',
  },
  { args: ['--url', 'https://merchant.example/', '--follow-redirects'], says: "Unknown option '--follow-redirects'" },
  { args: ['https://merchant.example/'], says: 'Unexpected argument' },
];

for (const { args, says } of usageCases) {
  test(`usage error for ${args.map((a) => a.replace(CERTIFICATES, 'certificates/')).join(' ') || 'no arguments'}`, () => {
    expect(() => parseCheckArgs(args)).toThrow(says);
  });
}
