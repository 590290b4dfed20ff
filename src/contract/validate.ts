import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { OpenAPIV3_1 } from 'openapi-types';
import { loadSpec, operations, type OperationId } from './spec.js';

export type SchemaFinding = { pointer: string; message: string };

// ajv-formats ships CommonJS; under NodeNext its default export arrives as the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

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
    out[key] = key === '$ref' && typeof value === 'string'
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

function responseSchema(op: OpenAPIV3_1.OperationObject, status: string): object {
  const response = op.responses?.[status] as OpenAPIV3_1.ResponseObject | undefined;
  return jsonSchemaOf(response?.content?.['application/json'], `${op.operationId} response ${status}`);
}

/** One ajv instance per process holding every component schema, so refs resolve across operations. */
function schemaStore(): Ajv2020 {
  if (ajv) return ajv;
  const spec = loadSpec();
  const schemas = spec.components?.schemas ?? {};
  ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
  addFormats(ajv);
  ajv.addVocabulary([...new Set([...OPENAPI_ANNOTATIONS, ...extensionKeywords(schemas), ...extensionKeywords(spec.paths)])]);
  ajv.addSchema({ $id: SPEC_ID, $defs: rewriteRefs(schemas) as Record<string, object> });
  return ajv;
}

/**
 * Compiles a schema on its first use and keeps it for the process: a worker that checks only one
 * operation (verify:suite's short fault runs) compiles only that operation's schemas.
 */
function validator(id: OperationId, kind: Kind): ValidateFunction | undefined {
  const key = `${id} ${kind}`;
  if (validators.has(key)) return validators.get(key);
  const info = operations()[id];
  const body = info.operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
  let schema: object | undefined;
  if (kind === 'request') schema = body ? jsonSchemaOf(body.content['application/json'], `${id} request`) : undefined;
  else schema = responseSchema(info.operation, kind === 'success' ? '200' : 'default');
  const compiled = schema ? schemaStore().compile(schema) : undefined;
  validators.set(key, compiled);
  return compiled;
}

function findings(errors: ErrorObject[] | null | undefined): SchemaFinding[] {
  return (errors ?? []).map((e) => {
    const pointer = e.instancePath || '/';
    const extra = e.keyword === 'additionalProperties'
      ? ` (${String((e.params as { additionalProperty?: string }).additionalProperty)})`
      : '';
    return { pointer, message: `${e.message ?? e.keyword}${extra}` };
  });
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

export function formatFindings(found: SchemaFinding[]): string {
  return found.map((f) => `  ${f.pointer}: ${f.message}`).join('\n');
}
