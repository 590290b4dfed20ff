import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../testing/fixtures.js';
import { KNOWN_VARIABLES, PROJECT_SET_VARIABLES } from '../config/known-variables.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
/** Set by the project for its own child processes, never by a user (see known-variables.ts). */
const PROJECT_SET = PROJECT_SET_VARIABLES;

const read = (page: string) => readFileSync(join(ROOT, page), 'utf8');

/** The page without its fenced code blocks: a link-like text in an example is not a link. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '');
}

/** The targets of the page's markdown links and images, as written. */
function links(text: string): string[] {
  return [...prose(text).matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens. */
function anchors(text: string): Set<string> {
  const slugs = [...prose(text).matchAll(/^#+ (.*)$/gm)].map((m) =>
    m[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-'),
  );
  return new Set(slugs);
}

test('the README fits in 250 lines', () => {
  expect(read('README.md').split('\n').length).toBeLessThanOrEqual(250);
});

for (const page of PAGES) {
  test(`every relative link in ${page} points at a file of the repository, and a heading there`, () => {
    const broken: string[] = [];
    for (const link of links(read(page))) {
      if (/^[a-z]+:/i.test(link)) continue;
      const [path, anchor] = link.split('#') as [string, string | undefined];
      const target = path === '' ? page : relative(ROOT, join(ROOT, dirname(page), path));
      if (target.startsWith('..') || !existsSync(join(ROOT, target))) broken.push(`${link} (no file ${target})`);
      else if (anchor && target.endsWith('.md') && !anchors(read(target)).has(anchor))
        broken.push(`${link} (no heading #${anchor} in ${target})`);
    }
    expect(broken).toEqual([]);
  });

  test(`${page} names no path outside the repository`, () => {
    expect(read(page)).not.toMatch(/\.\.\/shared|\/work\/|\/tmp\/h\d/);
  });
}

test('the README configuration table lists every variable a user may set', () => {
  const readme = read('README.md');
  const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Verdicts'));
  for (const name of PROJECT_SET) expect(KNOWN_VARIABLES).toContain(name);
  const missing = KNOWN_VARIABLES.filter((v) => !PROJECT_SET.includes(v) && !table.includes(`\`${v}\``));
  expect(missing).toEqual([]);
});
