import { expect, test } from '../../testing/fixtures.js';
import { statedFormat } from '../../catalogue/stated-formats.js';
import {
  cardDataAlone,
  crossKindUpdate,
  declinedUpdate,
  firstAcceptedUpdate,
  refusedPartialUpdate,
  refusedUpdate,
  earlierNumberProblems,
  storedUpdateProblems,
} from './card-updates.js';
import type { Exchange } from '../../transport/exchange.js';
import type { MockCard } from '../../transport/mock-control-client.js';
import { DEFAULT_TEST_CARD, TEST_ACH } from '../../catalogue/test-cards.js';
import { newAchRequest, newCardRequest, newWalletRequest } from '../../catalogue/request-builders.js';

/** A tokenize answer as a sandbox that takes only the numbers `takes` accepts would give it. */
const sandbox = (takes: (number: string) => boolean) => {
  const sent: string[] = [];
  const send = async (number: string): Promise<Exchange> => {
    sent.push(number);
    const json = takes(number) ? { rcode: '000', card_id: 'tok_1' } : { rcode: '404', rmsg: 'Card type not accepted' };
    return {
      operation: 'tokenize',
      family: 'pg',
      request: { method: 'POST', url: 'http://127.0.0.1/pg/tokenize', headers: {}, body: {} },
      status: 200,
      headers: {},
      text: JSON.stringify(json),
      json,
      ms: 1,
    };
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
  expect(text).toBe(
    'an update to the 15-digit amex test number was declined (rcode "404", HTTP 200); which brands and ' +
      'lengths a gateway takes is not shown',
  );
  expect(`${text} ${reason}`).not.toMatch(/[0-9]{12}/);
});

/** A tokenize answer carrying `json`, to the request `body`. */
const answer = (json: Record<string, unknown>, status = 200, body: Record<string, unknown> = {}): Exchange => ({
  operation: 'tokenize',
  family: 'pg',
  request: { method: 'POST', url: 'http://127.0.0.1/pg/tokenize', headers: {}, body },
  status,
  headers: {},
  text: JSON.stringify(json),
  json,
  ms: 1,
});

test("partial updates send each field of section 4.1 rule 3's card data alone, the number the card holds for card_number", () => {
  const updates = cardDataAlone();
  expect(updates.map((u) => Object.keys(u))).toEqual([
    ['exp_date'],
    ['cvv2'],
    ['avs_address'],
    ['avs_zip'],
    ['email_address'],
    ['card_number'],
  ]);
  expect(updates.find((u) => u.card_number)?.card_number).toBe(DEFAULT_TEST_CARD);
  const expDate = statedFormat('TOK-10', 'TokenizeRequest', 'exp_date');
  expect(expDate.fits(updates.find((u) => u.exp_date)?.exp_date)).toBe(true);
});

test('an update to another number that answers the number the card held before is found; one to the same number is not', () => {
  const created = answer({ rcode: '000', card_id: 'tok_1', card_number: '4111xxxxxx111111' });
  const update = (card_number: string, number = '5555555555554444') => ({
    number,
    answer: answer({ rcode: '000', card_id: 'tok_1', card_number }),
  });
  expect(earlierNumberProblems(created, update('5555xxxxxx554444'), DEFAULT_TEST_CARD)).toEqual([]);
  expect(earlierNumberProblems(created, update('4111xxxxxx111111'), DEFAULT_TEST_CARD)).toEqual([
    'the answer shows card_number "4111xxxxxx111111", the number the card held before the update',
  ]);
  expect(earlierNumberProblems(created, update('4111xxxxxx111111', DEFAULT_TEST_CARD), DEFAULT_TEST_CARD)).toEqual([]);
  // An update may leave the number out of its answer.
  expect(
    earlierNumberProblems(created, { number: '5555555555554444', answer: answer({ rcode: '000' }) }, DEFAULT_TEST_CARD),
  ).toEqual([]);
});

test("a refused partial update is an observation of the field, with the answer's code and status", () => {
  const { text, data, reason } = refusedPartialUpdate(
    'exp_date',
    answer({ rcode: '433', rmsg: 'nothing to update' }, 400),
  );
  expect(text).toContain('card_id and exp_date alone was refused (rcode "433", HTTP 400)');
  expect(data).toEqual({ kind: 'refused-partial-update', subject: 'exp_date', value: 'rcode "433", HTTP 400' });
  expect(reason).toContain('not shown');
});

test('a refused update of ACH data or of a wallet payload is an observation of the kind, left unjudged', () => {
  const { text, data, reason } = refusedUpdate('ACH', answer({ rcode: '432', rmsg: 'kind' }, 400));
  expect(text).toBe(
    'an update carrying card_id and ACH data was refused (rcode "432", HTTP 400); which fields must be present ' +
      'together is not shown',
  );
  expect(data).toEqual({ kind: 'refused-update', subject: 'ACH data', value: 'rcode "432", HTTP 400' });
  expect(reason).toContain('not judged');
  expect(refusedUpdate('wallet', answer({ rcode: '421' })).data.subject).toBe('a wallet payload');
});

test('a cross-kind update is observed as refused, accepted under the card_id sent or under another one', () => {
  const achToCard = newAchRequest('m', { card_id: 'tok_1' });
  expect(crossKindUpdate('card', answer({ rcode: '432' }, 400, achToCard))).toEqual({
    text: 'ACH data sent with the card_id of a card was refused (rcode "432", HTTP 400); whether an entry may change kind is not shown',
    data: { kind: 'cross-kind-update', subject: 'ACH data to a card', value: 'refused (rcode "432", HTTP 400)' },
  });
  const cardToAch = newCardRequest('m', { card_id: 'tok_2' });
  expect(crossKindUpdate('ACH', answer({ rcode: '000', card_id: 'tok_2' }, 200, cardToAch)).data).toEqual({
    kind: 'cross-kind-update',
    subject: 'card data to an ACH entry',
    value: 'accepted under the card_id sent',
  });
  expect(crossKindUpdate('ACH', answer({ rcode: '000', card_id: 'tok_9' }, 200, cardToAch)).data.value).toBe(
    'accepted under another card_id',
  );
});

test('the stored entry is held to each field an accepted update sent, in the forms the mock keeps', () => {
  const stored = (over: Partial<MockCard>): MockCard => ({
    card_id: 'tok_1',
    kind: 'ach',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:01.000Z',
    updates: 1,
    ...over,
  });
  const accepted = (body: Record<string, unknown>) => answer({ rcode: '000', card_id: 'tok_1' }, 200, body);
  const ach = accepted(newAchRequest('m', { card_id: 'tok_1', cardholder_name: 'Conformance Update' }));
  const achHeld = { dda_number: 'xxxxxxxx6789', type_id: 'S', cardholder_name: 'Conformance Update' };
  expect(storedUpdateProblems(stored(achHeld), ach)).toEqual([]);
  const notStored = storedUpdateProblems(stored({ ...achHeld, cardholder_name: 'Conformance Test' }), ach);
  expect(notStored).toEqual(['the stored cardholder_name is "Conformance Test", expected "Conformance Update"']);
  const otherAccount = storedUpdateProblems(stored({ ...achHeld, dda_number: 'xxxxxxxx4321' }), ach);
  expect(otherAccount).toEqual([
    'the stored dda_number is "xxxxxxxx4321", which does not end with the last four digits sent',
  ]);
  expect(otherAccount.join(' ')).not.toContain(TEST_ACH.dda_number);

  const wallet = accepted(newWalletRequest('m', 'payload_walletB_pay', { card_id: 'tok_1' }));
  expect(storedUpdateProblems(stored({ kind: 'wallet', wallet: 'walletB' }), wallet)).toEqual([]);
  expect(storedUpdateProblems(stored({ kind: 'wallet', wallet: 'walletA' }), wallet)).toEqual([
    'the stored wallet is "walletA", expected "walletB"',
  ]);

  const card = accepted(newCardRequest('m', { card_id: 'tok_1', card_number: '5555555555554444', exp_date: '0631' }));
  const cardHeld = { kind: 'card' as const, card_number: '5555xxxxxx554444', exp_date: '0631' };
  expect(storedUpdateProblems(stored({ ...cardHeld, cardholder_name: 'Conformance Test' }), card)).toEqual([]);
  expect(storedUpdateProblems(stored({ ...cardHeld, kind: 'ach', cardholder_name: 'Conformance Test' }), card)).toEqual(
    ['the stored kind is "ach", expected "card"'],
  );
  const oldNumber = storedUpdateProblems(stored({ ...cardHeld, card_number: '4111xxxxxx111111' }), card);
  expect(oldNumber).toContain('the stored card_number is "4111xxxxxx111111", expected "5555xxxxxx554444"');
  expect(oldNumber.join(' ')).not.toContain('5555555555554444');
});
