import { execFile } from 'node:child_process';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { expect, test } from '../testing/fixtures.js';
import { apiToken } from '../transport/auth.js';
import { buildAuthHeader, type AuthHeader } from '../generate/authorization.js';
import { TEST_CARDS } from '../catalogue/test-cards.js';
import { reproduceWithCurl } from './reproduce-line.js';
import {
  ENV,
  exchange,
  MERCHANT_KEY,
  redactorFor,
  VENDOR_KEY,
  variables,
} from '../testing/made-up/reproduce-line-inputs.js';
import { nearMissKeys, withNearMisses } from '../transport/near-miss-keys.js';
import { Redactor } from './redact.js';

type Received = { headers: IncomingHttpHeaders; body: string; method: string; url: string };

/** Runs each line in sh with the README's variables set, against a server that records what arrived. */
async function replay(lines: string[]): Promise<Received[]> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body, method: req.method ?? '', url: req.url ?? '' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    // One shell for all of them, each line as a reader would paste it.
    const script = lines.map((l) => l.replaceAll('http://gateway.test', origin)).join('\n');
    await promisify(execFile)('sh', ['-e', '-c', script], { env: { PATH: process.env.PATH, ...ENV } });
  } finally {
    server.close();
  }
  return received;
}

test('every Authorization header the suite generates is sent again byte for byte, and no line holds a key', async () => {
  const credentials: AuthHeader['credential'][] = [
    'section 5 token',
    'key unencoded',
    'another key',
    'empty',
    'garbage',
    'merchant ID as user part',
    'key without the colon',
  ];
  const encodings: AuthHeader['encoding'][] = ['Base 64', 'Base 64 without padding', 'Base 64 twice', 'hex'];
  const schemes: AuthHeader['scheme'][] = ['Basic', 'basic', 'Bearer', '(none)'];
  const spacings: AuthHeader['spacing'][] = ['one space', 'two spaces', 'a tab', 'no space'];
  const built: AuthHeader[] = [
    ...credentials.flatMap((credential) =>
      encodings.map((encoding) => ({ scheme: 'Basic' as const, spacing: 'one space' as const, credential, encoding })),
    ),
    ...schemes.flatMap((scheme) =>
      spacings.flatMap((spacing) =>
        (['section 5 token', 'key unencoded'] as const).map((credential) => ({
          scheme,
          spacing,
          credential,
          encoding: 'Base 64' as const,
        })),
      ),
    ),
  ];
  const headers = [...new Set(built.map((h) => buildAuthHeader(h, 'merchant-77', MERCHANT_KEY)))].filter(
    (h) => h.trim() !== '',
  );
  const lines = headers.map((h) =>
    reproduceWithCurl(exchange({ authorization: h, accept: 'application/json' }), redactorFor('suite on the mock')),
  );
  for (const line of lines)
    expect(line).not.toMatch(new RegExp([MERCHANT_KEY, apiToken(MERCHANT_KEY).replace(/=+$/, '')].join('|')));
  const received = await replay(lines);
  // HTTP trims the spaces around a header value; the rest must be exactly what was sent.
  expect(received.map((r) => r.headers.authorization)).toEqual(headers.map((h) => h.trim()));
});

test('every near miss of a key (AUTH-3) is sent again as it was sent, and no line holds the key or its near miss', async () => {
  const misses = [MERCHANT_KEY, VENDOR_KEY].flatMap((key) => nearMissKeys(key).flatMap((n) => n.key ?? []));
  expect(misses).toHaveLength(16);
  const redactor = new Redactor(withNearMisses([MERCHANT_KEY, VENDOR_KEY]), { variables, sender: 'suite' });
  const headers = misses.map((key) => `Basic ${apiToken(key)}`);
  const lines = headers.map((h) =>
    reproduceWithCurl(exchange({ authorization: h, accept: 'application/json' }), redactor),
  );
  for (const [i, line] of lines.entries()) {
    expect(line).not.toContain('[REDACTED]');
    expect(line).not.toContain(apiToken(misses[i]!).replace(/=+$/, ''));
    expect(line).not.toMatch(new RegExp([MERCHANT_KEY, VENDOR_KEY, ...misses].join('|')));
  }
  const received = await replay(lines);
  expect(received.map((r) => r.headers.authorization)).toEqual(headers);
});

test('the body is sent again in full: a published test card, its CVV and a generated echo_fields as sent', async () => {
  const body = {
    merchant_id: 'm-1',
    card_number: TEST_CARDS[2].number,
    exp_date: '1229',
    cvv2: '123',
    echo_fields: JSON.stringify([{ note: `it's "quoted" $HOME \`x\` ${'é'.repeat(300)}` }]),
  };
  const sent = exchange(
    {
      authorization: `Basic ${apiToken(MERCHANT_KEY)}`,
      accept: 'application/json',
      'content-type': 'application/json',
    },
    body,
  );
  const [onSandbox] = await replay([reproduceWithCurl(sent, redactorFor('suite'))]);
  expect(JSON.parse(onSandbox!.body)).toEqual(body);
  expect(onSandbox!.headers.authorization).toBe(`Basic ${apiToken(MERCHANT_KEY)}`);
});

test("a request without accept or content-type gets none of curl's defaults", async () => {
  const [got] = await replay([reproduceWithCurl(exchange({}, '{"merchant_id":"m-1"}'), redactorFor('suite'))]);
  expect(got!.headers.accept).toBeUndefined();
  expect(got!.headers['content-type']).toBeUndefined();
  expect(got!.body).toBe('{"merchant_id":"m-1"}');
});
