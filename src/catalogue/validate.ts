import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type { OpenAPIV3_1 } from 'openapi-types';
import { ajvModules } from './schema-check.js';
import { componentFields, loadSpec, operations, type OperationId } from './spec.js';

export type SchemaFinding = {
  pointer: string;
  message: string;
  /** The JSON Schema keyword that failed (`type`, `pattern`, `format`, `required` …). */
  keyword: string;
  /** The rule spec/openapi.yaml names beside the failing schema (its `x-rule`): the rule stating that format. */
  rule?: string;
  /** The property a `required` keyword found missing: what a check tells its rule by, never the message. */
  missing?: string;
};

const SPEC_ID = 'urn:gateway-conformance:spec';
/** OpenAPI keywords that annotate rather than constrain; ajv must know them in strict mode. */
const OPENAPI_ANNOTATIONS = ['example', 'discriminator', 'xml', 'externalDocs'];

type Kind = 'request' | 'success' | 'failure';
let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction | undefined>();

/** Rewrites OpenAPI component refs into refs to the one schema document ajv holds. */
function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] =
      key === '$ref' && typeof value === 'string'
        ? value.replace(/^#\/components\/schemas\//, `${SPEC_ID}#/$defs/`)
        : rewriteRefs(value);
  }
  return out;
}

function extensionKeywords(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => extensionKeywords(n, found));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('x-')) found.add(key);
      extensionKeywords(value, found);
    }
  }
  return found;
}

function jsonSchemaOf(content: OpenAPIV3_1.MediaTypeObject | undefined, where: string): object {
  if (!content?.schema) throw new Error(`spec/openapi.yaml: ${where} has no application/json schema`);
  return rewriteRefs(content.schema) as object;
}

/**
 * An ajv instance holding every component schema, so refs resolve across operations. The suite's own
 * instance skips checking the schemas against the JSON Schema meta-schema: compiling the meta-schema
 * cost every Playwright worker more than all of its own validators; `specSchemaProblems` (a unit test
 * runs it) checks the same schemas once, with the meta-schema. `verbose` keeps each error's schema, whose
 * `x-rule` names the rule stating the format that failed.
 */
function newStore(validateSchema: boolean, spec = loadSpec()): Ajv2020 {
  const schemas = spec.components?.schemas ?? {};
  /*
   * ajv and ajv-formats are loaded with the first validator, not with this module: Playwright's runner
   * loads every test file (and so this module) to list the tests, before any worker starts, and validates
   * nothing; loading them cost it some 60 ms.
   */
  const { Ajv, addFormats } = ajvModules();
  const store = new Ajv({ allErrors: true, strict: true, strictRequired: false, validateSchema, verbose: true });
  addFormats(store);
  store.addVocabulary([
    ...new Set([...OPENAPI_ANNOTATIONS, ...extensionKeywords(schemas), ...extensionKeywords(spec.paths)]),
  ]);
  store.addSchema({ $id: SPEC_ID, $defs: rewriteRefs(schemas) as Record<string, object> });
  return store;
}

const schemaStore = (): Ajv2020 => (ajv ??= newStore(false));

/** Every schema the suite validates with, checked against the JSON Schema 2020-12 meta-schema; empty = valid. */
export function specSchemaProblems(): string[] {
  const store = newStore(true); // addSchema throws on an invalid component schema
  const problems: string[] = [];
  for (const id of Object.keys(operations()) as OperationId[]) {
    for (const kind of ['request', 'success', 'failure'] as const) {
      const schema = schemaOf(id, kind);
      if (schema && !store.validateSchema(schema)) problems.push(`${id} ${kind}: ${store.errorsText(store.errors)}`);
    }
  }
  return problems;
}

function schemaOf(id: OperationId, kind: Kind): object | undefined {
  const op = operations()[id];
  const body = op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
  if (kind === 'request') return body ? jsonSchemaOf(body.content['application/json'], `${id} request`) : undefined;
  const status = kind === 'success' ? '200' : 'default';
  const response = op.responses?.[status] as OpenAPIV3_1.ResponseObject | undefined;
  return jsonSchemaOf(response?.content?.['application/json'], `${op.operationId} response ${status}`);
}

/**
 * Compiles a schema on its first use and keeps it for the process: a worker that checks only one
 * operation (verify:suite's short fault runs) compiles only that operation's schemas.
 */
function validator(id: OperationId, kind: Kind): ValidateFunction | undefined {
  const key = `${id} ${kind}`;
  if (validators.has(key)) return validators.get(key);
  const schema = schemaOf(id, kind);
  const compiled = schema ? schemaStore().compile(schema) : undefined;
  validators.set(key, compiled);
  return compiled;
}

function findings(errors: ErrorObject[] | null | undefined): SchemaFinding[] {
  return (errors ?? []).map((e) => {
    const pointer = e.instancePath || '/';
    const extra =
      e.keyword === 'additionalProperties'
        ? ` (${String((e.params as { additionalProperty?: string }).additionalProperty)})`
        : '';
    const missing = e.keyword === 'required' ? (e.params as { missingProperty?: string }).missingProperty : undefined;
    const rule = (e.parentSchema as Record<string, unknown> | undefined)?.['x-rule'];
    return {
      pointer,
      message: `${e.message ?? e.keyword}${extra}`,
      keyword: e.keyword,
      ...(typeof rule === 'string' ? { rule } : {}),
      ...(missing === undefined ? {} : { missing }),
    };
  });
}

/** A validator of one field's value: empty = the value has the field's stated type and format. */
export type FieldValidator = (value: unknown) => SchemaFinding[];

const fieldValidators = new Map<string, FieldValidator>();

/**
 * One field of a component schema (`BillingCard`, `exp_date`), compiled on its first use from the store that
 * holds the whole spec, so a worker that judges no listing compiles none of the listing's fields. `spec`
 * compiles it from another document of the same shape instead (a test's changed copy), uncached.
 */
export function fieldValidator(component: string, field: string, spec?: OpenAPIV3_1.Document): FieldValidator {
  const key = `${component}/${field}`;
  const known = spec ? undefined : fieldValidators.get(key);
  if (known) return known;
  const path = componentFields(component, spec ?? loadSpec()).get(field)?.path;
  if (!path) throw new Error(`spec/openapi.yaml has no field ${component}.${field}`);
  const pointer = [component, ...path].map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
  const validate = (spec ? newStore(false, spec) : schemaStore()).getSchema(`${SPEC_ID}#/$defs/${pointer}`);
  if (!validate) throw new Error(`spec/openapi.yaml: no schema at ${pointer}`);
  const judge: FieldValidator = (value) => (validate(value) ? [] : findings(validate.errors));
  if (!spec) fieldValidators.set(key, judge);
  return judge;
}

/** True when a body carries its family's success indicator (section 7). */
export function isSuccessBody(operationId: OperationId, body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const b = body as Record<string, unknown>;
  return operationId === 'tokenize' ? b.rcode === '000' : b.code === 0;
}

/**
 * Validates a response body: a success body (by its family's indicator) against the operation's success
 * schema, anything else against the family's failure scheme. Empty result = valid.
 */
export function validateResponse(operationId: OperationId, body: unknown): SchemaFinding[] {
  const validate = validator(operationId, isSuccessBody(operationId, body) ? 'success' : 'failure')!;
  return validate(body) ? [] : findings(validate.errors);
}

/** Validates a request body against the operation's request schema (tokenize only has one). */
export function validateRequest(operationId: OperationId, body: unknown): SchemaFinding[] {
  const validate = validator(operationId, 'request');
  if (!validate) throw new Error(`operation ${operationId} takes no request body`);
  return validate(body) ? [] : findings(validate.errors);
}
