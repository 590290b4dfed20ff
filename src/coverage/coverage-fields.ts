import type { OpenAPIV3_1 } from 'openapi-types';
import { loadSpec, operations, OPERATION_IDS, type OperationId } from '../catalogue/spec.js';

/**
 * The document's surface as spec/openapi.yaml writes it: each operation's request fields (section 2.1),
 * query parameters (4.2) and response fields (2.2, 2.3, 2.5), grouped by the object that holds them.
 * Derived from the spec, never listed by hand, so a field added there is counted here.
 */
export type Side = 'request' | 'query' | 'response';

export type FieldGroup = {
  operation: OperationId;
  side: Side;
  /** "envelope", "customer", "shipping address", "billing card", "data", or the side's name for requests. */
  label: string;
  /** Where the group's objects sit in a body: property names, "[]" for the items of an array. */
  path: string[];
  fields: { name: string; type: string }[];
};

type Schema = OpenAPIV3_1.SchemaObject & { $ref?: string };

function resolve(schema: Schema | undefined): { schema: Schema; name?: string } {
  if (!schema?.$ref) return { schema: schema ?? {} };
  const name = schema.$ref.replace('#/components/schemas/', '');
  return { schema: (loadSpec().components?.schemas?.[name] ?? {}) as Schema, name };
}

/** Properties of a schema, allOf parts folded in, in the spec's order. */
function propertiesOf(schema: Schema): [string, Schema][] {
  const own = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
  const parts = ((schema.allOf ?? []) as Schema[]).flatMap((part) => propertiesOf(resolve(part).schema));
  return [...parts, ...own];
}

function typeOf(schema: Schema): string {
  const s = resolve(schema).schema;
  if (s.anyOf) return (s.anyOf as Schema[]).map(typeOf).join(' or ');
  if (s.type === 'array') return `array of ${typeOf(s.items as Schema)}`;
  return String(s.type ?? 'object');
}

const words = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** A response schema's groups: its own fields, then each array of objects or nested object in turn. */
function responseGroups(operation: OperationId, schema: Schema, path: string[], label: string): FieldGroup[] {
  const props = propertiesOf(resolve(schema).schema);
  const groups: FieldGroup[] = [
    { operation, side: 'response', label, path, fields: props.map(([name, s]) => ({ name, type: typeOf(s) })) },
  ];
  for (const [name, prop] of props) {
    const p = resolve(prop).schema;
    if (p.type === 'array') {
      const items = resolve(p.items as Schema);
      if (propertiesOf(items.schema).length)
        groups.push(...responseGroups(operation, p.items as Schema, [...path, name, '[]'], words(items.name ?? name)));
    } else if (propertiesOf(p).length) {
      groups.push(...responseGroups(operation, prop, [...path, name], name));
    }
  }
  return groups;
}

let cached: FieldGroup[] | undefined;

export function fieldGroups(): FieldGroup[] {
  if (cached) return cached;
  const groups: FieldGroup[] = [];
  const ops = operations();
  for (const id of OPERATION_IDS) {
    const op = ops[id];
    const body = (op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content?.['application/json']
      ?.schema as Schema | undefined;
    if (body)
      groups.push({
        operation: id,
        side: 'request',
        label: 'request body',
        path: [],
        fields: propertiesOf(resolve(body).schema).map(([name, s]) => ({ name, type: typeOf(s) })),
      });
    const query = ((op.parameters ?? []) as OpenAPIV3_1.ParameterObject[]).filter((p) => p.in === 'query');
    if (query.length)
      groups.push({
        operation: id,
        side: 'query',
        label: 'query',
        path: [],
        fields: query.map((p) => ({ name: p.name, type: typeOf(p.schema as Schema) })),
      });
    const success = (op.responses?.['200'] as OpenAPIV3_1.ResponseObject | undefined)?.content?.['application/json']
      ?.schema as Schema | undefined;
    if (success) groups.push(...responseGroups(id, success, [], 'envelope'));
  }
  cached = groups;
  return groups;
}

/** A group's key in tallies and reports: "listCustomers data[].billing_cards[]". */
export function groupKey(g: Pick<FieldGroup, 'operation' | 'side' | 'path'>): string {
  return `${g.operation} ${g.side}${g.path.length ? ` ${g.path.join('.').replace(/\.\[\]/g, '[]')}` : ''}`;
}
