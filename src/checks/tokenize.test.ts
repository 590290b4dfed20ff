import { expect, test } from '../testing/fixtures.js';
import { newAchRequest, newCardRequest, newWalletRequest } from '../catalogue/request-builders.js';
import type { Exchange } from '../transport/exchange.js';
import {
  merchantIdStringProblems,
  newCardProblems,
  sharedCardIdProblems,
  tokenizeAnswerFindings,
  vendorIdProblems,
} from './tokenize.js';

function tokenize(body: Record<string, unknown>, answer: Record<string, unknown>, status = 200): Exchange {
  return {
    operation: 'tokenize',
    family: 'pg',
    request: { method: 'POST', url: 'http://gw.test/pg/tokenize', headers: {}, body },
    status,
    headers: { 'content-type': 'application/json' },
    text: JSON.stringify(answer),
    json: answer,
    ms: 1,
  };
}

const ok = { rcode: '000', rmsg: 'ok', pg_id: 'pg1', card_id: 'card1', card_number: '4111xxxxxx111111' };
const failed = { rcode: '405', rmsg: 'bad expiry', pg_id: 'pg2' };
const judged = (e: Exchange) => tokenizeAnswerFindings(e);
const broken = (e: Exchange) => Object.fromEntries(judged(e).findings.map((f) => [f.ruleId, f.problems]));

test('a new card is held to TOK-1 (card_id and pg_id) and TOK-8 (the number sent, masked)', () => {
  const good = judged(tokenize(newCardRequest('m'), ok));
  expect(good.checked).toEqual(['TOK-1', 'TOK-8']);
  expect(good.findings).toEqual([]);
  expect(broken(tokenize(newCardRequest('m'), { ...ok, card_id: '', pg_id: undefined }))).toEqual({
    'TOK-1': ['card_id is "", expected a non-empty string', 'pg_id is absent, expected a non-empty string'],
  });
  expect(broken(tokenize(newCardRequest('m'), { ...ok, card_number: '4111xxxxxx111112' }))).toEqual({
    'TOK-8': ['card_number does not end with the last six digits sent'],
  });
  // A new card's answer must show the masked number.
  expect(Object.keys(broken(tokenize(newCardRequest('m'), { ...ok, card_number: undefined })))).toEqual(['TOK-8']);
});

test('an accepted update answers the card_id it updated; it may leave the number out', () => {
  const update = newCardRequest('m', { card_id: 'card1' });
  const { card_number: _shown, ...withoutNumber } = ok;
  expect(judged(tokenize(update, withoutNumber)).checked).toEqual(['TOK-2']);
  expect(broken(tokenize(update, withoutNumber))).toEqual({});
  expect(broken(tokenize(update, { ...withoutNumber, card_id: 'card2' }))).toEqual({
    'TOK-2': ['the answer names card_id "card2", not the one updated'],
  });
  expect(judged(tokenize(update, ok)).checked).toEqual(['TOK-2', 'TOK-8']);
});

test('an update carrying ACH data or a wallet payload is held to its card_id like one carrying card data', () => {
  const { card_number: _shown, ...noNumber } = ok;
  // A request with card_id updates that card whatever it carries (section 2.1), another kind than the one held included.
  for (const update of [
    newAchRequest('m', { card_id: 'card1' }),
    newWalletRequest('m', 'payload_walletA_pay', { card_id: 'card1' }),
  ]) {
    const kind = Object.keys(update).join();
    expect(judged(tokenize(update, noNumber)).checked, kind).toEqual(['TOK-2']);
    expect(broken(tokenize(update, noNumber)), kind).toEqual({});
    expect(broken(tokenize(update, { ...noNumber, card_id: 'card2' })), kind).toEqual({
      'TOK-2': ['the answer names card_id "card2", not the one updated'],
    });
    // Which fields go together, and whether an entry may change kind, are not shown: a refusal is not judged by TOK-2.
    expect(judged(tokenize(update, failed, 400)).checked, kind).not.toContain('TOK-2');
  }
});

test('a failure answers no card_id (TOK-6); what the request broke must not be a success (TOK-7, TOK-10)', () => {
  expect(judged(tokenize(newCardRequest('m'), failed)).checked).toEqual(['TOK-6']);
  expect(broken(tokenize(newCardRequest('m'), { ...failed, card_id: 'card9' }))).toEqual({
    'TOK-6': ['a failed tokenization still returned a card_id'],
  });
  const { merchant_id: _m, ...noMerchant } = newCardRequest('m');
  expect(Object.keys(broken(tokenize(noMerchant, ok)))).toEqual(['TOK-7']);
  expect(judged(tokenize(noMerchant, failed, 400)).findings).toEqual([]);
  for (const body of [newCardRequest('m', { exp_date: '1329' }), { merchant_id: 'm', tr_number: '12345' }]) {
    expect(Object.keys(broken(tokenize(body, ok))), JSON.stringify(body)).toContain('TOK-10');
    expect(judged(tokenize(body, failed, 400)).findings, JSON.stringify(body)).toEqual([]);
  }
});

test('echo_fields comes back byte for byte; a failure may leave it out, never change it', () => {
  const echo = ' [{"a":"1"}]';
  const sent = newCardRequest('m', { echo_fields: echo });
  expect(broken(tokenize(sent, { ...ok, echo_fields: echo }))).toEqual({});
  expect(broken(tokenize(sent, { ...ok, echo_fields: echo.trim() }))).toEqual({
    'TOK-9': ['echo_fields came back as "[{\\"a\\":\\"1\\"}]"'],
  });
  expect(broken(tokenize(sent, ok))).toEqual({ 'TOK-9': ['echo_fields came back as absent'] });
  expect(judged(tokenize(sent, failed, 400)).checked).not.toContain('TOK-9');
  expect(Object.keys(broken(tokenize(sent, { ...failed, echo_fields: '[]' }, 400)))).toEqual(['TOK-9']);
});

test('only a tokenize body is judged: an answer to a request without one holds no rule', () => {
  const noBody = { ...tokenize({}, ok), request: { ...tokenize({}, ok).request, body: undefined } };
  expect(judged(noBody).checked).toEqual([]);
});

test('TOK-1 on the answer to a request the suite knows is valid: rcode "000", card_id, pg_id', () => {
  expect(newCardProblems(tokenize(newCardRequest('m'), ok))).toEqual([]);
  expect(newCardProblems(tokenize(newCardRequest('m'), failed))).toEqual([
    'rcode is "405", expected "000"',
    'card_id is absent, expected a non-empty string',
  ]);
});

test('TOK-5: an integrator names its own ID in vendor_id', () => {
  expect(vendorIdProblems({ vendor_id: 7 }, 7)).toEqual([]);
  expect(vendorIdProblems({}, 7)).toEqual(['the integrator (vendor key) sent no vendor_id']);
  expect(vendorIdProblems({ vendor_id: 8 }, 7)).toEqual(["vendor_id is 8, not the integrator's own ID"]);
});

test('TOK-12 fails only where the string is refused and the number accepted', () => {
  const accepted = tokenize(newCardRequest('m'), ok);
  const refused = tokenize(newCardRequest('m'), { rcode: '206', rmsg: 'merchant_id must be an integer' }, 400);
  expect(merchantIdStringProblems(refused, accepted)).toHaveLength(1);
  expect(merchantIdStringProblems(accepted, accepted)).toEqual([]);
  expect(merchantIdStringProblems(refused, refused)).toEqual([]);
});

test('TOK-1 across new cards: no two share a card_id', () => {
  const card = (cardId: string) => tokenize(newCardRequest('m'), { ...ok, card_id: cardId });
  expect(sharedCardIdProblems([card('card1'), card('card2'), card('card3')])).toEqual([]);
  expect(sharedCardIdProblems([card('card1'), card('card2'), card('card1')])).toEqual([
    '1 of 3 card IDs repeat an earlier one',
  ]);
});
