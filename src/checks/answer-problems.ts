import { bodyField, succeeded, type Exchange } from '../transport/exchange.js';
import { withoutRecordNulls } from './fields/null-fields.js';
import { validateResponse } from '../catalogue/validate.js';

/**
 * Checks every answer can be held to, one function per rule; each returns the problems it found
 * (empty = the rule holds). Tests and the fixtures combine them; they never build responses.
 */

/** ERR-4: a JSON body served as application/json (parameters such as charset allowed). */
export function jsonBodyProblems(exchange: Exchange): string[] {
  const problems: string[] = [];
  const type = exchange.headers['content-type'];
  const mediaType = type?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json')
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

/** Not served: the answer carries the family failure indicator, or an HTTP error status. */
export function refusalProblems(exchange: Exchange): string[] {
  if (succeeded(exchange)) return [`the answer carries the success indicator (HTTP ${exchange.status})`];
  if (exchange.status >= 400) return [];
  const indicator = failureIndicatorProblems(exchange);
  return indicator.length
    ? [`HTTP ${exchange.status} without the family's failure indicator: ${indicator.join('; ')}`]
    : [];
}

/**
 * AUTH-7: nothing protected in a refused answer. A card ID means something was stored or disclosed; pg_id
 * (the attempt's transaction ID) and an echo of the caller's own data are not protected. A served answer is
 * no rejection: serving it is the fault of the rule that required the refusal, not a disclosure.
 */
export function disclosureProblems(exchange: Exchange): string[] {
  const problems: string[] = [];
  if (succeeded(exchange)) return problems;
  const cardId = bodyField(exchange, 'card_id');
  if (cardId !== undefined && cardId !== null && cardId !== '') problems.push('the answer discloses card_id');
  const data = bodyField(exchange, 'data');
  if (Array.isArray(data) && data.length > 0) problems.push(`the answer discloses ${data.length} customer records`);
  return problems;
}

/** Refused (failure indicator or HTTP error status) and nothing protected in the answer. */
export function rejectionProblems(exchange: Exchange): string[] {
  return [...refusalProblems(exchange), ...disclosureProblems(exchange)];
}
