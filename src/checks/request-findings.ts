import { parseBasicAuthorization } from '../transport/auth.js';
import type { Finding } from './answer-findings.js';
import type { Exchange } from '../transport/exchange.js';
import { Judgement } from './judgement.js';
import { validateRequest } from '../catalogue/validate.js';

/**
 * The caller's side of an exchange: what the document asks of the request an application sends.
 * One function per rule, each returning problems (empty = the request keeps the rule), so the suite can
 * hold its own requests to them as well as the proxy holds an application's.
 */

const NO_COLON = 'the decoded token has no colon';

/** AUTH-1 / AUTH-4 / AUTH-2: an Authorization header, "Basic <Base 64>", decoding to ":" + key (section 5.3, 5.4). */
export function authorizationFindings(header: string | undefined): Finding[] {
  const parsed = parseBasicAuthorization(header);
  if ('problem' in parsed) {
    if (header === undefined || header === '') {
      return [
        {
          ruleId: 'AUTH-1',
          problems: ['the request carries no Authorization header'],
          expected: 'HTTP Basic authentication on every request',
        },
      ];
    }
    // A well-formed Base 64 token without the colon is a construction slip (5.3), not another scheme (5.4).
    const ruleId = parsed.problem === NO_COLON ? 'AUTH-2' : 'AUTH-4';
    return [
      {
        ruleId,
        problems: [parsed.problem],
        expected:
          ruleId === 'AUTH-2'
            ? 'the token is Base 64 of ":" followed by the API key'
            : 'Authorization: Basic <API token>',
      },
    ];
  }
  const problems: string[] = [];
  if (parsed.user !== '')
    problems.push('the decoded token has a user part before the colon (section 5.3 leaves it empty)');
  if (parsed.password === '') problems.push('the decoded token carries no key after the colon');
  return problems.length
    ? [{ ruleId: 'AUTH-2', problems, expected: 'the token is Base 64 of ":" followed by the API key' }]
    : [];
}

/** The key a Basic header carries, when it carries one the section 5 way (for redaction and vendor detection). */
export function keyOf(header: string | undefined): string | undefined {
  const parsed = parseBasicAuthorization(header);
  return 'problem' in parsed ? undefined : parsed.password;
}

function mediaType(value: string | undefined): string | undefined {
  return value?.split(';')[0]?.trim().toLowerCase();
}

/** ERR-4 (section 2, 4.3): accept: application/json; content-type application/json on a body and on disable. */
export function mediaTypeProblems(exchange: Exchange): string[] {
  const problems: string[] = [];
  const accept = exchange.request.headers.accept;
  const ranges = (accept ?? '').split(',').map((r) => mediaType(r));
  if (!ranges.includes('application/json')) {
    problems.push(`accept is ${accept === undefined ? 'missing' : `"${accept}"`}, expected application/json`);
  }
  const body = exchange.request.body;
  if (typeof body === 'string') {
    try {
      JSON.parse(body);
    } catch {
      problems.push('the request body is not JSON');
    }
  }
  const type = exchange.request.headers['content-type'];
  const needsType = body !== undefined || exchange.operation === 'disableWebhook';
  if (needsType && mediaType(type) !== 'application/json') {
    problems.push(`content-type is ${type === undefined ? 'missing' : `"${type}"`}, expected application/json`);
  }
  return problems;
}

/** Tokenize fields whose stated format belongs to TOK-10 (exp_date MMYY, tr_number nine digits). */
const FORMAT_FIELDS = ['/exp_date', '/tr_number'];

/**
 * TOK-7, TOK-10 and APP-1 from the tokenize request schema of spec/openapi.yaml: merchant_id present,
 * exp_date and tr_number in their stated formats, every other field of its section 2.1 type (client_ip
 * dotted IPv4). Extra fields are not forbidden by the document, so they are not judged.
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
    const ruleId =
      f.pointer === '/' && f.message.includes('merchant_id')
        ? 'TOK-7'
        : FORMAT_FIELDS.includes(f.pointer)
          ? 'TOK-10'
          : 'APP-1';
    (byRule[ruleId] ??= []).push(`${f.pointer === '/' ? 'body' : f.pointer.slice(1)} ${f.message}`);
  }
  const expected: Record<string, string> = {
    'TOK-7': 'merchant_id in every tokenize request',
    'TOK-10': 'exp_date as MMYY, tr_number as nine digits',
    'APP-1': 'each field of the type section 2.1 gives it (client_ip dotted IPv4)',
  };
  return Object.entries(byRule).map(([ruleId, problems]) => ({ ruleId, problems, expected: expected[ruleId]! }));
}

/** APP-2: a string holding a JSON array of single-key objects (echo_fields, report_data). */
export function jsonPairsProblems(field: string, value: unknown): string[] {
  if (value === undefined) return [];
  if (typeof value !== 'string')
    return [`${field} is ${Array.isArray(value) ? 'an array' : typeof value}, expected a string holding a JSON array`];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return [`${field} is not JSON`];
  }
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

/** TOK-5: a request authenticated with the vendor key names the integrator in vendor_id. */
export function vendorIdProblems(body: Record<string, unknown>, vendorId: number | undefined): string[] {
  if (body.vendor_id === undefined) return ['the integrator (vendor key) sent no vendor_id'];
  if (vendorId !== undefined && body.vendor_id !== vendorId)
    return [`vendor_id is ${JSON.stringify(body.vendor_id)}, not the integrator's own ID`];
  return [];
}

export type RequestContext = {
  /** The integrator's key and ID, when configured: they tell a vendor request apart. */
  vendor?: { apiKey: string; vendorId: number };
};

const EXPECTED_KIND = 'one payment information kind per request: card, ACH or wallet';

/** Every rule of the caller's side that one request can be held to. */
export function requestFindings(exchange: Exchange, context: RequestContext = {}): Judgement {
  const j = new Judgement();
  const auth = authorizationFindings(exchange.request.headers.authorization);
  j.merge({ findings: auth, observations: [], checked: ['AUTH-1', 'AUTH-2', 'AUTH-4'] });
  j.add(
    'ERR-4',
    mediaTypeProblems(exchange),
    'accept: application/json, and content-type: application/json on a body (and on disable)',
  );

  if (exchange.operation === 'listCustomers') {
    const query = new URL(exchange.request.url).searchParams;
    const problems = ['count', 'page']
      .filter((p) => query.has(p) && !/^[0-9]+$/.test(query.get(p)!))
      .map((p) => `${p} is "${query.get(p)}", expected an integer`);
    j.add('APP-1', problems, 'count and page as integers (section 4.2)');
  }
  if (exchange.operation !== 'tokenize') return j;

  const body = exchange.request.body;
  j.merge({ findings: tokenizeFieldFindings(body), observations: [], checked: ['TOK-7', 'TOK-10', 'APP-1'] });
  if (!body || typeof body !== 'object' || Array.isArray(body)) return j;
  const fields = body as Record<string, unknown>;
  j.add(
    'APP-2',
    [...jsonPairsProblems('echo_fields', fields.echo_fields), ...jsonPairsProblems('report_data', fields.report_data)],
    'a string holding a JSON array of single-key objects',
  );
  j.add('APP-3', paymentKindProblems(fields), EXPECTED_KIND);
  const kinds = paymentKinds(fields);
  // Which fields each kind needs is not shown: a request with nothing to store is observed, not failed.
  if (kinds[0] === 'none')
    j.observe('APP-3', 'tokenize sent no payment data and no card_id; which fields each kind needs is not shown');
  if (kinds[0] === 'card_id only')
    j.observe('APP-3', 'tokenize sent a card_id with no payment data; which fields each kind needs is not shown');
  const key = keyOf(exchange.request.headers.authorization);
  if (context.vendor && key === context.vendor.apiKey)
    j.add(
      'TOK-5',
      vendorIdProblems(fields, context.vendor.vendorId),
      "vendor_id with the integrator's ID when the vendor key is used",
    );
  return j;
}

/** Every rule `requestFindings` can judge, for reports that list what live traffic could exercise. */
export const APPLICATION_SIDE_RULES = [
  'AUTH-1',
  'AUTH-2',
  'AUTH-4',
  'ERR-4',
  'TOK-5',
  'TOK-7',
  'TOK-10',
  'APP-1',
  'APP-2',
  'APP-3',
] as const;
