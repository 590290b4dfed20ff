import { loadSpec, operations, type OperationId } from '../../catalogue/spec.js';

/**
 * Fields of a success answer that spec/openapi.yaml does not list (section 2 lists fields, but never says
 * others are forbidden, so the spec leaves objects open). Not a failure: an observation, so a nightly
 * comparison shows when "the vault gained a field". Paths name the place, arrays as `*`: `/data/*`.
 */
type Schema = Record<string, unknown>;

/** What `walk` needs of a schema, worked out once per schema object: a vault page holds hundreds of records of the same one. */
type Shape = { items: Schema[]; declared: Map<string, Schema[]> };
const shapes = new WeakMap<Schema, Shape>();

function resolve(schema: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const name = ref.replace('#/components/schemas/', '');
  const found = loadSpec().components?.schemas?.[name] as Schema | undefined;
  if (!found) throw new Error(`spec/openapi.yaml: ${ref} names no schema`);
  return found;
}

/** The schema and every schema it combines: properties may come from any of them. */
function parts(schema: Schema): Schema[] {
  const s = resolve(schema);
  return [
    s,
    ...(['allOf', 'anyOf', 'oneOf'] as const).flatMap((k) => ((s[k] as Schema[] | undefined) ?? []).flatMap(parts)),
  ];
}

function shapeOf(schema: Schema): Shape {
  let shape = shapes.get(schema);
  if (!shape) {
    const all = parts(schema);
    const declared = new Map<string, Schema[]>();
    for (const p of all)
      for (const [name, s] of Object.entries((p.properties as Record<string, Schema> | undefined) ?? {}))
        declared.set(name, [...(declared.get(name) ?? []), s]);
    shape = { items: all.flatMap((p) => (p.items ? [p.items as Schema] : [])), declared };
    shapes.set(schema, shape);
  }
  return shape;
}

function walk(body: unknown, schema: Schema, path: string, out: Map<string, Set<string>>): void {
  const { items, declared } = shapeOf(schema);
  if (Array.isArray(body)) {
    const elementPath = `${path}/*`;
    for (const element of body) for (const item of items) walk(element, item, elementPath, out);
    return;
  }
  if (!body || typeof body !== 'object') return;
  if (declared.size === 0) return; // a schema that lists no field has nothing to compare with
  const record = body as Record<string, unknown>;
  // for-in and a look-up, not Object.entries: no array of pairs for each of a large page's records.
  for (const name in record) {
    const schemas = declared.get(name);
    if (!schemas) out.set(path || '/', (out.get(path || '/') ?? new Set()).add(name));
    else if (holdsFields(record[name])) for (const s of schemas) walk(record[name], s, `${path}/${name}`, out);
  }
}

/** Only an object or an array can carry a field; a string, number, boolean or null has nothing to walk. */
function holdsFields(value: unknown): boolean {
  return value !== null && typeof value === 'object';
}

const successSchemas = new Map<OperationId, Schema | undefined>();

function successSchema(operation: OperationId): Schema | undefined {
  if (!successSchemas.has(operation)) {
    const response = operations()[operation].responses?.['200'] as
      { content?: Record<string, { schema?: Schema }> } | undefined;
    successSchemas.set(operation, response?.content?.['application/json']?.schema);
  }
  return successSchemas.get(operation);
}

/** Undeclared fields of a success body, by where they stand: `[{ path: '/data/*', fields: ['tags'] }]`. */
export function extraFields(operation: OperationId, body: unknown): { path: string; fields: string[] }[] {
  const schema = successSchema(operation);
  if (!schema) return [];
  const out = new Map<string, Set<string>>();
  walk(body, schema, '', out);
  return [...out]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, fields]) => ({ path, fields: [...fields].sort() }));
}
