import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { loadApplicationRules, loadRules, needOf, parseApplicationRules, parseRules } from './rules.js';

const entry = (over: Record<string, unknown>) =>
  `rules:\n  - ${Object.entries({
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

test('the catalogue loads and ties every rule to a section', () => {
  const rules = loadRules();
  expect(rules.length).toBeGreaterThan(30);
  for (const r of rules) expect(r.section, r.id).toMatch(/^[0-9]/);
});

test('rejects a malformed catalogue loudly', () => {
  expect(() => parseRules('rules: 3')).toThrow('expected a top-level "rules" list');
  expect(() => parseRules(entry({ id: 'X-1' }))).toThrow('must look like AUTH-1');
  expect(() => parseRules(entry({ check: 'maybe' }))).toThrow('check must be');
  expect(() => parseRules(entry({ colour: 'red' }))).toThrow('unknown keys: colour');
  expect(() => parseRules(entry({ writes: 'no' }))).toThrow('writes must be true or false');
  expect(() => parseRules(entry({}) + entry({}).replace('rules:\n', ''))).toThrow('used twice');
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
  expect(() =>
    parseApplicationRules(
      entry({ id: 'APP-1', check: 'traffic', needs: { writes: 'all' } }).replace('rules:', 'application_rules:'),
    ),
  ).toThrow('an application rule is judged on traffic and runs no test');
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
  expect(() =>
    parseApplicationRules(entry({ id: 'TOK-1', check: 'traffic' }).replace('rules:', 'application_rules:')),
  ).toThrow('must look like APP-1');
  expect(() => parseApplicationRules(entry({ id: 'APP-1' }).replace('rules:', 'application_rules:'))).toThrow(
    'check must be "traffic"',
  );
});
