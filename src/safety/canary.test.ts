import { expect, test } from '../testing/fixtures.js';
import { zipSync } from 'fflate';
import { apiToken } from '../transport/auth.js';
import { TEST_ACH, TEST_CARDS } from '../catalogue/test-cards.js';
import { MOCK_DEFAULTS } from '../mock/defaults.js';
import { startMock } from '../mock/start.js';
import { ScriptedClient } from '../testing/stand-ins/scripted-client.js';
import { startSession } from '../proxy/session.js';
import { REPRODUCE_LINE, searchBytes } from '../testing/readers/canary-search.js';
import { MERCHANT_KEY, PRIVATE_CARD, search, searchText, VENDOR_KEY } from '../testing/made-up/canaries.js';

test('the search finds a canary in plain text, escaped JSON, zip entries and base64 zip data URIs', () => {
  const canary = MERCHANT_KEY;
  expect(searchBytes(Buffer.from(`x ${canary} y`), 'a', [canary])).toHaveLength(1);
  expect(
    searchBytes(Buffer.from(JSON.stringify({ m: JSON.stringify({ cvv2: '123' }) })), 'b', ['cvv2":"123"']),
  ).toHaveLength(1);
  const zip = zipSync({ 'trace.trace': Buffer.from(`{"h":"${canary}"}`) });
  expect(searchBytes(zip, 'c', [canary])).toEqual([{ where: 'c!trace.trace', canary }]);
  const html = Buffer.from(
    `<script>window.data = ` +
      `"data:application/zip;base64,${Buffer.from(zipSync({ 'r.json': Buffer.from(canary) })).toString('base64')}";</script>`,
  );
  expect(searchBytes(html, 'd', [canary])).toEqual([{ where: 'd#data-uri!r.json', canary }]);
  expect(searchBytes(Buffer.from('nothing here'), 'e', [canary])).toEqual([]);
});

test('published test data inside a reproduce line is no hit; outside it, or after the line ends, it is', () => {
  const card = TEST_CARDS[3].number;
  const line = `Reproduce with: curl -sS -X POST -u ":$PG_API_KEY" --data-raw '{"card_number":"${card}"}' 'http://x/pg/tokenize'`;
  expect(searchBytes(Buffer.from(line), 'a', [card], [], REPRODUCE_LINE)).toEqual([]);
  expect(
    searchBytes(Buffer.from(JSON.stringify({ message: `${line}\nSent: ${card}` })), 'b', [card], [], REPRODUCE_LINE),
  ).toEqual([{ where: 'b', canary: card }]);
  expect(searchBytes(Buffer.from(`<pre>${line}</pre><p>${card}</p>`), 'c', [card], [], REPRODUCE_LINE)).toEqual([
    { where: 'c', canary: card },
  ]);
  expect(searchBytes(Buffer.from(`Sent: ${card}`), 'd', [card], [], REPRODUCE_LINE)).toEqual([
    { where: 'd', canary: card },
  ]);
});

test('the proxy prints and writes no key, token, card number, CVV or account number, with findings on both sides', async ({}, testInfo) => {
  // The gateway leaks a full 19-digit number (a finding that prints the answer); the application makes
  // every deliberate mistake, sends its keys wrongly too, and the proxy is told no key at all: it must
  // learn them from the traffic to redact them.
  const mock = await startMock({
    credentials: { apiKey: MERCHANT_KEY, vendorApiKey: VENDOR_KEY },
    faults: ['mask-full-19-digits'],
  });
  const lines: string[] = [];
  const dir = testInfo.outputPath('proxy-reports');
  try {
    const session = await startSession({
      upstream: mock.url,
      target: { kind: 'embedded mock', origin: mock.url },
      host: '127.0.0.1',
      port: 0,
      secrets: [],
      context: {},
      print: (line) => lines.push(line),
    });
    const client = new ScriptedClient(session.proxy.url, {
      merchantId: MOCK_DEFAULTS.merchantId,
      apiKey: MERCHANT_KEY,
      webhookId: MOCK_DEFAULTS.webhookId,
    });
    await client.run(60, ['token-without-colon', 'no-merchant-id', 'exp-date-with-slash']);
    const send = (authorization: string, body: unknown) =>
      fetch(`${session.proxy.url}/pg/tokenize`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.text());
    // The key unencoded in the header and, by mistake, in the body: only redaction by value catches that.
    await send(`Basic ${MERCHANT_KEY}`, {
      merchant_id: MOCK_DEFAULTS.merchantId,
      api_key: MERCHANT_KEY,
      card_number: TEST_CARDS[0].number,
      cvv2: '123',
      tr_number: TEST_ACH.tr_number,
      dda_number: TEST_ACH.dda_number,
    });
    await send(`Basic ${apiToken(VENDOR_KEY)}`, {
      merchant_id: MOCK_DEFAULTS.merchantId,
      card_number: TEST_CARDS[7].number,
      exp_date: '12/99',
      cvv2: '123',
    });
    await send(VENDOR_KEY, { merchant_id: MOCK_DEFAULTS.merchantId, card_number: TEST_CARDS[3].number, cvv2: '123' });
    // A customer's card (no published test number) with a finding (exp_date MM/YY): its reproduce line must hide it too.
    await send(`Basic ${apiToken(MERCHANT_KEY)}`, {
      merchant_id: MOCK_DEFAULTS.merchantId,
      card_number: PRIVATE_CARD,
      exp_date: '12/29',
      cvv2: '987',
    });
    const { report, files } = await session.finish(dir);
    expect(
      report.rules.some((r) => r.side === 'gateway' && r.ruleId === 'TOK-8' && r.broken),
      'the leak was reported',
    ).toBe(true);
    expect(
      report.rules.filter((r) => r.side === 'application' && r.broken).length,
      'application findings were reported',
    ).toBeGreaterThan(3);
    expect(files).toHaveLength(3);
    const { hits, files: searched, bytes } = search(dir);
    hits.push(...searchText(lines.join('\n'), 'proxy console output'));
    testInfo.annotations.push({
      type: 'searched',
      description: `${searched} files, ${bytes} bytes, and ${lines.length} console lines`,
    });
    expect(hits).toEqual([]);
  } finally {
    await mock.close();
  }
});
