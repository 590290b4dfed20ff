import { runScript } from '../../testing/runners/run-webhook-check.js';
import { expect, test } from '../../testing/fixtures.js';

const KEY = 'sk_sandbox_receive_test_0123456789';

test('logs a posted delivery with the card number, CVV and key redacted, and stops cleanly on SIGTERM', async () => {
  const receiver = runScript('receive/receive.ts', ['--port', '0'], { PG_API_KEY: KEY, PG_VENDOR_API_KEY: '' });
  const [, url] = await receiver.waitForOutput(/listening on (http:\/\/127\.0\.0\.1:[0-9]+\/)/);
  const body = JSON.stringify({
    event: 'card.tokenized',
    card_number: '4111 1111 1111 1111',
    pan: 5555555555554444,
    cvv: '123',
    cvv2: 987,
    note: KEY,
  });
  const res = await fetch(`${url}notify?cvc=321`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
    body,
  });
  expect(res.status).toBe(200);

  const [line] = await receiver.waitForOutput(/POST \/notify.*\n.*\n/);
  expect(line).toContain('POST /notify?cvc=[REDACTED]  content-type: application/json');
  expect(line).toContain('"card_number":"[card …1111]"');
  expect(line).toContain('"pan":[card …4444]');
  expect(line).toContain('"cvv":"[REDACTED]"');
  expect(line).toContain('"cvv2":"[REDACTED]"');
  expect(line).toContain('"note":"[REDACTED]"');
  // The receiver's own figures (its port, each line's time stamp) may hold any three digits: the CVVs are looked
  // for in everything else it printed.
  const printed = receiver
    .output()
    .stdout.replaceAll(url!, '')
    .replace(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z /gm, '');
  for (const secret of ['4111 1111 1111 1111', '5555555555554444', '"123"', '987', '321', KEY])
    expect(printed).not.toContain(secret);

  receiver.child.kill('SIGTERM');
  expect(await receiver.exited).toBe(0);
  expect(receiver.output().stdout).toContain('Webhook receiver stopped.');
});

test('answers POSTs with the --status asked for, and other methods with 405', async () => {
  const receiver = runScript('receive/receive.ts', ['--port', '0', '--status', '503']);
  const [, url] = await receiver.waitForOutput(/listening on (http:\/\/127\.0\.0\.1:[0-9]+\/)/);
  expect(receiver.output().stdout).toContain('(answers 503 to every POST)');
  expect(
    (await fetch(url!, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status,
  ).toBe(503);
  const get = await fetch(url!);
  expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
  receiver.child.kill('SIGINT');
  expect(await receiver.exited).toBe(0);
});

test('an impossible --status is a usage error, exit 2', async () => {
  const receiver = runScript('receive/receive.ts', ['--status', '99']);
  expect(await receiver.exited).toBe(2);
  expect(receiver.output().stderr).toContain('--status must be an HTTP status from 200 to 599');
});
