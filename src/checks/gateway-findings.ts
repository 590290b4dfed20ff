import { isFullCardNumber, maskingProblems } from './tokenize/card-number.js';
import { disclosureProblems, refusalProblems, rejectionProblems } from './answer-problems.js';
import { answerFindings } from './answer-findings.js';
import { bodyField, succeeded, type Exchange } from '../transport/exchange.js';
import { Judgement } from './judgement.js';
import { authorizationFindings } from './request-findings.js';

/**
 * The gateway's side of one exchange, judged against what was sent: the rules the suite checks on a
 * single exchange (answerFindings for sections 2 and 7, plus the tokenize, vault and webhook rules that
 * need the request beside the answer). Rules that need several exchanges or the target's state
 * (TOK-1 uniqueness, VAULT-4 coverage, HOOK-2's "does not exist", HOOK-3 onwards) are not judged here.
 */

type Body = Record<string, unknown>;

function objectOf(value: unknown): Body | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : undefined;
}

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

const MMYY = /^(0[1-9]|1[0-2])[0-9]{2}$/;

/** TOK-1, TOK-2, TOK-6, TOK-7, TOK-8, TOK-9, TOK-10 on one tokenize exchange. */
export function tokenizeAnswerFindings(exchange: Exchange, j = new Judgement()): Judgement {
  const sent = objectOf(exchange.request.body);
  if (!sent) return j;
  const ok = succeeded(exchange);
  if (sent.merchant_id === undefined)
    j.add('TOK-7', rejectionProblems(exchange), 'a tokenize request without merchant_id is not accepted');
  const badFormat =
    (typeof sent.exp_date === 'string' && !MMYY.test(sent.exp_date)) ||
    (typeof sent.tr_number === 'string' && !/^[0-9]{9}$/.test(sent.tr_number));
  if (badFormat)
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
  if (
    ok &&
    typeof sent.card_number === 'string' &&
    /^[0-9]{11,}$/.test(sent.card_number) &&
    (masked !== undefined || sent.card_id === undefined)
  ) {
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

function nonNegativeInteger(text: string | null): number | undefined {
  return text !== null && /^[0-9]+$/.test(text) ? Number(text) : undefined;
}

/** VAULT-7: every card number a customer record shows, with where it stands. */
export function cardNumbersOf(record: object): [string, unknown][] {
  const customer = record as Body;
  const cards = Array.isArray(customer.billing_cards) ? customer.billing_cards : [];
  return [
    ['primary_card_number', customer.primary_card_number],
    ...cards.map((c, i): [string, unknown] => [`billing_cards/${i}/card_number`, objectOf(c)?.card_number]),
  ];
}

/** VAULT-1, VAULT-2, VAULT-3, VAULT-6, VAULT-7 on one listing page, as far as the query sent says. */
export function listingAnswerFindings(exchange: Exchange, j = new Judgement()): Judgement {
  if (!succeeded(exchange)) return j;
  const totalPages = bodyField(exchange, 'totalPages');
  const totalRecords = bodyField(exchange, 'totalRecords');
  const data = bodyField(exchange, 'data');
  j.add(
    'VAULT-1',
    [
      ...['totalPages', 'totalRecords']
        .filter((f) => !Number.isInteger(bodyField(exchange, f)))
        .map((f) => `${f} is ${JSON.stringify(bodyField(exchange, f))}, expected an integer`),
      ...(Array.isArray(data) ? [] : ['data is not an array']),
    ],
    'code 0, integer totalPages and totalRecords, data an array',
  );
  const records = Array.isArray(data) ? data.map(objectOf).filter((r): r is Body => !!r) : [];
  j.add(
    'VAULT-7',
    records.flatMap((c) =>
      cardNumbersOf(c)
        .filter(([, v]) => typeof v === 'string' && isFullCardNumber(v))
        .map(([where]) => `customer ${String(c.customer_id)}: ${where} is a full card number`),
    ),
    'every card number masked',
  );

  const query = new URL(exchange.request.url).searchParams;
  const count = nonNegativeInteger(query.get('count'));
  const page = nonNegativeInteger(query.get('page'));
  if (!count || !Number.isInteger(totalPages) || !Number.isInteger(totalRecords)) {
    // Defaults of count and page are not shown: without them the page size cannot be judged.
    j.observe(
      'VAULT-3',
      'a listing without a positive integer count (or without integer totals) was not judged for page size and totals',
    );
    return j;
  }
  const pages = totalPages as number;
  const expectedPages = Math.ceil((totalRecords as number) / count);
  j.add(
    'VAULT-3',
    pages === expectedPages || (totalRecords === 0 && pages === 1)
      ? []
      : [`totalPages ${pages} for totalRecords ${String(totalRecords)} and count ${count}`],
    `totalPages = ceil(totalRecords / count) = ${expectedPages}`,
  );
  const held = records.length;
  if (page !== undefined && page >= pages)
    j.add('VAULT-6', held ? [`page ${page} of ${pages} holds ${held} records`] : [], 'no records past the last page');
  else if (page !== undefined) {
    const isLast = page === pages - 1;
    j.add(
      'VAULT-2',
      held > count
        ? [`page ${page} holds ${held} records`]
        : !isLast && held !== count
          ? [`page ${page} (not the last) holds ${held} records`]
          : [],
      `at most ${count} records a page, exactly ${count} on every page but the last`,
    );
  } else j.add('VAULT-2', held > count ? [`the page holds ${held} records`] : [], `at most ${count} records a page`);
  return j;
}

/** HOOK-1 on a successful disable: code 0 with a non-empty data.message. */
export function disableAnswerFindings(exchange: Exchange, j = new Judgement()): Judgement {
  if (!succeeded(exchange)) return j;
  const message = objectOf(bodyField(exchange, 'data'))?.message;
  j.add(
    'HOOK-1',
    typeof message === 'string' && message.trim() !== '' ? [] : [`data.message is ${JSON.stringify(message)}`],
    'code 0 with a non-empty data.message',
  );
  return j;
}

/** AUTH-1 / AUTH-4 / AUTH-7: a request without, or with a malformed, Authorization is rejected and discloses nothing. */
export function authAnswerFindings(exchange: Exchange, j = new Judgement()): Judgement {
  const auth = authorizationFindings(exchange.request.headers.authorization)[0];
  if (!auth) return j;
  if (auth.ruleId === 'AUTH-2') {
    // A user part or a missing colon may be served (section 5.6's try-it tool sends the merchant ID as user).
    j.observe(
      'AUTH-4',
      `a token that is not ":" + key was ${succeeded(exchange) ? 'accepted' : `rejected (HTTP ${exchange.status})`}`,
    );
    return j;
  }
  j.add(auth.ruleId, refusalProblems(exchange), 'a rejection: the family failure indicator or an HTTP error status');
  j.add('AUTH-7', disclosureProblems(exchange), 'a rejection that discloses no card ID and no customer records');
  return j;
}

/** Every rule of the gateway's side that one exchange can be held to. */
export function gatewayFindings(exchange: Exchange): Judgement {
  const j = new Judgement();
  j.merge(answerFindings(exchange));
  authAnswerFindings(exchange, j);
  if (exchange.operation === 'tokenize') tokenizeAnswerFindings(exchange, j);
  if (exchange.operation === 'disableWebhook') disableAnswerFindings(exchange, j);
  if (exchange.operation === 'listCustomers') listingAnswerFindings(exchange, j);
  return j;
}

/** Every rule `gatewayFindings` can judge on one exchange. */
export const GATEWAY_SIDE_RULES = [
  'AUTH-1',
  'AUTH-4',
  'ERR-1',
  'ERR-2',
  'ERR-3',
  'ERR-4',
  'ERR-5',
  'TOK-1',
  'TOK-2',
  'TOK-6',
  'TOK-7',
  'TOK-8',
  'TOK-9',
  'TOK-10',
  'VAULT-1',
  'VAULT-2',
  'VAULT-3',
  'VAULT-6',
  'VAULT-7',
  'HOOK-1',
] as const;
