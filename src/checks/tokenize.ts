import { bodyField, succeeded, type Exchange } from '../transport/exchange.js';
import { keyOf, rejectionProblems } from './auth.js';
import { described } from './compared-answers.js';
import { acceptanceProblems, refusalProblems } from './errors.js';
import { firstFailing, judgeIn } from './judge.js';
import { brokenFormats, judgeApplicationRequest } from './request.js';
import { objectOf, RuleTally, type ExchangeCheck, type FamilyChecks } from './tally.js';
import { maskable, maskingProblems } from './tokenize/card-number.js';
import { earlierNumberGone, someUpdateAccepted, storedAsUpdated } from './tokenize/card-updates.js';
import { documentedFieldsTaken } from './tokenize/field-refusals.js';

const judge = judgeIn(import.meta.url);

/**
 * TOK: sections 2.1, 2.2 and 4.1, on one tokenize exchange. Rules that need several exchanges or the
 * target's state (TOK-1 uniqueness, TOK-3, TOK-4, TOK-11, TOK-12) are judged by the spec files with the
 * helpers in tokenize/ and here.
 */

function nonEmpty(answer: Exchange, field: string): string[] {
  const value = bodyField(answer, field);
  return typeof value === 'string' && value !== ''
    ? []
    : [`${field} is ${value === undefined ? 'absent' : JSON.stringify(value)}, expected a non-empty string`];
}

/** TOK-1: a new card answers rcode "000" with a non-empty card_id and pg_id. */
export function newCardProblems(answer: Exchange): string[] {
  return [
    ...(succeeded(answer) ? [] : [`rcode is ${JSON.stringify(bodyField(answer, 'rcode'))}, expected "000"`]),
    ...nonEmpty(answer, 'card_id'),
    ...nonEmpty(answer, 'pg_id'),
  ];
}

/** TOK-1 across new cards: no two of them share a card_id. */
export function sharedCardIdProblems(answers: readonly Exchange[]): string[] {
  const ids = answers.map((a) => bodyField(a, 'card_id'));
  const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
  return repeated.length ? [`${repeated.length} of ${ids.length} card IDs repeat an earlier one`] : [];
}

/**
 * A new entry is stored (newCardProblems), judged for `expected`; `what` is what it counts as, where `counted`:
 * an entry made only to be updated is not, the update's rule (TOK-2) judges what follows.
 */
const newEntry = (answer: Exchange, expected: string, counted: boolean, what: string) => ({
  problems: newCardProblems(answer),
  expected,
  ...(counted ? { judged: { count: 1, what } } : {}),
});

/** TOK-1: a new card is tokenized; `expected` says what the test needed it for. */
export const newCardTokenized = judge(
  'TOK-1',
  function newCardTokenized(
    answer: Exchange,
    expected: string = 'rcode "000" with a non-empty card_id and pg_id',
    counted: boolean = true,
  ) {
    return newEntry(answer, expected, counted, 'new cards');
  },
);

/** TOK-1 across new cards: no two of `answers` share a card_id. */
export const distinctCardIds = judge('TOK-1', function distinctCardIds(answers: readonly Exchange[]) {
  return {
    problems: sharedCardIdProblems(answers),
    expected: `${answers.length} distinct card IDs`,
    judged: { count: answers.length, what: 'new cards' },
    evidence: answers.slice(0, 2),
  };
});

/** TOK-3: ACH data (type_id S) is saved under a new card_id. */
export const achTokenized = judge(
  'TOK-3',
  function achTokenized(
    answer: Exchange,
    expected: string = 'rcode "000" with a card_id and pg_id for ACH data',
    counted: boolean = true,
  ) {
    return newEntry(answer, expected, counted, 'ACH tokenizations');
  },
);

/** TOK-4: a wallet payload is saved under a new card_id. */
export const walletTokenized = judge(
  'TOK-4',
  function walletTokenized(
    answer: Exchange,
    expected: string = 'rcode "000" with a card_id and pg_id for a wallet payload',
    counted: boolean = true,
  ) {
    return newEntry(answer, expected, counted, 'wallet tokenizations');
  },
);

/** TOK-5: an integrator with the vendor key and its vendor_id tokenizes. */
export const integratorTokenized = judge('TOK-5', function integratorTokenized(answer: Exchange) {
  return newEntry(answer, 'rcode "000" with a card_id for the integrator', true, 'integrator tokenizations');
});

/**
 * TOK-6: rcode is "000" exactly when a card was produced: on `produced` (a valid new card) and not on `refused`
 * (one with an expiry month 13). The success is judged first; the first side with problems is the finding.
 */
export const rcodeTellsProduced = judge('TOK-6', function rcodeTellsProduced(produced: Exchange, refused: Exchange) {
  return firstFailing(
    { count: 2, what: 'tokenizations' },
    { problems: acceptanceProblems(produced), expected: 'rcode "000" on success', answer: produced },
    { problems: refusalProblems(refused), expected: 'any rcode but "000" on failure', answer: refused },
  );
});

/** TOK-10: an update naming a card_id that names no stored card (the suite's knowledge, not the answer's) fails. */
export const unknownCardIdRefused = judge('TOK-10', function unknownCardIdRefused(answer: Exchange) {
  return {
    problems: refusalProblems(answer),
    expected: 'a failure for a card_id that names no stored card',
    judged: { count: 1, what: 'requests breaking a stated format' },
  };
});

/** Every rule one tokenize exchange settles: TOK_CHECKS names them as judged by `judgeTokenizeAnswer`. */
export function tokenizeAnswerFindings(exchange: Exchange, j = new RuleTally()): RuleTally {
  const sent = objectOf(exchange.request.body);
  if (!sent) return j;
  const ok = succeeded(exchange);
  if (sent.merchant_id === undefined)
    j.add('TOK-7', rejectionProblems(exchange), 'a tokenize request without merchant_id is not accepted');
  if (brokenFormats('TOK-10', sent).length)
    j.add(
      'TOK-10',
      rejectionProblems(exchange),
      'a request breaking exp_date MMYY or tr_number nine digits is not a success',
    );
  if (!ok) {
    const cardId = bodyField(exchange, 'card_id');
    j.add(
      'TOK-6',
      typeof cardId === 'string' && cardId !== '' ? ['a failed tokenization still returned a card_id'] : [],
      'no card_id on failure',
    );
  }
  if (ok && sent.card_id === undefined)
    j.add('TOK-1', newCardProblems(exchange), 'a new card answers a non-empty card_id and pg_id');
  // Section 2.1: a request with card_id updates that card, whatever payment information it carries; one answer
  // cannot tell which kind the card held, and no sentence lets an accepted update answer another card ID.
  if (ok && typeof sent.card_id === 'string') {
    const back = bodyField(exchange, 'card_id');
    j.add(
      'TOK-2',
      back === sent.card_id ? [] : [`the answer names card_id ${JSON.stringify(back)}, not the one updated`],
      'an update answers the card_id it updated',
    );
  }
  const masked = bodyField(exchange, 'card_number');
  // A new card's answer shows the masked number; an update may leave it out (the suite holds both so).
  if (ok && maskable(sent.card_number) && (masked !== undefined || sent.card_id === undefined)) {
    j.add(
      'TOK-8',
      maskingProblems(masked, sent.card_number).map((p) => `card_number ${p}`),
      'first four digits, one x per hidden digit, last six digits',
    );
  }
  if (typeof sent.echo_fields === 'string') {
    const back = bodyField(exchange, 'echo_fields');
    // Limits on echo_fields are not shown: a failure may leave it out, but whatever comes back is the string sent.
    if (back !== undefined || ok)
      j.add(
        'TOK-9',
        back === sent.echo_fields
          ? []
          : [`echo_fields came back as ${back === undefined ? 'absent' : JSON.stringify(back)}`],
        'echo_fields byte for byte as sent',
      );
  }
  return j;
}

/** TOK-5: a request authenticated with the vendor key names the integrator in vendor_id. */
export function vendorIdProblems(body: Record<string, unknown>, vendorId: number | undefined): string[] {
  if (body.vendor_id === undefined) return ['the integrator (vendor key) sent no vendor_id'];
  if (vendorId !== undefined && body.vendor_id !== vendorId)
    return [`vendor_id is ${JSON.stringify(body.vendor_id)}, not the integrator's own ID`];
  return [];
}

/**
 * TOK-12: the same valid new-card request sent with merchant_id as section 2.1's string and as a JSON number.
 * Only the string refused while the number is accepted breaks the rule: both refused is another rule's
 * failure (TOK-1), and says nothing of the type.
 */
export function merchantIdStringProblems(asString: Exchange, asNumber: Exchange): string[] {
  if (succeeded(asString) || !succeeded(asNumber)) return [];
  return [
    `the request with merchant_id as a string was refused (${described(asString)}) and the same request with ` +
      `merchant_id as a JSON number was accepted (${described(asNumber)})`,
  ];
}

/** TOK-12: where tokenize accepts merchant_id as a JSON number, it does not refuse the same request with the string. */
export const stringFormTaken = judge('TOK-12', function stringFormTaken(asString: Exchange, asNumber: Exchange) {
  return {
    problems: merchantIdStringProblems(asString, asNumber),
    expected: 'merchant_id accepted as a string wherever it is accepted as a number',
  };
});

/** A tokenize that neither succeeded nor carried echo_fields back: its echo_fields value was declined. */
export const echoDeclined = (answer: Exchange) => bodyField(answer, 'echo_fields') === undefined && !succeeded(answer);

/**
 * TOK-9: an ordinary echo_fields value (`echo`, an array of one name and value) is not declined: its answer is
 * a success or carries echo_fields, which the gateway fixture then judges. Unusual values may be declined.
 */
export const ordinaryEchoServed = judge('TOK-9', function ordinaryEchoServed(answer: Exchange, echo: string) {
  return {
    problems: echoDeclined(answer)
      ? [`the ordinary echo_fields value was declined (rcode ${JSON.stringify(bodyField(answer, 'rcode'))})`]
      : [],
    expected: `echo_fields ${JSON.stringify(echo)} unchanged`,
  };
});

const judgeTokenizeAnswer: ExchangeCheck = (exchange, tally) => {
  if (exchange.operation === 'tokenize') tokenizeAnswerFindings(exchange, tally);
};

/** TOK-5 on the caller's side: a request sent with the vendor key names the integrator. */
const judgeVendorRequest: ExchangeCheck = (exchange, tally, context) => {
  const fields = exchange.operation === 'tokenize' ? objectOf(exchange.request.body) : undefined;
  const key = keyOf(exchange.request.headers.authorization);
  if (fields && context.vendor && key === context.vendor.apiKey)
    tally.add(
      'TOK-5',
      vendorIdProblems(fields, context.vendor.vendorId),
      "vendor_id with the integrator's ID when the vendor key is used",
    );
};

export const TOK_CHECKS: FamilyChecks = {
  'TOK-1': { gateway: judgeTokenizeAnswer, run: newCardProblems, judges: [newCardTokenized, distinctCardIds] },
  'TOK-2': {
    gateway: judgeTokenizeAnswer,
    judges: [someUpdateAccepted, earlierNumberGone, storedAsUpdated],
  },
  'TOK-3': { judges: [achTokenized] },
  'TOK-4': { judges: [walletTokenized] },
  'TOK-5': { application: judgeVendorRequest, judges: [integratorTokenized] },
  'TOK-6': { gateway: judgeTokenizeAnswer, judges: [rcodeTellsProduced] },
  'TOK-7': { gateway: judgeTokenizeAnswer, application: judgeApplicationRequest },
  'TOK-8': { gateway: judgeTokenizeAnswer },
  'TOK-9': { gateway: judgeTokenizeAnswer, judges: [ordinaryEchoServed] },
  'TOK-10': { gateway: judgeTokenizeAnswer, application: judgeApplicationRequest, judges: [unknownCardIdRefused] },
  'TOK-11': { judges: [documentedFieldsTaken] },
  'TOK-12': { run: merchantIdStringProblems, judges: [stringFormTaken] },
};
