import { fileURLToPath } from 'node:url';
import { schemaCheck } from '../catalogue/schema-check.js';
import { parseYamlFile } from '../catalogue/yaml-cache.js';

/** The layers in front of a gateway that who-answered.ts recognises, each with its vendor's page. */
export const FRONT_LAYERS_PATH = fileURLToPath(new URL('./front-layers.yaml', import.meta.url));
export const FRONT_LAYERS_SCHEMA_PATH = fileURLToPath(new URL('./front-layers.schema.json', import.meta.url));

/** One entry of front-layers.yaml, of the shape front-layers.schema.json states. */
export type FrontLayer = {
  readonly id: string;
  readonly name: string;
  /** The response header that marks the layer's own answers, as its vendor writes it. */
  readonly header: string;
  /** The header's value (compared without regard to case); absent, any value marks the layer. */
  readonly equals?: string;
  readonly source: string;
  /** Further vendor pages the entry rests on. */
  readonly also?: readonly string[];
  readonly says: string;
};

/** A layer found on an answer: the entry, and the mark as the answer carried it ("x-amzn-ErrorType: …"). */
export type FrontLayerSeen = { readonly layer: FrontLayer; readonly mark: string };

/** ajv is loaded with the first answer that needs the list, not with this module. */
const schemaErrors = schemaCheck(FRONT_LAYERS_SCHEMA_PATH, { allErrors: true, strict: true });

/**
 * What is wrong with a parsed front-layers file: its schema's errors, then what the schema cannot say (an ID
 * or a mark given twice, which would name one answer's layer two ways). Empty when the file is sound.
 */
export function frontLayersProblems(data: unknown): string[] {
  const errors = schemaErrors(data);
  if (errors.length)
    return errors.map((e) => `front-layers.yaml${e.instancePath.replace(/\//g, '.') || ''}: ${e.message ?? e.keyword}`);
  const layers = (data as { layers: FrontLayer[] }).layers;
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const layer of layers) {
    const mark = `${layer.header.toLowerCase()}: ${layer.equals?.toLowerCase() ?? '*'}`;
    for (const key of [`id ${layer.id}`, `mark ${mark}`]) {
      const first = seen.get(key);
      if (first) problems.push(`front-layers.yaml: ${layer.id} repeats the ${key.split(' ')[0]} of ${first}`);
      else seen.set(key, layer.id);
    }
  }
  return problems;
}

let loaded: readonly FrontLayer[] | undefined;

/** The list, read and checked once a process; a file the schema refuses stops the run with what is wrong. */
export function frontLayers(): readonly FrontLayer[] {
  if (!loaded) {
    const data = parseYamlFile(FRONT_LAYERS_PATH);
    const problems = frontLayersProblems(data);
    if (problems.length) throw new Error(`${FRONT_LAYERS_PATH} is not sound:\n${problems.join('\n')}`);
    loaded = (data as { layers: FrontLayer[] }).layers;
  }
  return loaded;
}

/** The layer whose mark an answer's headers carry (names in lower case, as the client gives them), if any. */
export function frontLayerOf(
  headers: Readonly<Record<string, string | undefined>>,
  layers: readonly FrontLayer[] = frontLayers(),
): FrontLayerSeen | undefined {
  for (const layer of layers) {
    const value = headers[layer.header.toLowerCase()];
    if (value === undefined) continue;
    if (layer.equals !== undefined && value.trim().toLowerCase() !== layer.equals.toLowerCase()) continue;
    const shown = value.length > 80 ? `${value.slice(0, 80)}…` : value;
    return { layer, mark: `${layer.header}: ${shown}` };
  }
  return undefined;
}
