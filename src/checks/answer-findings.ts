import { familySchemeProblems, failureIndicatorProblems, jsonBodyProblems, schemaProblems } from './answer-problems.js';
import { bodyField, succeeded, type Exchange } from '../transport/exchange.js';
import { extraFields } from './fields/extra-fields.js';
import { withoutRecordNulls } from './fields/null-fields.js';
import type { ObservationData } from './observation-data.js';

export type Finding = { ruleId: string; problems: string[]; expected: string };
export type Observation = { ruleId: string; text: string; data?: ObservationData };

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
 * the base URL. The body's shape goes into the finding, short; the caller's redactor redacts it.
 */
export function withoutIndicatorProblems(exchange: Exchange): string[] {
  const type = exchange.headers['content-type']?.split(';')[0]?.trim() ?? 'no content-type';
  const text = exchange.text.replace(/\s+/g, ' ').trim();
  const shape = text === '' ? 'an empty body' : `${type}: ${text.length > 80 ? `${text.slice(0, 80)}…` : text}`;
  const field = indicatorField(exchange);
  const family = exchange.family === 'pg' ? '/pg/' : '/platform/';
  return [
    `HTTP ${exchange.status} answered without ${field} (${shape}); ${field} is the failure indicator of every ${family} answer`,
  ];
}

/**
 * The section 7 and section 2 rules every answer of a gateway operation is held to. Only gateway answers
 * come here (who-answered.ts): 2xx, 4xx, and 5xx in the family's scheme. HTTP statuses and error-body shapes
 * are "not shown", the failure indicator is not: an answer with an HTTP error status is held to its family's
 * indicator (ERR-1 / ERR-2), which one without it fails; one in the other family's scheme fails ERR-3 alone.
 * What else an error body carries and how it is served is observed, not judged.
 */
export function answerFindings(exchange: Exchange): {
  findings: Finding[];
  observations: Observation[];
  checked: string[];
} {
  const findings: Finding[] = [];
  const observations: Observation[] = [];
  const checked: string[] = [];
  const add = (ruleId: keyof typeof EXPECTED, problems: string[]) => {
    checked.push(ruleId);
    if (problems.length) findings.push({ ruleId, problems, expected: EXPECTED[ruleId] });
  };
  const failureRule = exchange.family === 'pg' ? 'ERR-1' : 'ERR-2';

  if (exchange.status >= 200 && exchange.status < 300) {
    add('ERR-4', jsonBodyProblems(exchange));
    add('ERR-3', familySchemeProblems(exchange));
    if (!succeeded(exchange)) add(failureRule, failureIndicatorProblems(exchange));
    add('ERR-5', schemaProblems(exchange));
    if (succeeded(exchange) && exchange.operation)
      observations.push(...extraFieldObservations(exchange.operation, exchange.json));
    if (exchange.operation === 'listCustomers') observations.push(...nullFieldObservations(exchange.json));
    return { findings, observations, checked };
  }

  const where = `${exchange.request.method} ${new URL(exchange.request.url).pathname}`;
  const otherScheme = otherSchemeProblems(exchange);
  if (otherScheme.length) {
    add('ERR-3', otherScheme);
    return { findings, observations, checked };
  }
  if (bodyField(exchange, indicatorField(exchange)) === undefined) {
    // One rule for one omission: ERR-3 and ERR-5 would only say again that the indicator is missing.
    add(failureRule, withoutIndicatorProblems(exchange));
    return { findings, observations, checked };
  }
  add('ERR-3', familySchemeProblems(exchange));
  add(failureRule, failureIndicatorProblems(exchange));
  add('ERR-5', schemaProblems(exchange));
  const mediaType = exchange.headers['content-type']?.split(';')[0]?.trim();
  if (mediaType !== 'application/json') {
    observations.push({
      ruleId: 'ERR-4',
      text: `${where} answered HTTP ${exchange.status} with content-type ${mediaType ?? '(none)'}`,
      data: {
        kind: 'content-type-of-error',
        subject: exchange.operation ?? where,
        value: `HTTP ${exchange.status} ${mediaType ?? '(none)'}`,
      },
    });
  }
  return { findings, observations, checked };
}
