import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { unzipSync } from 'fflate';

export type Hit = { where: string; canary: string };

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const DATA_URI_ZIP = /data:application\/zip;base64,([A-Za-z0-9+/=]+)/g;

/**
 * A reproduce line (`curl -sS …`) up to the end of its line: in plain text, in JSON strings (`\n` escaped) and in
 * HTML. Published test data (test card numbers, their CVV, the test routing number) may stand there as sent.
 */
export const REPRODUCE_LINE = /curl -sS (?:[^\n\\<]|\\[^n])*/g;

/**
 * Looks for each canary in the bytes, in the text with JSON escaping undone, inside zip archives
 * (traces, blob reports) and inside base64 zip data URIs (the HTML report embeds its data that way).
 */
export function searchBytes(
  bytes: Uint8Array,
  where: string,
  canaries: readonly string[],
  hits: Hit[] = [],
  except?: RegExp,
): Hit[] {
  if (ZIP_MAGIC.every((b, i) => bytes[i] === b)) {
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(bytes);
    } catch {
      hits.push({ where, canary: '(unreadable archive: cannot be searched)' });
      return hits;
    }
    for (const [name, content] of Object.entries(entries))
      searchBytes(content, `${where}!${name}`, canaries, hits, except);
    return hits;
  }
  const full = Buffer.from(bytes).toString('utf8');
  const text = except ? full.replace(except, '') : full;
  const unescaped = full
    .replace(/\\\\/g, '\\')
    .replace(/\\"/g, '"')
    .replace(/\\u002[fF]/g, '/');
  const unescapedText = except ? unescaped.replace(except, '') : unescaped;
  for (const canary of canaries) {
    if (text.includes(canary) || unescapedText.includes(canary)) hits.push({ where, canary });
  }
  for (const match of full.matchAll(DATA_URI_ZIP)) {
    searchBytes(Buffer.from(match[1] ?? '', 'base64'), `${where}#data-uri`, canaries, hits, except);
  }
  return hits;
}

/** Every file under the folders, archives opened; returns the hits and how many files and bytes were read. */
export function searchTree(
  roots: readonly string[],
  canaries: readonly string[],
  except?: RegExp,
): { hits: Hit[]; files: number; bytes: number } {
  const hits: Hit[] = [];
  let files = 0;
  let bytes = 0;
  const walk = (dir: string, root: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path, root);
      else {
        const content = readFileSync(path);
        files++;
        bytes += content.length;
        searchBytes(content, relative(root, path) || name, canaries, hits, except);
      }
    }
  };
  for (const root of roots) walk(root, join(root, '..'));
  return { hits, files, bytes };
}
