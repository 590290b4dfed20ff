import { expect, test } from '@playwright/test';
import { declinedUpdate, firstAcceptedUpdate } from './card-updates.js';
import type { Exchange } from './exchange.js';
import { DEFAULT_TEST_CARD } from './test-cards.js';

/** A tokenize answer as a sandbox that takes only the numbers `takes` accepts would give it. */
const sandbox = (takes: (number: string) => boolean) => {
  const sent: string[] = [];
  const send = async (number: string): Promise<Exchange> => {
    sent.push(number);
    const json = takes(number) ? { rcode: '000', card_id: 'tok_1' } : { rcode: '404', rmsg: 'Card type not accepted' };
    return { operation: 'tokenize', family: 'pg', request: { method: 'POST', url: 'http://127.0.0.1/pg/tokenize', headers: {}, body: {} }, status: 200, headers: {}, text: JSON.stringify(json), json, ms: 1 };
  };
  return { sent, send };
};

test('the preferred number is the only one sent when the gateway takes it', async () => {
  const { sent, send } = sandbox(() => true);
  const outcome = await firstAcceptedUpdate(send, '378282246310005', DEFAULT_TEST_CARD);
  expect(outcome.accepted?.number).toBe('378282246310005');
  expect(outcome.declined).toEqual([]);
  expect(sent).toEqual(['378282246310005']);
});

test('a declined brand falls back to other published numbers, the one the card holds last', async () => {
  const { sent, send } = sandbox((n) => n.startsWith('4'));
  const outcome = await firstAcceptedUpdate(send, '378282246310005', '4012888888881881');
  expect(sent).toEqual(['378282246310005', '5555555555554444', DEFAULT_TEST_CARD]);
  expect(outcome.accepted?.number).toBe(DEFAULT_TEST_CARD);
  expect(outcome.declined.map(declinedUpdate).map((d) => d.data)).toEqual([
    { kind: 'declined-update-card', subject: 'amex', value: 15 },
    { kind: 'declined-update-card', subject: 'mastercard', value: 16 },
  ]);
});

test('a gateway that declines every update, the number the card holds included, accepts none', async () => {
  const { sent, send } = sandbox(() => false);
  const outcome = await firstAcceptedUpdate(send, '5555555555554444', DEFAULT_TEST_CARD);
  expect(outcome.accepted).toBeUndefined();
  expect(sent.at(-1)).toBe(DEFAULT_TEST_CARD);
  expect(new Set(sent).size).toBe(sent.length);
});

test('what a declined update reports names brand and length, never the digits', async () => {
  const { send } = sandbox(() => false);
  const [declined] = (await firstAcceptedUpdate(send, '378282246310005', DEFAULT_TEST_CARD)).declined;
  const { text, reason } = declinedUpdate(declined!);
  expect(text).toBe('an update to the 15-digit amex test number was declined (rcode "404", HTTP 200); which brands and lengths a gateway takes is not shown');
  expect(`${text} ${reason}`).not.toMatch(/[0-9]{12}/);
});
