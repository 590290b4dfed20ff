import { bodyField, parsedJson, succeeded, type Exchange } from '../transport/exchange.js';
import { refusedInFront, servedMediaType, type RefusedInFront } from '../transport/who-answered.js';
import { validateResponse } from '../catalogue/validate.js';
import { described } from './compared-answers.js';
import { extraFields } from './fields/extra-fields.js';
import { withoutRecordNulls } from './fields/null-fields.js';
import { judgeIn } from './judge.js';
import { RuleTally, type ExchangeCheck, type FamilyChecks, type Observation } from './tally.js';

const judge = judgeIn(import.meta.url);

/**
 * ERR: sections 2 and 7, the rules every answer of a gateway operation is held to (one function per rule,
 * each returning the problems it found; empty = the rule holds), and ERR-4 on the caller's request.
 */

/** ERR-4: a JSON body served as application/json (parameters such as charset allowed). */
export function jsonBodyProblems(exchange: Exchange): string[] {
  const problems: string[] = [];
  const type = exchange.headers['content-type'];
  if (mediaType(type) !== 'application/json')
    problems.push(`content-type is ${type === undefined ? 'missing' : `"${type}"`}, expected application/json`);
  if (exchange.json === undefined) problems.push('the body is not JSON');
  else if (typeof exchange.json !== 'object' || exchange.json === null || Array.isArray(exchange.json)) {
    problems.push('the body is JSON but not an object');
  }
  return problems;
}

/** ERR-3: each family answers in its own scheme (/pg/: string rcode; /platform/: integer code). */
export function familySchemeProblems(exchange: Exchange): string[] {
  if (exchange.json === undefined) return ['no JSON body to carry the result indicator'];
  if (exchange.family === 'pg') {
    const rcode = bodyField(exchange, 'rcode');
    return typeof rcode === 'string'
      ? []
      : [`rcode is ${rcode === undefined ? 'absent' : `${typeof rcode} ${JSON.stringify(rcode)}`}, expected a string`];
  }
  const code = bodyField(exchange, 'code');
  return Number.isInteger(code)
    ? []
    : [`code is ${code === undefined ? 'absent' : `${typeof code} ${JSON.stringify(code)}`}, expected an integer`];
}

/** ERR-1 / ERR-2: a failure carries the family's failure indicator (and, for /pg/, a non-empty rmsg). */
export function failureIndicatorProblems(exchange: Exchange): string[] {
  if (exchange.family === 'pg') {
    const rcode = bodyField(exchange, 'rcode');
    const rmsg = bodyField(exchange, 'rmsg');
    const problems: string[] = [];
    if (typeof rcode !== 'string')
      problems.push(`rcode is ${rcode === undefined ? 'absent' : typeof rcode}, expected a string other than "000"`);
    else if (rcode === '000') problems.push('rcode is "000", the success indicator');
    if (typeof rmsg !== 'string' || rmsg.trim() === '') problems.push('rmsg carries no text');
    return problems;
  }
  const code = bodyField(exchange, 'code');
  if (!Number.isInteger(code))
    return [`code is ${code === undefined ? 'absent' : typeof code}, expected an integer other than 0`];
  return code === 0 ? ['code is 0, the success indicator'] : [];
}

/** ERR-5: the body validates against the operation's schema in spec/openapi.yaml. */
export function schemaProblems(exchange: Exchange): string[] {
  if (!exchange.operation) return [];
  if (exchange.json === undefined) return ['the body is not JSON, so it cannot match the spec'];
  // A null field of a customer record is read as absent (null-fields.ts); the rest is judged as sent.
  const body = exchange.operation === 'listCustomers' ? withoutRecordNulls(exchange.json).body : exchange.json;
  return validateResponse(exchange.operation, body).map((f) => `${f.pointer} ${f.message}`);
}

/** Made in front of the gateway (who-answered.ts's `refusedInFront`): a refusal, but no answer of the gateway's to judge. */
export function madeInFront(exchange: Exchange): boolean {
  return refusedInFront(exchange) !== undefined;
}

/**
 * Not served: the answer carries the family failure indicator, or an HTTP error status. A refusal made in front
 * of the gateway (who-answered.ts's `refusedInFront`: a layer's own mark, or a header out of 5.4's form) is a
 * refusal for every rule that asks for one (AUTH-1, AUTH-3, AUTH-4, AUTH-6, AUTH-7's clean rejection), decided
 * here once: the request never reached the gateway, and nothing was served.
 */
export function refusalProblems(exchange: Exchange): string[] {
  if (madeInFront(exchange)) return [];
  if (succeeded(exchange)) return [`the answer carries the success indicator (HTTP ${exchange.status})`];
  if (exchange.status >= 400) return [];
  const indicator = failureIndicatorProblems(exchange);
  return indicator.length
    ? [`HTTP ${exchange.status} without the family's failure indicator: ${indicator.join('; ')}`]
    : [];
}

/** Served: the answer carries the family success indicator, as a request the suite knows is valid is owed. */
export function acceptanceProblems(exchange: Exchange): string[] {
  return succeeded(exchange) ? [] : [`the answer carries no success indicator (${described(exchange)})`];
}

const EXPECTED = {
  'ERR-1': 'a /pg/ failure carries a string rcode other than "000" and a non-empty rmsg',
  'ERR-2': 'a /platform/ failure carries an integer code other than 0',
  'ERR-3': 'the family scheme: /pg/ answers carry a string rcode, /platform/ answers an integer code',
  'ERR-4': 'a JSON object served as application/json',
  'ERR-5': 'a body that validates against spec/openapi.yaml',
} as const;

function indicatorField(exchange: Exchange): string {
  return exchange.family === 'pg' ? 'rcode' : 'code';
}

/** Fields the document does not list are allowed (section 2 never closes a body); which ones, is observed. */
function extraFieldObservations(operation: NonNullable<Exchange['operation']>, body: unknown): Observation[] {
  return extraFields(operation, body).flatMap(({ path, fields }) =>
    fields.map((field) => ({
      ruleId: 'ERR-5',
      text: `the ${operation} answer carries ${field} at ${path}, a field the document does not list`,
      data: { kind: 'extra-field', subject: `${operation} ${path}`, value: field },
    })),
  );
}

/** Null fields in customer records are read as absent (null-fields.ts); where they were, is observed. */
function nullFieldObservations(body: unknown): Observation[] {
  // One a field, like extra fields: the same on every page, so a walk observes each once.
  return withoutRecordNulls(body).nullFields.map((field) => {
    const at = field.lastIndexOf('/');
    const path = `/data/*${at < 0 ? '' : `/${field.slice(0, at)}`}`;
    return {
      ruleId: 'ERR-5',
      text: `customer records carry null in ${field}; read as the field absent (which fields a record always has is not shown)`,
      data: { kind: 'null-field', subject: `listCustomers ${path}`, value: field.slice(at + 1) },
    };
  });
}

/**
 * ERR-3 on an answer that left its own scheme: it carries the other family's indicator (`code` on /pg/,
 * `rcode` on /platform/) and not its own. Sections 1 and 7 give each family its own scheme, so this is a
 * violation whatever the HTTP status; an answer carrying both is held to its own indicator.
 */
export function otherSchemeProblems(exchange: Exchange): string[] {
  const own = indicatorField(exchange);
  const other = exchange.family === 'pg' ? 'code' : 'rcode';
  if (bodyField(exchange, own) !== undefined || bodyField(exchange, other) === undefined) return [];
  const otherFamily = exchange.family === 'pg' ? '/platform/' : '/pg/';
  return [
    `the answer carries ${other} (${JSON.stringify(bodyField(exchange, other))}), the ${otherFamily} indicator, instead of ${own}`,
  ];
}

/**
 * ERR-1 / ERR-2 on a failure answer without its family's indicator (an HTML page, an empty body, another
 * shape). Section 7's table makes rcode / code the failure indicator of every answer of its family; "the shape
 * of error bodies: not shown" leaves open what else a failure carries, not whether it carries the indicator.
 * Only gateway answers reach a check (who-answered.ts), so such an answer is a 4xx of whatever answers at
 * the base URL, but one refused in front of the gateway (`refusedInFront`), which `answerFindings` observes
 * instead. The body's shape goes into the finding, short; the caller's redactor redacts it.
 */
export function withoutIndicatorProblems(exchange: Exchange): string[] {
  const type = servedMediaType(exchange.headers) ?? 'no content-type';
  const text = exchange.text.replace(/\s+/g, ' ').trim();
  const shape = text === '' ? 'an empty body' : `${type}: ${text.length > 80 ? `${text.slice(0, 80)}…` : text}`;
  const field = indicatorField(exchange);
  const family = exchange.family === 'pg' ? '/pg/' : '/platform/';
  return [
    `HTTP ${exchange.status} answered without ${field} (${shape}); ${field} is the failure indicator of every ${family} answer`,
  ];
}

/**
 * A refusal made in front of the gateway (who-answered.ts draws the line): the request was refused, as
 * section 5 asks, by something that is not the gateway, so section 7's indicators were never its to carry.
 * Observed under the section 5 rule whose request met it: AUTH-4 for a header out of 5.4's form, AUTH-1 for
 * none, AUTH-3 for a well-formed one (an unknown key an authorizer refused). The layer is named by its mark,
 * and the sentence says what an integration learns from it: not every answer carries rcode or code.
 */
function inFrontObservation(exchange: Exchange, refused: RefusedInFront, where: string): Observation {
  const header = exchange.request.headers.authorization;
  const rule = exchange.family === 'pg' ? 'ERR-1' : 'ERR-2';
  const field = indicatorField(exchange);
  const subject = exchange.operation ?? where;
  const answered = `HTTP ${refused.status}, ${refused.type}`;
  const by = refused.layer ? `${refused.layer.name} (${refused.layer.mark})` : undefined;
  const value = by ? `${by}, ${answered}` : `${answered}, server: ${refused.server}`;
  const ruleId = refused.outOfForm ? 'AUTH-4' : header === undefined || header === '' ? 'AUTH-1' : 'AUTH-3';
  const request = refused.outOfForm
    ? `with an Authorization header out of section 5.4's form (${refused.outOfForm})`
    : ruleId === 'AUTH-1'
      ? 'without an Authorization header'
      : 'with a well-formed Authorization header';
  const client = by
    ? `; a client that reads ${field} on every ${exchange.family === 'pg' ? '/pg/' : '/platform/'} answer meets ` +
      `this one without it and must handle it (by its HTTP status, or ${refused.layer!.mark.split(':')[0]})`
    : '';
  return {
    ruleId,
    text:
      `${subject} ${request}: refused in front of the gateway${by ? ` by ${by}` : ''}: ${by ? answered : value}; ` +
      `not the gateway's answer, so not held to ${rule}${client}`,
    data: { kind: 'refused-in-front-of-gateway', subject, value },
  };
}

/**
 * The section 7 and section 2 rules every answer of a gateway operation is held to. Only gateway answers
 * come here (who-answered.ts): 2xx, 4xx, and 5xx in the family's scheme. HTTP statuses and error-body shapes
 * are "not shown", the failure indicator is not: an answer with an HTTP error status is held to its family's
 * indicator (ERR-1 / ERR-2), which one without it fails; one in the other family's scheme fails ERR-3 alone.
 * What else an error body carries and how it is served is observed, not judged. A refusal made in front of
 * the gateway (who-answered.ts's `refusedInFront`) is observed, not judged.
 */
export function answerFindings(exchange: Exchange, j = new RuleTally()): RuleTally {
  const add = (ruleId: keyof typeof EXPECTED, problems: string[]) => j.add(ruleId, problems, EXPECTED[ruleId]);
  const note = (o: Observation) => j.observe(o.ruleId, o.text, o.data);
  const failureRule = exchange.family === 'pg' ? 'ERR-1' : 'ERR-2';

  if (exchange.status >= 200 && exchange.status < 300) {
    add('ERR-4', jsonBodyProblems(exchange));
    add('ERR-3', familySchemeProblems(exchange));
    if (!succeeded(exchange)) add(failureRule, failureIndicatorProblems(exchange));
    add('ERR-5', schemaProblems(exchange));
    if (succeeded(exchange) && exchange.operation)
      extraFieldObservations(exchange.operation, exchange.json).forEach(note);
    if (exchange.operation === 'listCustomers') nullFieldObservations(exchange.json).forEach(note);
    return j;
  }

  const where = `${exchange.request.method} ${new URL(exchange.request.url).pathname}`;
  const otherScheme = otherSchemeProblems(exchange);
  if (otherScheme.length) {
    add('ERR-3', otherScheme);
    return j;
  }
  if (bodyField(exchange, indicatorField(exchange)) === undefined) {
    const inFront = refusedInFront(exchange);
    if (inFront) {
      note(inFrontObservation(exchange, inFront, where));
      return j;
    }
    // One rule for one omission: ERR-3 and ERR-5 would only say again that the indicator is missing.
    add(failureRule, withoutIndicatorProblems(exchange));
    return j;
  }
  add('ERR-3', familySchemeProblems(exchange));
  add(failureRule, failureIndicatorProblems(exchange));
  add('ERR-5', schemaProblems(exchange));
  const served = servedMediaType(exchange.headers);
  if (served !== 'application/json') {
    j.observe('ERR-4', `${where} answered HTTP ${exchange.status} with content-type ${served ?? '(none)'}`, {
      kind: 'content-type-of-error',
      subject: exchange.operation ?? where,
      value: `HTTP ${exchange.status} ${served ?? '(none)'}`,
    });
  }
  return j;
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
  if (typeof body === 'string' && parsedJson(body) === undefined) problems.push('the request body is not JSON');
  const type = exchange.request.headers['content-type'];
  const needsType = body !== undefined || exchange.operation === 'disableWebhook';
  if (needsType && mediaType(type) !== 'application/json') {
    problems.push(`content-type is ${type === undefined ? 'missing' : `"${type}"`}, expected application/json`);
  }
  return problems;
}

const EXPECTED_REQUEST_TYPES =
  'accept: application/json, and content-type: application/json on a body (and on disable)';

/** The gateway's side: every section 7 and section 2 rule one answer can be held to. */
const judgeAnswer: ExchangeCheck = (exchange, tally) => answerFindings(exchange, tally);

/** The caller's side: ERR-4's media types on the request. */
const judgeRequestTypes: ExchangeCheck = (exchange, tally) =>
  tally.add('ERR-4', mediaTypeProblems(exchange), EXPECTED_REQUEST_TYPES);

/**
 * An invalid request the suite made is not served. One a layer in front refused (an authorizer's 401 to the
 * wrong key) is a refusal but no failure of the gateway's, so it counts as nothing judged.
 */
const invalidRequestRefused = (answer: Exchange) => ({
  problems: refusalProblems(answer),
  expected: 'a failure',
  judged: { count: madeInFront(answer) ? 0 : 1, what: 'invalid requests' },
});

/** ERR-1: an invalid /pg/ request the suite made is not served (its indicator is judged on the answer). */
export const pgInvalidRefused = judge('ERR-1', function pgInvalidRefused(answer: Exchange) {
  return invalidRequestRefused(answer);
});

/** ERR-2: an invalid /platform/ request the suite made is not served (its indicator is judged on the answer). */
export const platformInvalidRefused = judge('ERR-2', function platformInvalidRefused(answer: Exchange) {
  return invalidRequestRefused(answer);
});

export const ERR_CHECKS: FamilyChecks = {
  'ERR-1': { gateway: judgeAnswer, judges: [pgInvalidRefused] },
  'ERR-2': { gateway: judgeAnswer, judges: [platformInvalidRefused] },
  'ERR-3': { gateway: judgeAnswer },
  'ERR-4': { gateway: judgeAnswer, application: judgeRequestTypes },
  'ERR-5': { gateway: judgeAnswer },
};
