/**
 * Writes the blocks of the docs that the code already holds between their marker comments, in README.md and
 * every docs/*.md page that has markers: the mock's tables (src/mock/docs/tables.ts) and the map of the
 * rules, docs/rules.md (src/rules-map/), and the layers in front of a gateway who-answered.ts recognises
 * (src/transport/front-layers.yaml, in docs/who-answered.md).
 *
 *   npx tsx scripts/generate-docs.ts          rewrite the marked blocks (npm run docs:generate)
 *   npx tsx scripts/generate-docs.ts --check  exit 1 naming each page whose blocks are stale (npm run docs:check)
 */
import { execFileSync } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { JSONReport } from '@playwright/test/reporter';
import { environmentWithoutSuiteVariables } from '../src/config/child-env.js';
import { cell, GENERATED_TABLES, generatedBlocks, regenerate, table } from '../src/mock/docs/tables.js';
import { listedTests } from '../src/rules-map/listed-tests.js';
import { mapSources, rulesMap, unjudgedRules } from '../src/rules-map/rules-map.js';
import { rulesPage } from '../src/rules-map/rules-page.js';
import { frontLayers } from '../src/transport/front-layers.js';

const ROOT = new URL('../', import.meta.url);

async function pages(): Promise<string[]> {
  const docs = (await readdir(new URL('docs/', ROOT))).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`);
  return ['README.md', ...docs.sort()];
}

/**
 * The conformance tests as Playwright collects them, from its JSON report of `--list`: the titles a loop
 * builds and the tags `rules([...])` gives are Playwright's own, not a reading of the source. Run without
 * the suite's variables (they change which target a run has, never which tests exist) and without a JSON
 * output file, so the report comes back on stdout.
 */
function conformanceTests(): JSONReport {
  const env = environmentWithoutSuiteVariables();
  for (const name of Object.keys(env)) if (name.startsWith('PLAYWRIGHT_JSON_OUTPUT')) delete env[name];
  const cli = fileURLToPath(new URL('node_modules/@playwright/test/cli.js', ROOT));
  const args = [cli, 'test', '--config', 'playwright.config.ts', '--list', '--reporter=json'];
  const out = execFileSync(process.execPath, args, { cwd: ROOT, env, encoding: 'utf8', maxBuffer: 64 << 20 });
  return JSON.parse(out) as JSONReport;
}

/** The front layers and their marks, each with the vendor page that documents it. */
function frontLayersBlock(): string {
  return table(
    ['Layer', 'Its own answers carry', 'Source'],
    frontLayers().map((l) => [
      l.name,
      `\`${l.header}${l.equals === undefined ? '' : `: ${l.equals}`}\`${l.equals === undefined ? ' (any value)' : ''}`,
      [l.source, ...(l.also ?? [])].map((u) => `[${new URL(u).host}](${u})`).join(', ') + `: ${cell(l.says)}`,
    ]),
  );
}

/** A page the code cannot write as it stands: said in one sentence, exit 1. */
class Unwritable extends Error {}

/** The map of the rules; a rule nothing judges stops the docs, as it would fail the unit tests. */
function rulesMapBlock(): string {
  const map = rulesMap(mapSources(listedTests(conformanceTests(), fileURLToPath(ROOT))));
  const unjudged = unjudgedRules(map);
  if (unjudged.length)
    throw new Unwritable(
      `docs/rules.md: ${unjudged.join(', ')}: no check in the registry and no test tagged with it ` +
        '(docs/adding-a-rule.md)',
    );
  return rulesPage(map);
}

async function main(argv: string[]): Promise<number> {
  const unknown = argv.filter((a) => a !== '--check');
  if (unknown.length > 0) {
    console.error(`generate-docs: unknown argument(s): ${unknown.join(' ')} (only --check is accepted)`);
    return 2;
  }
  const check = argv.includes('--check');
  let rules: string | undefined; // listing the tests takes Playwright a few seconds: once, and only if a page asks
  const tables = { ...GENERATED_TABLES, 'front-layers': frontLayersBlock, rules: () => (rules ??= rulesMapBlock()) };
  let stale = 0;
  for (const page of await pages()) {
    const url = new URL(page, ROOT);
    const current = await readFile(url, 'utf8');
    if (generatedBlocks(current).length === 0) continue;
    let generated: string;
    try {
      generated = regenerate(current, tables);
    } catch (error) {
      if (!(error instanceof Unwritable)) throw error;
      console.error(`generate-docs: ${error.message}`);
      return 1;
    }
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
