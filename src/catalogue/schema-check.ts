import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ErrorObject } from 'ajv';
import type { Ajv2020, Options } from 'ajv/dist/2020.js';
import type addFormatsModule from 'ajv-formats';

const loadCommonJs = createRequire(import.meta.url);
const ajv2020 = () => (loadCommonJs('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js')).Ajv2020;

/** ajv's JSON Schema 2020-12 class and the ajv-formats plugin, required when called, never with this module. */
export function ajvModules(): { Ajv: typeof Ajv2020; addFormats: typeof addFormatsModule.default } {
  // ajv-formats ships CommonJS: its module object is the plugin.
  return { Ajv: ajv2020(), addFormats: loadCommonJs('ajv-formats') as typeof addFormatsModule.default };
}

/**
 * A check of data against the JSON Schema at `path`, giving its errors (none when the data is sound). ajv is loaded
 * and the schema compiled at the first check, not with the module that asks for one: most processes that load such
 * a module (a reporter, a worker trusting its parent's check) check nothing. `prepare` adds what the schema needs
 * beyond ajv itself, such as formats.
 */
export function schemaCheck(
  path: string,
  options: Options,
  prepare?: (ajv: Ajv2020) => void,
): (data: unknown) => ErrorObject[] {
  let check: ((data: unknown) => ErrorObject[]) | undefined;
  return (data) => {
    if (!check) {
      const Ajv = ajv2020();
      const ajv: Ajv2020 = new Ajv(options);
      prepare?.(ajv);
      const compiled = ajv.compile(JSON.parse(readFileSync(path, 'utf8')) as object);
      check = (d) => (compiled(d) ? [] : [...(compiled.errors ?? [])]);
    }
    return check(data);
  };
}
