import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../testing/fixtures.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { RULES_SCHEMA_PATH } from './rules-schema.js';
import {
  CATALOGUE_CHECKED_VAR,
  CatalogueError,
  loadApplicationRules,
  loadRules,
  NEEDS,
  needOf,
  parseCatalogue,
  readCatalogue,
} from './rules.js';
import { readYamlFile } from './yaml-cache.js';

const entry = (over: Record<string, unknown>) =>
  `  - ${Object.entries({
    id: 'AUTH-1',
    section: '5',
    source: 's',
    rule: 'r',
    check: 'black-box',
    writes: false,
    ...over,
  })
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
    .join('\n    ')}\n`;
const catalogue = (rules: string[], application?: string[]) =>
  `version: "1.0.0"\nrules:\n${rules.join('')}${application ? `application_rules:\n${application.join('')}` : ''}`;
/** A made-up catalogue's rules, checked as the file is: its problems are thrown. */
const parseRules = (...entries: string[]) => parseCatalogue(catalogue(entries)).rules;
const parseApplicationRules = (...entries: string[]) =>
  parseCatalogue(catalogue([entry({})], entries)).applicationRules;

test('the catalogue loads and ties every rule to a section', () => {
  const rules = loadRules();
  expect(rules.length).toBeGreaterThan(30);
  for (const r of rules) expect(r.section, r.id).toMatch(/^[0-9]/);
});

test('rejects a malformed catalogue loudly', () => {
  expect(() => parseCatalogue('version: "1"\nrules: 3')).toThrow('expected a top-level "rules" list');
  expect(() => parseRules(entry({ id: 'X-1' }))).toThrow('must look like AUTH-1');
  expect(() => parseRules(entry({ check: 'maybe' }))).toThrow('check must be');
  expect(() => parseRules(entry({ colour: 'red' }))).toThrow('unknown keys: colour');
  expect(() => parseRules(entry({ writes: 'no' }))).toThrow('writes must be true or false');
  expect(() => parseRules(entry({}), entry({}))).toThrow('used twice');
});

test("a rule's needs are each all or some of its tests, and the control API only some of a black-box rule's", () => {
  expect(parseRules(entry({ needs: { writes: 'all', vendor: 'some' } }))[0]!.needs).toEqual({
    writes: 'all',
    vendor: 'some',
  });
  expect(() => parseRules(entry({ needs: ['writes'] }))).toThrow('needs must be a mapping');
  expect(() => parseRules(entry({ needs: { credit: 'all' } }))).toThrow('needs.credit is not a need: writes, vendor');
  expect(() => parseRules(entry({ needs: { writes: true } }))).toThrow('needs.writes must be all or some');
  expect(() => parseRules(entry({ needs: { control_api: 'all' } }))).toThrow('control_api must be some');
  expect(() => parseRules(entry({ check: 'mock-control', needs: { control_api: 'some' } }))).toThrow(
    'a mock-control rule needs it in every test',
  );
  expect(() => parseApplicationRules(entry({ id: 'APP-1', check: 'traffic', needs: { writes: 'all' } }))).toThrow(
    'an application rule is judged on traffic and runs no test',
  );
});

test('what a rule needs reads its entry; a mock-control rule needs the control API in every test', () => {
  const rule = { check: 'black-box', needs: { writes: 'some' } } as const;
  expect(needOf(rule, 'writes')).toBe('some');
  expect(needOf(rule, 'vendor')).toBe('none');
  expect(needOf({ check: 'black-box' }, 'control_api')).toBe('none');
  expect(needOf({ check: 'mock-control' }, 'control_api')).toBe('all');
});

test('every rule of the catalogue is named by at least one conformance test', () => {
  const dir = 'tests';
  const source = readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.spec.ts'))
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
  const untested = loadRules()
    .filter((r) => !source.includes(`'${r.id}'`))
    .map((r) => r.id);
  expect(untested, 'rules without a test in tests/').toEqual([]);
});

test('every application rule is named by a proxy test that reports it on the application side', () => {
  const dir = 'src/proxy';
  const source = readdirSync(dir)
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
  const rules = loadApplicationRules();
  expect(rules.length).toBeGreaterThan(0);
  expect(
    rules.filter((r) => !source.includes(`application: ${r.id}`)).map((r) => r.id),
    'application rules without a failing proxy test',
  ).toEqual([]);
  expect(() => parseApplicationRules(entry({ id: 'TOK-1', check: 'traffic' }))).toThrow('must look like APP-1');
  expect(() => parseApplicationRules(entry({ id: 'APP-1' }))).toThrow('check must be "traffic"');
});

/** Every problem of a made-up catalogue, as the loader words them. */
function problemsOf(text: string): string[] {
  try {
    parseCatalogue(text);
  } catch (error) {
    if (error instanceof CatalogueError) return error.problems;
    throw error;
  }
  return [];
}

test('a malformed entry is refused with a sentence naming the entry, by place and ID, and the field', () => {
  expect(problemsOf(catalogue([entry({}), entry({ id: 'TOK-2', check: 'maybe' })]))).toEqual([
    'spec/rules.yaml: rules[1] (TOK-2): check must be black-box or mock-control: black-box, checkable against ' +
      "any target through the three operations, or mock-control, needing the embedded mock's control API " +
      '(state, queue, clock)',
  ]);
  expect(problemsOf(catalogue([entry({ id: 'TOK-2', section: '' })]))).toEqual([
    'spec/rules.yaml: rules[0] (TOK-2): section must be a non-empty string',
  ]);
  expect(problemsOf(catalogue([entry({ id: 'TOK-2', colour: 'red', size: 1 })]))).toEqual([
    'spec/rules.yaml: rules[0] (TOK-2) has unknown keys: colour, size',
  ]);
  expect(problemsOf(catalogue([entry({ id: 'TOK-2', needs: 'writes' })]))).toEqual([
    'spec/rules.yaml: rules[0] (TOK-2): needs must be a mapping, e.g. { writes: all, vendor: some }',
  ]);
  expect(problemsOf(catalogue([`  - id: TOK-3\n    section: "2"\n`]))[0]).toBe(
    'spec/rules.yaml: rules[0] (TOK-3): source is missing',
  );
  expect(problemsOf(catalogue([entry({}), entry({})]))).toEqual([
    'spec/rules.yaml: rules[1] (AUTH-1): id "AUTH-1" is used twice',
  ]);
});

test('every problem of the catalogue is named at once; the version and the rules list are required', () => {
  expect(problemsOf(catalogue([entry({ writes: 'no' }), entry({ id: 'TOK-1', check: 'maybe' })]))).toHaveLength(2);
  expect(problemsOf('rules: []\nextra: 1\n')).toEqual([
    'spec/rules.yaml: expected a top-level "version" string, e.g. version: "1.0.0"',
    'spec/rules.yaml: has an unknown top-level key: extra',
  ]);
  expect(problemsOf('# nothing yet\n')).toEqual([
    'spec/rules.yaml: expected a mapping with a "version" and a "rules" list',
  ]);
});

test('the schema is JSON Schema 2020-12, knows the needs the types know, and rules.yaml names it for an editor', () => {
  const schema = JSON.parse(readFileSync(RULES_SCHEMA_PATH, 'utf8')) as {
    $defs: { needs: { properties: Record<string, unknown> } };
  };
  const ajv = new Ajv2020({ strict: true });
  expect(ajv.validateSchema(schema), ajv.errorsText(ajv.errors)).toBe(true);
  expect(Object.keys(schema.$defs.needs.properties)).toEqual([...NEEDS]);
  const firstLine = readFileSync('spec/rules.yaml', 'utf8').split('\n')[0];
  expect(firstLine).toBe('# yaml-language-server: $schema=./rules.schema.json');
});

test('a catalogue is checked once per run: a process started by one that checked the same text trusts it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'catalogue-'));
  const file = join(dir, 'rules.yaml');
  writeFileSync(file, catalogue([entry({})]));
  const env: NodeJS.ProcessEnv = {};
  expect(readCatalogue(file, 'rules.yaml', env).rules.map((r) => r.id)).toEqual(['AUTH-1']);
  expect(env[CATALOGUE_CHECKED_VAR]).toBe(readYamlFile(file).digest);
  // Only a text the parent checked is trusted: a changed file is checked again.
  writeFileSync(file, catalogue([entry({ check: 'maybe' })]));
  expect(() => readCatalogue(file, 'rules.yaml', env)).toThrow('rules.yaml: rules[0] (AUTH-1): check must be');
  const child = { [CATALOGUE_CHECKED_VAR]: readYamlFile(file).digest };
  expect(readCatalogue(file, 'rules.yaml', child).rules[0]!.check).toBe('maybe');
});
