import type { OpenAPIV3_1 } from 'openapi-types';
import { componentFields, loadSpec } from './spec.js';
import { fieldValidator, type FieldValidator } from './validate.js';

/**
 * The formats the interface document states, each written once in spec/openapi.yaml with the rule stating it
 * beside it (`x-rule`). A check or a generator asks for a field's format by the rule it judges it under and
 * gets the field's schema compiled, so a format changed in the spec changes every reader of it.
 */
export type StatedFormat = {
  readonly rule: string;
  /** Whether a value has the field's stated type and format. */
  fits(value: unknown): boolean;
  /** The field's pattern as ajv compiles it (Unicode), for drawing values from it; undefined for a `format`. */
  pattern(): RegExp | undefined;
};

type Schema = Record<string, unknown>;

/**
 * The format `rule` states for one field. The spec must name `rule` beside the field (x-rule), or the first use
 * throws: a check judging a format under a rule the spec does not give it would name the wrong rule. Nothing is
 * read or compiled until first use (Playwright's runner imports the checks only to list the tests). `spec`
 * reads another document of the same shape (a test's changed copy).
 */
export function statedFormat(
  rule: string,
  component: string,
  field: string,
  spec?: OpenAPIV3_1.Document,
): StatedFormat {
  let found: { schema: Schema; validate: FieldValidator } | undefined;
  const resolved = () => {
    if (found) return found;
    const schema = componentFields(component, spec ?? loadSpec()).get(field)?.schema;
    if (!schema) throw new Error(`spec/openapi.yaml has no field ${component}.${field}`);
    const named = schema['x-rule'];
    if (named !== rule) {
      const says = typeof named === 'string' ? `x-rule: ${named}` : 'no x-rule';
      throw new Error(`spec/openapi.yaml: ${component}.${field} has ${says}, not ${rule}, beside its format`);
    }
    found = { schema, validate: fieldValidator(component, field, spec) };
    return found;
  };
  return {
    rule,
    fits: (value) => resolved().validate(value).length === 0,
    pattern: () => {
      const pattern = resolved().schema.pattern;
      return typeof pattern === 'string' ? new RegExp(pattern, 'u') : undefined;
    },
  };
}

/** Every field of the spec's component schemas that names a rule beside its format: `Component.field` → rule. */
export function statedFormatRules(spec = loadSpec()): Map<string, string> {
  const rules = new Map<string, string>();
  for (const component of Object.keys(spec.components?.schemas ?? {})) {
    for (const [field, { schema }] of componentFields(component, spec))
      if (typeof schema['x-rule'] === 'string') rules.set(`${component}.${field}`, schema['x-rule']);
  }
  return rules;
}
