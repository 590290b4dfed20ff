import { validateRequest } from '../catalogue/validate.js';
import { parsedJson } from '../transport/exchange.js';
import type { ExchangeCheck, FamilyChecks, Finding } from './tally.js';

/**
 * APP: what the document asks of the request an application sends, one function per rule, each returning
 * problems (empty = the request keeps the rule), so the suite can hold its own requests to them as well as
 * the proxy holds an application's. The tokenize body is validated once against its schema, which also
 * judges TOK-7 and TOK-10 on the caller's side.
 */

/**
 * TOK-7, TOK-10 and APP-1 from the tokenize request schema of spec/openapi.yaml: merchant_id present,
 * exp_date and tr_number in their stated formats, every other field of its section 2.1 type (client_ip
 * dotted IPv4). A field's problem goes to the rule the spec names beside its schema (x-rule), any other to
 * APP-1. Extra fields are not forbidden by the document, so they are not judged.
 */
export function tokenizeFieldFindings(body: unknown): Finding[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return [
      {
        ruleId: 'APP-1',
        problems: ['the tokenize body is not a JSON object'],
        expected: 'a JSON object with the fields of section 2.1',
      },
    ];
  }
  const byRule: Record<string, string[]> = {};
  for (const f of validateRequest('tokenize', body)) {
    const ruleId = f.pointer === '/' && f.missing === 'merchant_id' ? 'TOK-7' : (f.rule ?? 'APP-1');
    (byRule[ruleId] ??= []).push(`${f.pointer === '/' ? 'body' : f.pointer.slice(1)} ${f.message}`);
  }
  const expected: Record<string, string> = {
    'TOK-7': 'merchant_id in every tokenize request',
    'TOK-10': 'exp_date as MMYY, tr_number as nine digits',
    'APP-1': 'each field of the type section 2.1 gives it (client_ip dotted IPv4)',
  };
  return Object.entries(byRule).map(([ruleId, problems]) => ({
    ruleId,
    problems,
    expected: expected[ruleId] ?? 'the format spec/openapi.yaml states',
  }));
}

/**
 * The fields of a tokenize body sent as strings that break a format spec/openapi.yaml states under `ruleId`
 * (x-rule). A value of another JSON type breaks section 2.1's type, not the format: a gateway may read it
 * either way, so it is left to the type's rule.
 */
export function brokenFormats(ruleId: string, body: object): string[] {
  return validateRequest('tokenize', body)
    .filter((f) => f.rule === ruleId && f.keyword !== 'type')
    .map((f) => f.pointer.slice(1));
}

/** APP-2: a string holding a JSON array of single-key objects (echo_fields, report_data). */
export function jsonPairsProblems(field: string, value: unknown): string[] {
  if (value === undefined) return [];
  if (typeof value !== 'string')
    return [`${field} is ${Array.isArray(value) ? 'an array' : typeof value}, expected a string holding a JSON array`];
  const parsed = parsedJson(value);
  if (parsed === undefined) return [`${field} is not JSON`];
  if (!Array.isArray(parsed)) return [`${field} holds JSON that is not an array`];
  const bad = parsed.findIndex(
    (item) => !item || typeof item !== 'object' || Array.isArray(item) || Object.keys(item as object).length !== 1,
  );
  return bad < 0 ? [] : [`${field} item ${bad} is not an object with exactly one key`];
}

export type PaymentKind = 'card' | 'ACH' | 'wallet' | 'card_id only' | 'none';

const KIND_FIELDS: Record<'card' | 'ACH' | 'wallet', string[]> = {
  // cardholder_name names the holder of a card or an account, so it marks neither kind.
  card: ['card_number', 'exp_date', 'cvv2', 'avs_address', 'avs_zip', 'email_address', 'card_swipe'],
  ACH: ['tr_number', 'dda_number', 'type_id'],
  wallet: ['payload_walletA_pay', 'payload_walletB_pay'],
};

/** Which payment information kinds (section 4.1 rule 3) a tokenize body carries. */
export function paymentKinds(body: Record<string, unknown>): PaymentKind[] {
  const kinds = (Object.keys(KIND_FIELDS) as (keyof typeof KIND_FIELDS)[]).filter((k) =>
    KIND_FIELDS[k].some((f) => body[f] !== undefined),
  );
  if (kinds.length) return kinds;
  return [body.card_id !== undefined ? 'card_id only' : 'none'];
}

/** APP-3: card, ACH and wallet data are alternatives, so one request carries one kind. */
export function paymentKindProblems(body: Record<string, unknown>): string[] {
  const kinds = paymentKinds(body);
  return kinds.length > 1 ? [`the request carries ${kinds.join(' and ')} data together`] : [];
}

const EXPECTED_KIND = 'one payment information kind per request: card, ACH or wallet';

/** APP-1, APP-2, APP-3 (and TOK-7, TOK-10 from the tokenize schema) on one request. */
export const judgeApplicationRequest: ExchangeCheck = (exchange, tally) => {
  if (exchange.operation === 'listCustomers') {
    const query = new URL(exchange.request.url).searchParams;
    const problems = ['count', 'page']
      .filter((p) => query.has(p) && !/^[0-9]+$/.test(query.get(p)!))
      .map((p) => `${p} is "${query.get(p)}", expected an integer`);
    tally.add('APP-1', problems, 'count and page as integers (section 4.2)');
  }
  if (exchange.operation !== 'tokenize') return;

  const body = exchange.request.body;
  tally.merge({ findings: tokenizeFieldFindings(body), observations: [], checked: ['TOK-7', 'TOK-10', 'APP-1'] });
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const fields = body as Record<string, unknown>;
  tally.add(
    'APP-2',
    [...jsonPairsProblems('echo_fields', fields.echo_fields), ...jsonPairsProblems('report_data', fields.report_data)],
    'a string holding a JSON array of single-key objects',
  );
  tally.add('APP-3', paymentKindProblems(fields), EXPECTED_KIND);
  const kinds = paymentKinds(fields);
  // Which fields each kind needs is not shown: a request with nothing to store is observed, not failed.
  if (kinds[0] === 'none')
    tally.observe('APP-3', 'tokenize sent no payment data and no card_id; which fields each kind needs is not shown');
  if (kinds[0] === 'card_id only')
    tally.observe('APP-3', 'tokenize sent a card_id with no payment data; which fields each kind needs is not shown');
};

export const APP_CHECKS: FamilyChecks = {
  'APP-1': { application: judgeApplicationRequest },
  'APP-2': { application: judgeApplicationRequest },
  'APP-3': { application: judgeApplicationRequest },
};
