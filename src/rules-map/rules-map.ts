import { loadRules, type Rule } from '../catalogue/rules.js';
import { FAMILY_TABLES, type CheckedSide } from '../checks/registry.js';
import { runWideJudgements } from '../checks/run-wide.js';
import type { FamilyChecks } from '../checks/tally.js';
import { FAULTS } from '../mock/behaviours/faults.js';
import { VARIANTS } from '../mock/behaviours/variants.js';
import type { RegistryEntry } from '../mock/behaviours/behaviour.js';

/** A conformance test as Playwright lists it: its file from the repository's root, its title path, its tags. */
export type ListedTest = { file: string; title: string; tags: readonly string[] };

/**
 * The registry's entry of a rule: the family file holding it, the function of each side it names, and the
 * judges it lists (judge.ts), each by name and the file that defines it.
 */
export type RegistryCheck = {
  file: string;
  functions: { side: CheckedSide; name: string }[];
  judges: { name: string; file: string }[];
};

/** Where one rule is judged, and what the mock does to prove the judging works. */
export type RuleJudges = {
  rule: Rule;
  check?: RegistryCheck;
  /** Tests tagged with the rule, properties (tests/properties/) apart. */
  tests: ListedTest[];
  properties: ListedTest[];
  /** What the end of a run requires of the rule across every test's records (src/checks/run-wide.ts). */
  runWide: string[];
  faults: string[];
  variants: string[];
};

/** What the map is drawn from; `mapSources` gives the repository's own, the tests aside. */
export type MapSources = {
  rules: readonly Rule[];
  families: Readonly<Record<string, FamilyChecks>>;
  runWide: readonly { ruleId: string; expected: string }[];
  faults: readonly RegistryEntry[];
  variants: readonly RegistryEntry[];
  tests: readonly ListedTest[];
};

const SIDES: readonly CheckedSide[] = ['gateway', 'application', 'run'];
const PROPERTIES = 'tests/properties/';

/**
 * The catalogue, the checks registry's family tables, the run-wide records and the mock's faults and
 * variations, as they stand. The run-wide rules are what `runWideJudgements` judges once every test
 * recorded one new card and one answer: the function itself says which rules it holds to the whole run.
 */
export function mapSources(tests: readonly ListedTest[]): MapSources {
  return {
    rules: loadRules(),
    families: FAMILY_TABLES,
    runWide: runWideJudgements({ newCards: [['one card']], answers: [{ valid: 1, judged: 1 }], pgIds: [] }),
    faults: FAULTS,
    variants: VARIANTS,
    tests,
  };
}

function registryCheck(ruleId: string, families: MapSources['families']): RegistryCheck | undefined {
  for (const [file, table] of Object.entries(families)) {
    const check = table[ruleId];
    if (!check) continue;
    const functions = SIDES.flatMap((side) => (check[side] ? [{ side, name: check[side].name }] : []));
    const judges = (check.judges ?? []).map((j) => ({ name: j.place.name, file: j.place.file }));
    return { file, functions, judges };
  }
  return undefined;
}

/** Every rule of the catalogue, in its order, with every place that judges it. */
export function rulesMap(sources: MapSources): RuleJudges[] {
  return sources.rules.map((rule) => {
    const tagged = sources.tests.filter((t) => t.tags.includes(rule.id));
    const named = (entries: readonly RegistryEntry[]) => entries.filter((e) => e.rule === rule.id).map((e) => e.name);
    return {
      rule,
      check: registryCheck(rule.id, sources.families),
      tests: tagged.filter((t) => !t.file.startsWith(PROPERTIES)),
      properties: tagged.filter((t) => t.file.startsWith(PROPERTIES)),
      runWide: sources.runWide.filter((r) => r.ruleId === rule.id).map((r) => r.expected),
      faults: named(sources.faults),
      variants: named(sources.variants),
    };
  });
}

/** The rules nothing judges: no entry in the checks registry and no test (property or not) tagged with them. */
export function unjudgedRules(map: readonly RuleJudges[]): string[] {
  return map.filter((r) => !r.check && !r.tests.length && !r.properties.length).map((r) => r.rule.id);
}
