import { fileURLToPath } from 'node:url';
import { rulesSchemaProblems } from './rules-schema.js';
import { parseYaml, readYamlFile } from './yaml-cache.js';

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

/** The catalogue as loaded: its version and both lists, each entry of the shape spec/rules.schema.json states. */
export type Catalogue = { version: string; rules: Rule[]; applicationRules: ApplicationRule[] };

/** A catalogue the suite cannot use: every problem, each naming the entry and the field. */
export class CatalogueError extends Error {
  override name = 'CatalogueError';
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

/** What the schema cannot say: an ID given to two entries, which would merge two rules' outcomes. */
function repeatedIds(doc: { rules: Rule[]; application_rules?: ApplicationRule[] }): string[] {
  const problems: string[] = [];
  for (const [key, list] of [
    ['rules', doc.rules] as const,
    ['application_rules', doc.application_rules ?? []] as const,
  ]) {
    const seen = new Set<string>();
    list.forEach(({ id }, i) => {
      if (seen.has(id)) problems.push(`${key}[${i}] (${id}): id "${id}" is used twice`);
      seen.add(id);
    });
  }
  return problems;
}

/**
 * Checks a parsed catalogue against spec/rules.schema.json, then what the schema cannot say, so a typo in
 * rules.yaml fails loudly instead of hiding a rule.
 */
function checked(parsed: unknown, source: string): Catalogue {
  let problems = rulesSchemaProblems(parsed);
  if (!problems.length) problems = repeatedIds(parsed as Parameters<typeof repeatedIds>[0]);
  if (problems.length) throw new CatalogueError(problems.map((p) => `${source}: ${p}`));
  return catalogueOf(parsed);
}

function catalogueOf(parsed: unknown): Catalogue {
  const doc = parsed as { version: string; rules: Rule[]; application_rules?: ApplicationRule[] };
  return { version: doc.version, rules: doc.rules, applicationRules: doc.application_rules ?? [] };
}

/** A catalogue's text, checked as strictly as the file itself (the unit tests' made-up catalogues). */
export function parseCatalogue(text: string, source = 'spec/rules.yaml'): Catalogue {
  return checked(parseYaml(text), source);
}

/** Whether a rule's tests need `need`: all of them, some of them, or none. */
export function needOf(rule: Pick<Rule, 'check' | 'needs'>, need: Need): NeedsIn | 'none' {
  if (need === 'control_api' && rule.check === 'mock-control') return 'all';
  return rule.needs?.[need] ?? 'none';
}

/**
 * Set to the digest of the rules.yaml a process checked, for the processes it starts: a Playwright run's
 * runner checks the catalogue while it collects the tests, and its workers, which start after, trust the same
 * file instead of checking it again (npm run conformance's own process, when it reads the catalogue, checks
 * it for the runner too). A file changed since is checked again.
 */
export const CATALOGUE_CHECKED_VAR = 'PG_CATALOGUE_CHECKED';

/**
 * A catalogue file, checked unless `env` says the process that started this one checked the same text;
 * once checked, `env` says so to the processes this one starts.
 */
export function readCatalogue(path: string, source: string, env: NodeJS.ProcessEnv = process.env): Catalogue {
  const { value, digest } = readYamlFile(path);
  if (env[CATALOGUE_CHECKED_VAR] === digest) return catalogueOf(value);
  const read = checked(value, source);
  env[CATALOGUE_CHECKED_VAR] = digest;
  return read;
}

let cached: Catalogue | undefined;
const catalogue = () => (cached ??= readCatalogue(RULES_PATH, 'spec/rules.yaml'));

export function loadRules(): Rule[] {
  return catalogue().rules;
}

/**
 * The catalogue's own version (`version:` at the top of rules.yaml), raised by hand when a rule is added,
 * removed or reworded; the rules' hash (run-identity.ts) changes by itself and tells two wordings apart.
 */
export function loadCatalogueVersion(): string {
  return catalogue().version;
}

export function loadApplicationRules(): ApplicationRule[] {
  return catalogue().applicationRules;
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
