import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { loadRules } from '../contract/rules.js';
import { FAULTS, type Registered } from './faults.js';
import { MockConfigError, optionsFromEnv } from './options.js';
import { buildMockServer } from './server.js';
import { VARIANTS } from './variants.js';

const rules = new Map(loadRules().map((r) => [r.id, r]));
const entries: (Registered & { kind: 'fault' | 'variant' })[] = [
  ...FAULTS.map((f) => ({ ...f, kind: 'fault' as const })),
  ...VARIANTS.map((v) => ({ ...v, kind: 'variant' as const })),
];
/** The mock's code, without its tests: where every switch must be read. */
const code = readdirSync(new URL('.', import.meta.url))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'faults.ts' && f !== 'variants.ts')
  .map((f) => readFileSync(new URL(f, import.meta.url), 'utf8'))
  .join('\n');

test('every fault and variant name is registered once, across both registries', () => {
  const names = entries.map((e) => e.name);
  const repeated = names.filter((n, i) => names.indexOf(n) !== i);
  expect(repeated).toEqual([]);
});

test('every fault and variant names a rule of spec/rules.yaml', () => {
  expect(entries.filter((e) => !rules.has(e.rule)).map((e) => `${e.name}: ${e.rule}`)).toEqual([]);
});

test('every rule of the catalogue is broken by at least one fault', () => {
  const broken = new Set(FAULTS.map((f) => f.rule as string));
  expect([...rules.keys()].filter((id) => !broken.has(id))).toEqual([]);
});

test('a fault narrowed to mock mode says why, and only faults narrow their modes', () => {
  for (const e of entries.filter((x) => x.modes)) {
    expect(e.kind, e.name).toBe('fault');
    expect(e.modes, e.name).toEqual(['mock']);
    expect(rules.get(e.rule)?.check, `${e.name}: a mock-control rule runs in mock mode anyway`).toBe('black-box');
    expect(e.description, e.name).toMatch(/Mock mode only: .{20,}/);
  }
});

test('every name is read by the mock: a faults.has or variants.has check beside what it changes', () => {
  for (const e of entries) expect(code, e.name).toContain(`${e.kind}s.has('${e.name}')`);
  const checked = [...code.matchAll(/(faults|variants)\.has\('([a-z0-9-]+)'\)/g)].map((m) => `${m[1]}:${m[2]}`);
  const known = new Set(entries.map((e) => `${e.kind}s:${e.name}`));
  expect(checked.filter((c) => !known.has(c)), 'checks of names no registry holds').toEqual([]);
});

test('unknown names fail startup, from the environment and from options', () => {
  let problems: string[] = [];
  try {
    optionsFromEnv({ MOCK_FAULTS: `${FAULTS[0].name},no-such-fault`, MOCK_VARIANTS: 'auth-key-prefix-match' });
  } catch (e) {
    if (!(e instanceof MockConfigError)) throw e;
    problems = e.problems;
  }
  expect(problems).toHaveLength(2);
  expect(problems[0]).toMatch(/^MOCK_FAULTS: unknown fault "no-such-fault"; known faults: /);
  // A fault's name is not a variant: the registries do not mix.
  expect(problems[1]).toMatch(/^MOCK_VARIANTS: unknown variant "auth-key-prefix-match"; known variants: /);
  expect(() => buildMockServer({ variants: ['failures-http-200', 'typo'] })).toThrow(/variants: unknown variant "typo"/);
  expect(() => buildMockServer({ faults: FAULTS.map((f) => f.name), variants: VARIANTS.map((v) => v.name) })).not.toThrow();
});
