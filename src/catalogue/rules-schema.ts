import { fileURLToPath } from 'node:url';
import type { ErrorObject } from 'ajv';
import { schemaCheck } from './schema-check.js';
import { yamlLibrary } from './yaml-cache.js';

/** The catalogue's shape: ajv checks it at load, and an editor reads it from the modeline atop rules.yaml. */
export const RULES_SCHEMA_PATH = fileURLToPath(new URL('../../spec/rules.schema.json', import.meta.url));

/** ajv is loaded with the first catalogue checked, not with this module: a process that trusts its parent's check never needs it. */
// verbose: each error carries the value and the schema it broke, which the sentences quote. Checking the schema itself
// against the 2020-12 meta-schema doubled the compile: a unit test does it instead.
const schemaErrors = schemaCheck(RULES_SCHEMA_PATH, {
  allErrors: true,
  verbose: true,
  strict: true,
  validateSchema: false,
});

type Schema = { description?: string; examples?: unknown[]; properties?: Record<string, unknown> };

const alternatives = (values: readonly string[]) =>
  values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values.at(-1)}` : (values[0] ?? '');

/** How an entry is named: its list and place, and its ID when it has one. */
function entryName(data: unknown, list: string, i: number): string {
  const entries = (data as Record<string, unknown[]>)[list];
  const id = (entries?.[i] as Record<string, unknown> | undefined)?.id;
  return typeof id === 'string' ? `${list}[${i}] (${id})` : `${list}[${i}]`;
}

/** A problem of the file's top level: a key missing, unknown, or not a list (the version: not a string). */
function topLevelSentence(error: ErrorObject, key: string | undefined): string {
  const params = error.params as Record<string, unknown>;
  const named = key ?? (params.missingProperty as string | undefined);
  if (error.keyword === 'additionalProperties')
    return `has an unknown top-level key: ${String(params.additionalProperty)}`;
  if (named === undefined) return 'expected a mapping with a "version" and a "rules" list';
  return named === 'version'
    ? 'expected a top-level "version" string, e.g. version: "1.0.0"'
    : `expected a top-level "${named}" list`;
}

/** One error as a sentence in the words of the file: the entry, the field, what it must be. */
function sentence(error: ErrorObject, data: unknown): string {
  const [list, index, ...fields] = error.instancePath.split('/').slice(1);
  if (index === undefined) return topLevelSentence(error, list);
  const params = error.params as Record<string, unknown>;
  const schema = (error.parentSchema ?? {}) as Schema;
  const because = schema.description ? `: ${schema.description}` : '';
  const name = entryName(data, list!, Number(index));
  const at = fields.length ? `${name}: ${fields.join('.')}` : name;
  switch (error.keyword) {
    case 'required':
      return `${name}: ${String(params.missingProperty)} is missing`;
    case 'additionalProperties': {
      const known = Object.keys(schema.properties ?? {}).join(', ');
      const what = fields.at(-1) === 'needs' ? 'a need' : 'a field here';
      return `${at}.${String(params.additionalProperty)} is not ${what}: ${known}`;
    }
    case 'type': {
      const example = schema.examples?.[0];
      const shape: Record<string, string> = {
        boolean: 'true or false',
        string: 'a non-empty string',
        array: 'a list',
        object: `a mapping${example ? `, e.g. ${yamlLibrary().stringify(example, { collectionStyle: 'flow' }).trim()}` : ''}`,
      };
      return `${at} must be ${shape[String(params.type)] ?? String(params.type)}`;
    }
    case 'minLength':
      return `${at} must be a non-empty string`;
    case 'pattern':
      return `${at} "${String(error.data)}" must look like ${alternatives((schema.examples ?? []).map(String))}`;
    case 'enum':
      return `${at} must be ${alternatives((params.allowedValues as unknown[]).map(String))}${because}`;
    case 'const':
      return `${at} must be ${JSON.stringify(params.allowedValue)}${because}`;
    case 'not':
      return `${at} ${schema.description ?? 'is not allowed here'}`;
    default:
      return `${at} ${error.message ?? 'is not valid'}`;
  }
}

/** An entry's own unknown keys (not those inside its `needs`), said together in one sentence. */
const isEntry = (instancePath: string) => /^\/[a-z_]+\/[0-9]+$/.test(instancePath);

/**
 * What spec/rules.schema.json refuses in a parsed catalogue, one sentence per problem, each naming the entry
 * and the field; empty when it has the catalogue's shape. A failed `if` only says its `then` failed, which
 * the `then`'s own error says better.
 */
export function rulesSchemaProblems(data: unknown): string[] {
  const said = new Set<string>();
  const unknownKeys = new Map<string, string[]>();
  for (const error of schemaErrors(data)) {
    if (error.keyword === 'if') continue;
    if (error.keyword === 'additionalProperties' && isEntry(error.instancePath)) {
      const key = String((error.params as Record<string, unknown>).additionalProperty);
      unknownKeys.set(error.instancePath, [...(unknownKeys.get(error.instancePath) ?? []), key]);
    } else said.add(sentence(error, data));
  }
  for (const [path, keys] of unknownKeys) {
    const [list, index] = path.split('/').slice(1);
    said.add(`${entryName(data, list!, Number(index))} has unknown keys: ${keys.join(', ')}`);
  }
  return [...said];
}
