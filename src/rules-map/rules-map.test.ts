import { fileURLToPath } from 'node:url';
import { expect, test } from '../testing/fixtures.js';
import type { JSONReport } from '@playwright/test/reporter';
import type { Rule } from '../catalogue/rules.js';
import { FAMILY_TABLES } from '../checks/registry.js';
import { rulesNamedByTests } from '../testing/readers/rules-named-by-tests.js';
import { listedTests } from './listed-tests.js';
import { mapSources, rulesMap, unjudgedRules, type ListedTest, type MapSources } from './rules-map.js';
import { rulesPage } from './rules-page.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const rule = (id: string, over: Partial<Rule> = {}): Rule => ({
  id,
  section: '2.2',
  source: 'card_id | string | Identifier of the stored card',
  rule: `${id} holds`,
  check: 'black-box',
  writes: false,
  ...over,
});
const sources = (over: Partial<MapSources>): MapSources => ({
  rules: [],
  families: {},
  runWide: [],
  faults: [],
  variants: [],
  tests: [],
  ...over,
});
const judge = () => undefined;

test('a rule with no check in the registry and no test tagged with it has no judge', () => {
  const map = rulesMap(
    sources({
      rules: [rule('TOK-1'), rule('TOK-2'), rule('TOK-3'), rule('TOK-4')],
      families: { 'src/checks/tokenize.ts': { 'TOK-1': { run: judge } } },
      tests: [
        { file: 'tests/tokenize.spec.ts', title: 'TOK-2: a test', tags: ['TOK-2'] },
        { file: 'tests/properties/formats.spec.ts', title: 'TOK-3: a property', tags: ['TOK-3'] },
      ],
      faults: [{ name: 'tok-4-broken', rule: 'TOK-4', description: 'a fault proves nothing is judged' }],
    }),
  );
  expect(unjudgedRules(map)).toEqual(['TOK-4']);
});

test('every rule of the catalogue has a judge: a check in the registry or a test naming it', () => {
  const named = rulesNamedByTests(`${ROOT}tests`);
  const map = rulesMap({
    ...mapSources([]),
    tests: [...named].map(([id, files]) => ({ file: files[0]!, title: id, tags: [id] })),
  });
  expect(map.length).toBeGreaterThan(30);
  expect(unjudgedRules(map), 'rules nothing judges (docs/adding-a-rule.md)').toEqual([]);
});

test("the registry's family tables are named by the files that hold them", async () => {
  for (const [file, table] of Object.entries(FAMILY_TABLES)) {
    const module = (await import(`${ROOT}${file}`)) as Record<string, unknown>;
    expect(Object.values(module), file).toContain(table);
  }
});

test("a rule's judges: the registry's functions by side, tests and properties by tag, run-wide records, the mock", () => {
  const tests: ListedTest[] = [
    { file: 'tests/tokenize.spec.ts', title: 'new cards › TOK-1: a new card', tags: ['TOK-1', 'TOK-6'] },
    { file: 'tests/properties/formats.spec.ts', title: 'TOK-1 TOK-3: well-formed', tags: ['TOK-1', 'TOK-3'] },
    { file: 'tests/tokenize.spec.ts', title: 'TOK-10: not this one', tags: ['TOK-10'] },
  ];
  function judgeTokenizeAnswer() {}
  function newCardProblems() {}
  const [tok1] = rulesMap(
    sources({
      rules: [rule('TOK-1')],
      families: { 'src/checks/tokenize.ts': { 'TOK-1': { gateway: judgeTokenizeAnswer, run: newCardProblems } } },
      runWide: [{ ruleId: 'TOK-1', expected: 'no two new cards of the run share a card_id' }],
      faults: [{ name: 'card-id-reissued', rule: 'TOK-1', description: '' }],
      variants: [{ name: 'other', rule: 'TOK-2', description: '' }],
      tests,
    }),
  );
  expect(tok1).toMatchObject({
    check: {
      file: 'src/checks/tokenize.ts',
      functions: [
        { side: 'gateway', name: 'judgeTokenizeAnswer' },
        { side: 'run', name: 'newCardProblems' },
      ],
    },
    tests: [tests[0]],
    properties: [tests[1]],
    runWide: ['no two new cards of the run share a card_id'],
    faults: ['card-id-reissued'],
    variants: [],
  });
});

test("Playwright's JSON list is read from its fields: file from the repository, describe › title, tags", () => {
  const report = {
    config: { rootDir: `${ROOT}tests` },
    errors: [],
    suites: [
      {
        title: 'tokenize.spec.ts',
        file: 'tokenize.spec.ts',
        specs: [{ title: 'TOK-9: echo_fields', file: 'tokenize.spec.ts', tags: ['TOK-9'] }],
        suites: [
          {
            title: 'masking (section 2.2)',
            file: 'tokenize.spec.ts',
            specs: [{ title: 'TOK-8: a visa number', file: 'tokenize.spec.ts', tags: ['TOK-8'] }],
          },
        ],
      },
      {
        title: 'properties/masking.spec.ts',
        file: 'properties/masking.spec.ts',
        specs: [{ title: 'TOK-8: any number', file: 'properties/masking.spec.ts', tags: ['TOK-8'] }],
      },
    ],
  } as unknown as JSONReport;
  expect(listedTests(report, ROOT)).toEqual([
    { file: 'tests/tokenize.spec.ts', title: 'TOK-9: echo_fields', tags: ['TOK-9'] },
    { file: 'tests/tokenize.spec.ts', title: 'masking (section 2.2) › TOK-8: a visa number', tags: ['TOK-8'] },
    { file: 'tests/properties/masking.spec.ts', title: 'TOK-8: any number', tags: ['TOK-8'] },
  ]);
  const broken = { ...report, errors: [{ message: 'SyntaxError in tests/tokenize.spec.ts' }] } as JSONReport;
  expect(() => listedTests(broken, ROOT)).toThrow('could not load the tests: SyntaxError in tests/tokenize.spec.ts');
});

test('the page: a table of every rule linking its section, each judge named by file and function or title', () => {
  const page = rulesPage(
    rulesMap(
      sources({
        rules: [rule('AUTH-2', { rule: 'A token sent as "Basic <token>" is accepted.', writes: true }), rule('AUTH-3')],
        families: { 'src/checks/auth.ts': { 'AUTH-2': { application: function judgeHeader() {} } } },
        tests: [{ file: 'tests/auth.spec.ts', title: 'tokenize › AUTH-3: an empty key', tags: ['AUTH-3'] }],
      }),
    ),
  );
  expect(page).toContain('| [AUTH-2](#auth-2) | 2.2 | application | – | – | – | – | – |');
  expect(page).toContain('| [AUTH-3](#auth-3) | 2.2 | – | 1 | – | – | – | – |');
  expect(page).toContain('### AUTH-2\n\nA token sent as "Basic \\<token\\>" is accepted.\n');
  expect(page).toContain('Section 2.2; black-box; writes.');
  expect(page).toContain('- Registry: `src/checks/auth.ts`, application `judgeHeader`');
  expect(page).toContain('- Tests in `tests/auth.spec.ts`:\n  - tokenize › AUTH-3: an empty key');
});
