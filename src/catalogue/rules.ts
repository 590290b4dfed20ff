import { fileURLToPath } from 'node:url';
import { parseYaml, parseYamlFile } from './yaml-cache.js';

export const RULES_PATH = fileURLToPath(new URL('../../spec/rules.yaml', import.meta.url));

export type Checkability = 'black-box' | 'mock-control';
/** Application rules bind the caller; the proxy judges them on traffic, the suite never runs them. */
export type ApplicationCheckability = 'traffic';

/**
 * What running a rule's tests needs beyond the merchant's credentials, each the reason a test of it is skipped
 * when that is missing (src/config/configuration-skips.ts says the reasons):
 * - `writes`: requests that may store or change data (production runs them only with PG_ALLOW_WRITES=1);
 * - `vendor`: integrator credentials (PG_VENDOR_ID, PG_VENDOR_API_KEY);
 * - `webhook`: a webhook the suite may disable (PG_WEBHOOK_ID on a real target; the mock hands out its own);
 * - `control_api`: the embedded mock's control API, for a black-box rule some tests of which read it (a
 *   `mock-control` rule needs it in every test, by its `check`);
 * - `unknown_webhook`: disabling a webhook the suite made up (never in production);
 * - `open_disable`: sending the disable operation a request a gateway might serve without the stated
 *   credentials (only on the mock: on a real target that would disable PG_WEBHOOK_ID);
 * - `own_webhook`: disabling a webhook of the test's own twice (only on the mock).
 */
export const NEEDS = [
  'writes',
  'vendor',
  'webhook',
  'control_api',
  'unknown_webhook',
  'open_disable',
  'own_webhook',
] as const;
export type Need = (typeof NEEDS)[number];
/** `all`: every test of the rule needs it (each is skipped without it); `some`: part of them, each test saying so. */
export type NeedsIn = 'all' | 'some';
export type RuleNeeds = Partial<Record<Need, NeedsIn>>;

export type Rule = {
  id: string;
  section: string;
  source: string;
  rule: string;
  check: Checkability;
  /** Checking the rule stores or changes data on a gateway that keeps it (whether its tests are gated is `needs.writes`). */
  writes: boolean;
  /** Absent: its tests need nothing beyond the merchant's credentials. */
  needs?: RuleNeeds;
};

export type ApplicationRule = Omit<Rule, 'check' | 'needs'> & { check: ApplicationCheckability };

const FIELDS = ['id', 'section', 'source', 'rule', 'check', 'writes', 'needs'] as const;
const ID_PATTERN = /^(AUTH|TOK|VAULT|HOOK|ERR)-[1-9][0-9]*$/;

type ListShape = { key: string; idPattern: RegExp; idExample: string; checks: readonly string[]; tests: boolean };
const GATEWAY_LIST: ListShape = {
  key: 'rules',
  idPattern: ID_PATTERN,
  idExample: 'AUTH-1, TOK-2, VAULT-3, HOOK-4 or ERR-5',
  checks: ['black-box', 'mock-control'],
  tests: true,
};
const APPLICATION_LIST: ListShape = {
  key: 'application_rules',
  idPattern: /^APP-[1-9][0-9]*$/,
  idExample: 'APP-1',
  checks: ['traffic'],
  tests: false,
};

/** Checks the catalogue's shape strictly, so a typo in rules.yaml fails loudly instead of hiding a rule. */
export function parseRules(text: string, source = 'spec/rules.yaml'): Rule[] {
  return listOf(parseYaml(text), source, GATEWAY_LIST) as Rule[];
}

/** The caller's rules (the application_rules list), checked as strictly; absent means none. */
export function parseApplicationRules(text: string, source = 'spec/rules.yaml'): ApplicationRule[] {
  return applicationListOf(parseYaml(text), source);
}

function applicationListOf(parsed: unknown, source: string): ApplicationRule[] {
  const doc = parsed as Record<string, unknown> | null;
  return doc && doc.application_rules !== undefined ? (listOf(doc, source, APPLICATION_LIST) as ApplicationRule[]) : [];
}

function listOf(parsed: unknown, source: string, shape: ListShape): (Rule | ApplicationRule)[] {
  const list = (parsed as Record<string, unknown> | null)?.[shape.key];
  if (!Array.isArray(list)) throw new Error(`${source}: expected a top-level "${shape.key}" list`);
  const seen = new Set<string>();
  return list.map((raw: unknown, i: number) => {
    const where = `${source}: ${shape.key}[${i}]`;
    if (!raw || typeof raw !== 'object') throw new Error(`${where} is not a mapping`);
    const entry = raw as Record<string, unknown>;
    const unknown = Object.keys(entry).filter((k) => !(FIELDS as readonly string[]).includes(k));
    if (unknown.length) throw new Error(`${where} has unknown keys: ${unknown.join(', ')}`);
    for (const key of ['id', 'section', 'source', 'rule'] as const) {
      if (typeof entry[key] !== 'string' || entry[key] === '')
        throw new Error(`${where}.${key} must be a non-empty string`);
    }
    const id = entry.id as string;
    if (!shape.idPattern.test(id)) throw new Error(`${where}.id "${id}" must look like ${shape.idExample}`);
    if (seen.has(id)) throw new Error(`${where}.id "${id}" is used twice`);
    seen.add(id);
    if (!shape.checks.includes(entry.check as string)) {
      throw new Error(`${where}.check must be ${shape.checks.map((c) => `"${c}"`).join(' or ')}`);
    }
    if (typeof entry.writes !== 'boolean') throw new Error(`${where}.writes must be true or false`);
    if (entry.needs !== undefined) needsProblem(entry.needs, entry.check as string, where, shape);
    return entry as Rule | ApplicationRule;
  });
}

function needsProblem(needs: unknown, check: string, where: string, shape: ListShape): void {
  if (!shape.tests) throw new Error(`${where}.needs: an application rule is judged on traffic and runs no test`);
  if (!needs || typeof needs !== 'object' || Array.isArray(needs)) {
    throw new Error(`${where}.needs must be a mapping, e.g. { writes: all, vendor: some }`);
  }
  for (const [need, value] of Object.entries(needs)) {
    if (!(NEEDS as readonly string[]).includes(need)) {
      throw new Error(`${where}.needs.${need} is not a need: ${NEEDS.join(', ')}`);
    }
    if (value !== 'all' && value !== 'some') throw new Error(`${where}.needs.${need} must be all or some`);
    if (need === 'control_api' && (check !== 'black-box' || value !== 'some')) {
      throw new Error(
        `${where}.needs.control_api must be some, on a black-box rule: a mock-control rule needs it in every test`,
      );
    }
  }
}

/** Whether a rule's tests need `need`: all of them, some of them, or none. */
export function needOf(rule: Pick<Rule, 'check' | 'needs'>, need: Need): NeedsIn | 'none' {
  if (need === 'control_api' && rule.check === 'mock-control') return 'all';
  return rule.needs?.[need] ?? 'none';
}

let cached: Rule[] | undefined;

/** The catalogue, read through the parsed-YAML cache: every Playwright worker and the runner read it. */
export function loadRules(): Rule[] {
  cached ??= listOf(parseYamlFile(RULES_PATH), 'spec/rules.yaml', GATEWAY_LIST) as Rule[];
  return cached;
}

/**
 * The catalogue's own version (`version:` at the top of rules.yaml), raised by hand when a rule is added,
 * removed or reworded; the rules' hash (run-identity.ts) changes by itself and tells two wordings apart.
 */
export function loadCatalogueVersion(): string {
  const version = (parseYamlFile(RULES_PATH) as Record<string, unknown> | null)?.version;
  if (typeof version !== 'string' || version === '') {
    throw new Error('spec/rules.yaml: expected a top-level "version" string, e.g. version: "1.0.0"');
  }
  return version;
}

let cachedApplication: ApplicationRule[] | undefined;

export function loadApplicationRules(): ApplicationRule[] {
  cachedApplication ??= applicationListOf(parseYamlFile(RULES_PATH), 'spec/rules.yaml');
  return cachedApplication;
}

/** A rule of either list, for writers that name rules of both sides (the proxy's traffic report). */
export function anyRuleById(id: string): Rule | ApplicationRule {
  const rule = [...loadRules(), ...loadApplicationRules()].find((r) => r.id === id);
  if (!rule) throw new Error(`rule ${id} is not in spec/rules.yaml`);
  return rule;
}

export function ruleById(id: string): Rule {
  const rule = loadRules().find((r) => r.id === id);
  if (!rule) throw new Error(`rule ${id} is not in spec/rules.yaml`);
  return rule;
}
