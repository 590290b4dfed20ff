/**
 * Writes the tables of the docs that the code already holds (src/mock/docs/tables.ts) between their
 * marker comments, in README.md and every docs/*.md page that has markers.
 *
 *   npx tsx scripts/generate-docs.ts          rewrite the marked blocks (npm run docs:generate)
 *   npx tsx scripts/generate-docs.ts --check  exit 1 naming each page whose blocks are stale (npm run docs:check)
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { generatedBlocks, regenerate } from '../src/mock/docs/tables.js';

const ROOT = new URL('../', import.meta.url);

async function pages(): Promise<string[]> {
  const docs = (await readdir(new URL('docs/', ROOT))).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`);
  return ['README.md', ...docs.sort()];
}

async function main(argv: string[]): Promise<number> {
  const unknown = argv.filter((a) => a !== '--check');
  if (unknown.length > 0) {
    console.error(`generate-docs: unknown argument(s): ${unknown.join(' ')} (only --check is accepted)`);
    return 2;
  }
  const check = argv.includes('--check');
  let stale = 0;
  for (const page of await pages()) {
    const url = new URL(page, ROOT);
    const current = await readFile(url, 'utf8');
    if (generatedBlocks(current).length === 0) continue;
    const generated = regenerate(current);
    if (generated === current) continue;
    if (check) {
      console.error(`${page}: generated tables are out of date with the code: run npm run docs:generate`);
      stale++;
    } else {
      await writeFile(url, generated);
      console.log(`wrote ${page}`);
    }
  }
  return stale > 0 ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
