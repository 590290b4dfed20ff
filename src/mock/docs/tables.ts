import { FAULTS } from '../behaviours/faults.js';
import type { RegistryEntry } from '../behaviours/behaviour.js';
import { VARIANTS } from '../behaviours/variants.js';
import { PG_CODES } from '../gateway/pg-codes.js';
import { PLATFORM_CODES } from '../gateway/platform-codes.js';

/**
 * The tables of docs/mock.md that the code already holds: the faults, the variations and the two code
 * tables. They are written between marker comments (`<!-- generated: NAME -->` … `<!-- /generated -->`) by
 * `npm run docs:generate`, and `npm run docs:check` fails when one is stale, so the page cannot drift from
 * the lists verify:suite and the mock use.
 */
export const GENERATED_TABLES: Readonly<Record<string, () => string>> = {
  faults: () => behaviourTable('Fault', FAULTS),
  variants: () => behaviourTable('Variant', VARIANTS),
  'pg-codes': () =>
    table(
      ['rcode', 'HTTP', 'name', 'rmsg'],
      Object.entries(PG_CODES).map(([name, e]) => [`\`${e.rcode}\``, String(e.status), name, e.rmsg]),
    ),
  'platform-codes': () =>
    table(
      ['code', 'HTTP', 'name', 'message'],
      Object.entries(PLATFORM_CODES).map(([name, e]) => [`\`${e.code}\``, String(e.status), name, e.message]),
    ),
  counts: () =>
    `The mock holds **${FAULTS.length} faults and ${VARIANTS.length} variations** ` +
    '(`src/mock/behaviours/faults.ts`, `variants.ts`).',
};

function behaviourTable(kind: string, entries: readonly RegistryEntry[]): string {
  return table(
    [kind, 'Rule', 'Modes', 'What it does'],
    entries.map((r) => [`\`${r.name}\``, r.rule, modes(r), cell(r.description)]),
  );
}

function modes(r: RegistryEntry): string {
  const where = r.modes ? r.modes.join(', ') : 'mock, black-box';
  return r.onlyByName ? `${where}; only by name (\`--only ${r.name}\`)` : where;
}

/** A pipe inside a description would end the cell early. */
export function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

export function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

const OPEN = /<!-- generated: ([a-z-]+) -->\n[\s\S]*?<!-- \/generated -->/g;

/**
 * The page with every marked block rewritten, by `tables` (the mock's own, or those and other writers' blocks);
 * an unknown block name is an error, not a silent skip.
 */
export function regenerate(page: string, tables: Readonly<Record<string, () => string>> = GENERATED_TABLES): string {
  return page.replace(OPEN, (_whole, name: string) => {
    const render = tables[name];
    if (!render) throw new Error(`unknown generated block "${name}" (known: ${Object.keys(tables).join(', ')})`);
    return `<!-- generated: ${name} -->\n${render()}\n<!-- /generated -->`;
  });
}

/** The names of the marked blocks a page holds, in order. */
export function generatedBlocks(page: string): string[] {
  return [...page.matchAll(OPEN)].map((m) => m[1]!);
}
