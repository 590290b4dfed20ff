import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../testing/fixtures.js';

/**
 * Prettier breaks code at its print width but leaves a long string or template alone; this keeps every line
 * readable without scrolling, whatever the formatter could not break.
 */
const LIMIT = 140;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FOLDERS = ['src', 'tests', 'scripts', 'bench'];
/** Generated from spec/openapi.yaml, never edited by hand. */
const GENERATED = /openapi\.gen\.ts$/;

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.[cm]?[jt]s$/.test(f) && !GENERATED.test(f))
    .map((f) => join(folder, f));
}

function linesOver(limit: number, file: string): string[] {
  return readFileSync(join(ROOT, file), 'utf8')
    .split('\n')
    .flatMap((line, i) => (line.length > limit ? [`${file}:${i + 1} has ${line.length} characters`] : []));
}

test(`no line in ${FOLDERS.join(', ')} is over ${LIMIT} characters`, () => {
  const files = FOLDERS.flatMap(sourceFiles);
  expect(files.length).toBeGreaterThan(100);
  expect(files.flatMap((f) => linesOver(LIMIT, f))).toEqual([]);
});
