import type { ListedTest, RuleJudges } from './rules-map.js';

/** Text from the catalogue or a test title, shown as written: `<token>` is no HTML tag, `*` no emphasis. */
function text(s: string): string {
  return s.replace(/[\\`*[\]<>|]/g, (c) => `\\${c}`);
}

const code = (s: string) => `\`${s}\``;
const count = (n: number) => (n ? String(n) : '–');

/** A heading's anchor as GitHub makes it: `TOK-8` → `tok-8`. */
const anchor = (id: string) => id.toLowerCase();

function overview(map: readonly RuleJudges[]): string {
  const head = ['Rule', 'Section', 'Registry', 'Tests', 'Properties', 'Run-wide', 'Faults', 'Variations'];
  const rows = map.map((r) => [
    `[${r.rule.id}](#${anchor(r.rule.id)})`,
    text(r.rule.section),
    r.check ? [...r.check.functions.map((f) => f.side), ...(r.check.judges.length ? ['judges'] : [])].join(', ') : '–',
    count(r.tests.length),
    count(r.properties.length),
    count(r.runWide.length),
    count(r.faults.length),
    count(r.variants.length),
  ]);
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Tests by file, each file once, its tests by title in the order Playwright lists them. */
function byFile(label: string, tests: readonly ListedTest[]): string[] {
  const files = [...new Set(tests.map((t) => t.file))];
  return files.flatMap((file) => [
    `- ${label} in ${code(file)}:`,
    ...tests.filter((t) => t.file === file).map((t) => `  - ${text(t.title)}`),
  ]);
}

function section(r: RuleJudges): string {
  const { rule } = r;
  const lines = [
    `### ${rule.id}`,
    '',
    `${text(rule.rule)}`,
    '',
    `> ${text(rule.source)}`,
    '',
    `Section ${text(rule.section)}; ${rule.check}${rule.writes ? '; writes' : ''}.`,
    '',
  ];
  if (r.check) {
    const functions = r.check.functions.map((f) => `${f.side} ${code(f.name)}`);
    lines.push(`- Registry: ${[code(r.check.file), ...functions].join(', ')}`);
    for (const j of r.check.judges) lines.push(`- Judge ${code(j.name)} in ${code(j.file)}`);
  }
  lines.push(...byFile('Tests', r.tests), ...byFile('Properties', r.properties));
  for (const expected of r.runWide)
    lines.push(`- Run-wide record (${code('src/checks/run-wide.ts')}): ${text(expected)}`);
  if (r.faults.length) lines.push(`- Mock faults: ${r.faults.map(code).join(', ')}`);
  if (r.variants.length) lines.push(`- Mock variations: ${r.variants.map(code).join(', ')}`);
  return lines.join('\n');
}

/** The map of docs/rules.md: a table of every rule, then each rule with the places that judge it. */
export function rulesPage(map: readonly RuleJudges[]): string {
  return [overview(map), ...map.map(section)].join('\n\n');
}
