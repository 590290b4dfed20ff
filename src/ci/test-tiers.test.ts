import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../testing/fixtures.js';
import ts from 'typescript';
import unitConfig from '../../playwright.unit.config.js';
import commandsConfig from '../../playwright.commands.config.js';

/**
 * `npm test` runs the unit tests in process; a test that starts another program is a command test
 * (`*.command.test.ts`, `npm run test:commands`). Which side a test file is on is read from its imports,
 * followed through every module of this repository it loads: the modules that start a process, and
 * Playwright's browser launchers.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const STARTS_A_PROCESS = new Set(['node:child_process', 'child_process', 'node:cluster', 'cluster']);
const PLAYWRIGHT = new Set(['@playwright/test', 'playwright', 'playwright-core']);
const BROWSERS = new Set(['chromium', 'firefox', 'webkit']);

type Import = { specifier: string; names: string[] };

const parsed = new Map<string, Import[]>();

/** The imports a module executes when loaded: static, re-exports, dynamic and `require`; type-only ones are not. */
function importsOf(file: string): Import[] {
  const known = parsed.get(file);
  if (known) return known;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: Import[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && !node.importClause?.isTypeOnly) {
      const bindings = node.importClause?.namedBindings;
      const names =
        bindings && ts.isNamedImports(bindings)
          ? bindings.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text)
          : [];
      found.push({ specifier: node.moduleSpecifier.text, names });
    } else if (
      ts.isExportDeclaration(node) &&
      !node.isTypeOnly &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ specifier: node.moduleSpecifier.text, names: [] });
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require')) &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, names: [] });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  parsed.set(file, found);
  return found;
}

/** A relative import as the loader resolves it here: `./x.js` is the file `./x.ts`. */
function resolveLocal(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  return [base.replace(/\.js$/, '.ts'), base, `${base}.ts`, join(base, 'index.ts')].find(
    (f) => f.endsWith('.ts') && existsSync(f),
  );
}

/** How a test file comes to start a process: the chain of modules from it to what starts one, or undefined. */
function processStart(testFile: string): string | undefined {
  const from = new Map<string, string | undefined>([[testFile, undefined]]);
  const queue = [testFile];
  const chain = (file: string): string[] => {
    const parent = from.get(file);
    return [...(parent ? chain(parent) : []), relative(ROOT, file)];
  };
  for (let file = queue.shift(); file; file = queue.shift()) {
    for (const { specifier, names } of importsOf(file)) {
      const browser = PLAYWRIGHT.has(specifier) ? names.find((n) => BROWSERS.has(n)) : undefined;
      if (STARTS_A_PROCESS.has(specifier) || browser)
        return `${chain(file).join(' → ')} → ${browser ? `${browser} from ${specifier}` : specifier}`;
      const local = resolveLocal(file, specifier);
      if (local && !from.has(local)) {
        from.set(local, file);
        queue.push(local);
      }
    }
  }
  return undefined;
}

type Tier = { name: string; testDir?: string; testMatch?: unknown; testIgnore?: unknown };
const TIERS: Tier[] = [
  { name: 'npm test (playwright.unit.config.ts)', ...unitConfig },
  { name: 'npm run test:commands (playwright.commands.config.ts)', ...commandsConfig },
];

/** Whether the tier's config takes the file; its patterns are regular expressions, matched on the absolute path. */
function takes(tier: Tier, file: string): boolean {
  const patterns = (value: unknown): RegExp[] => {
    const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
    if (!list.every((p) => p instanceof RegExp))
      throw new Error(`${tier.name}: keep testMatch and testIgnore regular expressions, which this test reads`);
    return list as RegExp[];
  };
  const inside = !relative(resolve(ROOT, tier.testDir ?? '.'), file).startsWith('..');
  return (
    inside && patterns(tier.testMatch).some((p) => p.test(file)) && !patterns(tier.testIgnore).some((p) => p.test(file))
  );
}

const TEST_FILES = readdirSync(join(ROOT, 'src'), { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => join(ROOT, 'src', f))
  .sort();
const [UNIT, COMMANDS] = TIERS.map((tier) => TEST_FILES.filter((f) => takes(tier, f))) as [string[], string[]];

test('every test file under src/ is in exactly one tier: npm test or npm run test:commands', () => {
  const misplaced = TEST_FILES.filter((f) => TIERS.filter((tier) => takes(tier, f)).length !== 1);
  expect(misplaced.map((f) => relative(ROOT, f))).toEqual([]);
  expect(COMMANDS.every((f) => f.endsWith('.command.test.ts'))).toBe(true);
  expect(UNIT.length).toBeGreaterThan(COMMANDS.length);
});

test('no test of npm test starts another program: none reaches child_process or a browser launcher', () => {
  const starting = UNIT.map(processStart).filter((c) => c !== undefined);
  expect(
    starting,
    'name the test file *.command.test.ts (npm run test:commands), or split its in-process tests from the ones ' +
      'that start a program, and keep a helper that spawns in a module of its own',
  ).toEqual([]);
});

test('every command test starts another program; one that does not belongs in npm test', () => {
  const inProcess = COMMANDS.filter((f) => processStart(f) === undefined).map((f) => relative(ROOT, f));
  expect(inProcess, 'name these *.test.ts: they run in process').toEqual([]);
  expect(COMMANDS.length).toBeGreaterThan(0);
});

test('npm test runs the static checks, the unit tests and one conformance run; test:all runs the three tiers', () => {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  expect(scripts['test:unit']).toBe('playwright test --config playwright.unit.config.ts');
  expect(scripts['test:commands']).toBe('playwright test --config playwright.commands.config.ts');
  expect(scripts.test).toMatch(/&& npm run test:unit && npm run conformance$/);
  expect(scripts.test).not.toMatch(/test:commands|verify:suite/);
  expect(scripts['test:all']).toBe('npm test && npm run test:commands && npm run verify:suite');
  const ciRun = readFileSync(join(ROOT, '.ci/run'), 'utf8');
  expect(ciRun.trimEnd().split('\n').slice(-2)).toEqual(['npm ci', 'npm run test:all']);
});
