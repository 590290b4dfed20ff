import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parse } from 'yaml';

/** Where parsed YAML is kept as JSON, beside the other tools' caches (git-ignored with node_modules). */
const CACHE_DIR = join('node_modules', '.cache', 'gateway-conformance');

/**
 * Parses a YAML file through a JSON copy keyed by its content: every Playwright worker reads the spec and
 * the rule catalogue, and parsing the YAML cost each one more than the rest of its set-up of them (JSON
 * parses some fifty times faster). A changed file has a new key; an unwritable cache only costs the parse.
 */
export function parseYamlFile(path: string): unknown {
  const text = readFileSync(path, 'utf8');
  const key = createHash('sha256').update(text).digest('hex').slice(0, 16);
  const cached = join(CACHE_DIR, `${basename(path)}.${key}.json`);
  try {
    return JSON.parse(readFileSync(cached, 'utf8'));
  } catch {
    const value: unknown = parse(text);
    try {
      mkdirSync(CACHE_DIR, { recursive: true });
      const partial = `${cached}.${process.pid}`;
      writeFileSync(partial, JSON.stringify(value));
      renameSync(partial, cached); // whole or not at all, for workers reading at the same time
    } catch {
      // a read-only checkout: parse every time
    }
    return value;
  }
}
