import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/**
 * The rule IDs the conformance tests name, each with the spec files naming it, read from each file's syntax
 * tree: a test names its rules as `rules(['TOK-8', …])`, which tags it `@TOK-8`. A unit test may not start
 * Playwright to list the tests (src/ci/test-tiers.test.ts); docs/rules.md is written from Playwright's own
 * list, and refuses a rule these would call unjudged too.
 */
export function rulesNamedByTests(dir: string): Map<string, string[]> {
  const named = new Map<string, string[]>();
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.spec.ts'));
  for (const file of files.map((f) => join(dir, f))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'rules') {
        const list = node.arguments[0];
        if (!list || !ts.isArrayLiteralExpression(list) || !list.elements.every(ts.isStringLiteral))
          throw new Error(`${file}: rules(…) names its rules as a list of IDs written out, e.g. rules(['TOK-8'])`);
        for (const id of list.elements as ts.NodeArray<ts.StringLiteral>)
          named.set(id.text, [...new Set([...(named.get(id.text) ?? []), file])]);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return named;
}
