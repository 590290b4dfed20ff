import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';

const loadCommonJs = createRequire(import.meta.url);

/**
 * The `yaml` library, loaded on first use: with the cache below warm a run never parses YAML, and loading the
 * parser cost the runner and each worker some 50 ms (the runner's, before any worker starts).
 */
export function yamlLibrary(): typeof import('yaml') {
  return loadCommonJs('yaml') as typeof import('yaml');
}

export function parseYaml(text: string): unknown {
  return yamlLibrary().parse(text);
}

/** Where parsed YAML is kept as JSON, beside the other tools' caches (git-ignored with node_modules). */
const CACHE_DIR = join('node_modules', '.cache', 'gateway-conformance');

/**
 * Parses a YAML file through a JSON copy keyed by its content: every Playwright worker reads the spec and
 * the rule catalogue, and parsing the YAML cost each one more than the rest of its set-up of them (JSON
 * parses some fifty times faster). A changed file has a new key; an unwritable cache only costs the parse.
 */
export function parseYamlFile(path: string): unknown {
  return readYamlFile(path).value;
}

/** The parsed file and the digest of its text, by which a process tells whether it is the file it checked. */
export function readYamlFile(path: string): { value: unknown; digest: string } {
  const text = readFileSync(path, 'utf8');
  const digest = createHash('sha256').update(text).digest('hex').slice(0, 16);
  const cached = join(CACHE_DIR, `${basename(path)}.${digest}.json`);
  try {
    return { value: JSON.parse(readFileSync(cached, 'utf8')), digest };
  } catch {
    const value = parseYaml(text);
    try {
      mkdirSync(CACHE_DIR, { recursive: true });
      const partial = `${cached}.${process.pid}`;
      writeFileSync(partial, JSON.stringify(value));
      renameSync(partial, cached); // whole or not at all, for workers reading at the same time
    } catch {
      // a read-only checkout: parse every time
    }
    return { value, digest };
  }
}
