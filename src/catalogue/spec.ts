import { fileURLToPath } from 'node:url';
import type { OpenAPIV3_1 } from 'openapi-types';
import { parseYamlFile } from './yaml-cache.js';

export const SPEC_PATH = fileURLToPath(new URL('../../spec/openapi.yaml', import.meta.url));

export const OPERATION_IDS = ['tokenize', 'listCustomers', 'disableWebhook'] as const;
export type OperationId = (typeof OPERATION_IDS)[number];

/** Which of the three operations a request is, by method and path; undefined for anything else. */
export function operationOf(method: string, path: string): OperationId | undefined {
  if (method === 'POST' && path === '/pg/tokenize') return 'tokenize';
  if (method === 'GET' && path === '/platform/vault/customer') return 'listCustomers';
  if (method === 'PUT' && /^\/platform\/webhook\/[^/]+\/disable$/.test(path)) return 'disableWebhook';
  return undefined;
}

export type Family = 'pg' | 'platform';

let cached: OpenAPIV3_1.Document | undefined;

/** The hand-written spec, parsed once per process. */
export function loadSpec(): OpenAPIV3_1.Document {
  cached ??= parseYamlFile(SPEC_PATH) as OpenAPIV3_1.Document;
  return cached;
}

export function familyOf(path: string): Family {
  return path.startsWith('/pg/') ? 'pg' : 'platform';
}

/** The three operations, found by operationId; a missing one means the spec and the suite diverged. */
export function operations(): Record<OperationId, OpenAPIV3_1.OperationObject> {
  const found: Partial<Record<OperationId, OpenAPIV3_1.OperationObject>> = {};
  for (const item of Object.values(loadSpec().paths ?? {})) {
    for (const method of ['get', 'post', 'put'] as const) {
      const operation = item?.[method];
      const id = operation?.operationId as OperationId | undefined;
      if (!operation || !id || !OPERATION_IDS.includes(id)) continue;
      found[id] = operation;
    }
  }
  for (const id of OPERATION_IDS) {
    if (!found[id]) throw new Error(`spec/openapi.yaml has no operation with operationId "${id}"`);
  }
  return found as Record<OperationId, OpenAPIV3_1.OperationObject>;
}

export type ComponentField = { path: string[]; schema: Record<string, unknown> };

/**
 * The fields of a component schema, its own properties and those of its allOf parts (a response built on its
 * family's result scheme), each with its path under the component: what a field's schema is read and compiled by.
 */
export function componentFields(component: string, spec = loadSpec()): Map<string, ComponentField> {
  type Part = { properties?: Record<string, Record<string, unknown>>; allOf?: Part[] };
  const schema = spec.components?.schemas?.[component] as Part | undefined;
  const parts: [string[], Part][] = [
    [[], schema ?? {}],
    ...(schema?.allOf ?? []).map((part, i): [string[], Part] => [['allOf', String(i)], part]),
  ];
  const fields = new Map<string, ComponentField>();
  for (const [at, part] of parts) {
    for (const [field, property] of Object.entries(part.properties ?? {}))
      if (!fields.has(field)) fields.set(field, { path: [...at, 'properties', field], schema: property });
  }
  return fields;
}
