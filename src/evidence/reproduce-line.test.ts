import { execFile } from 'node:child_process';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { apiToken } from '../transport/auth.js';
import type { Exchange } from '../transport/exchange.js';
import { buildAuthHeader, type AuthHeader } from '../generate/authorization.js';
import { Redactor } from './redact.js';
import type { ReproduceContext } from './reproduce-context.js';
import { keyVariables, reproduceWithCurl } from './reproduce-line.js';
import { TEST_CARDS } from '../catalogue/test-cards.js';

const MERCHANT_KEY = 'merchant_key_Zq81mX';
const VENDOR_KEY = 'vendor_key_Hw27pL';
const ENV = { PG_API_KEY: MERCHANT_KEY, PG_VENDOR_API_KEY: VENDOR_KEY };
const variables = keyVariables({ merchantKey: MERCHANT_KEY, vendorKey: VENDOR_KEY });
const redactorFor = (sender: ReproduceContext['sender']) =>
  new Redactor([MERCHANT_KEY, VENDOR_KEY], { variables, sender });
/** Luhn-valid, and on no list of published test numbers: a card number nobody may see. */
const PRIVATE_CARD = '4929123456781236';

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

function exchange(headers: Record<string, string>, body?: unknown): Exchange {
  return {
    operation: 'tokenize',
    family: 'pg',
    request: { method: 'POST', url: 'http://gateway.test/pg/tokenize', headers, body },
    status: 200,
    headers: {},
    text: '{}',
    json: {},
    ms: 1,
  };
}

test('the section 5 token becomes -u with the variable of the key the request used: merchant or vendor', () => {
  const redactor = redactorFor('suite');
  expect(reproduceWithCurl(exchange({ authorization: `Basic ${apiToken(MERCHANT_KEY)}` }), redactor)).toContain(
    '-u ":$PG_API_KEY"',
  );
  expect(reproduceWithCurl(exchange({ authorization: `Basic ${apiToken(VENDOR_KEY)}` }), redactor)).toContain(
    '-u ":$PG_VENDOR_API_KEY"',
  );
});

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

test('a card number that is no published test number stays redacted unless the suite made it up for the mock', () => {
  const sent = exchange({ 'content-type': 'application/json' }, { card_number: PRIVATE_CARD, cvv2: '987' });
  for (const sender of ['application', 'suite'] as const) {
    const line = reproduceWithCurl(sent, redactorFor(sender));
    expect(line, sender).not.toContain(PRIVATE_CARD);
    expect(line, sender).not.toContain('987');
    expect(line, sender).toContain('[card …1236]');
  }
  expect(reproduceWithCurl(sent, redactorFor('suite on the mock'))).toContain(PRIVATE_CARD);
});

test("an application's credential built from no configured key is never written, only its scheme", () => {
  const line = reproduceWithCurl(
    exchange({ authorization: `Basic ${apiToken('some-key-nobody-told-us')}` }),
    new Redactor([], { variables, sender: 'application' }),
  );
  expect(line).toContain(`-H 'authorization: Basic [REDACTED]'`);
  expect(line).not.toContain(apiToken('some-key-nobody-told-us'));
});

test("a request without accept or content-type gets none of curl's defaults", async () => {
  const [got] = await replay([reproduceWithCurl(exchange({}, '{"merchant_id":"m-1"}'), redactorFor('suite'))]);
  expect(got!.headers.accept).toBeUndefined();
  expect(got!.headers['content-type']).toBeUndefined();
  expect(got!.body).toBe('{"merchant_id":"m-1"}');
});
