import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../../testing/fixtures.js';
import { loadRules } from '../../catalogue/rules.js';
import { FAULTS } from './faults.js';
import { MockConfigError, optionsFromEnv } from '../options.js';
import { buildMockServer } from '../server.js';
import type { Behaviour, RegistryEntry } from './behaviour.js';
import { VARIANTS } from './variants.js';
import { LENIENCIES } from '../../catalogue/leniencies.js';

const rules = new Map(loadRules().map((r) => [r.id, r]));
const entries: (RegistryEntry & { kind: 'fault' | 'variant' })[] = [
  ...FAULTS.map((f) => ({ ...f, kind: 'fault' as const })),
  ...VARIANTS.map((v) => ({ ...v, kind: 'variant' as const })),
];
const MOCK = fileURLToPath(new URL('..', import.meta.url));
/** The mock's code outside behaviours/, without its tests: the faithful core. */
function coreFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'behaviours' ? [] : coreFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

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

test('each notable leniency has a variation showing it, filed under the rule the leniency is observed under', () => {
  const shown = VARIANTS.flatMap((v: Behaviour) => (v.leniency ? [v] : []));
  expect(shown.map((v) => `${v.leniency} ${v.rule}`).sort()).toEqual(
    Object.entries(LENIENCIES)
      .map(([name, l]) => `${name} ${l.rule}`)
      .sort(),
  );
  expect(FAULTS.filter((f: Behaviour) => f.leniency).map((f) => f.name)).toEqual([]);
});

test('every fault and variant changes something: it acts at one seam at least', () => {
  const acts = (u: Behaviour) =>
    Object.keys(u).some((k) => !['name', 'rule', 'description', 'modes', 'leniency'].includes(k));
  expect([...FAULTS, ...VARIANTS].filter((u: Behaviour) => !acts(u)).map((u) => u.name)).toEqual([]);
});

test('the faithful core names no fault and no variant', () => {
  const named: string[] = [];
  for (const file of coreFiles(MOCK)) {
    const text = readFileSync(file, 'utf8');
    for (const e of entries) if (text.includes(`'${e.name}'`)) named.push(`${relative(MOCK, file)}: ${e.name}`);
    if (/(faults|variants)\.has\(/.test(text)) named.push(`${relative(MOCK, file)}: a fault or variant switch`);
  }
  expect(named).toEqual([]);
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
  expect(() => buildMockServer({ variants: ['failures-http-200', 'typo'] })).toThrow(
    /variants: unknown variant "typo"/,
  );
  expect(() =>
    buildMockServer({ faults: FAULTS.map((f) => f.name), variants: VARIANTS.map((v) => v.name) }),
  ).not.toThrow();
});
