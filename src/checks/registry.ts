import { loadApplicationRules, loadRules } from '../catalogue/rules.js';
import type { Exchange } from '../transport/exchange.js';
import { AUTH_CHECKS } from './auth.js';
import { ERR_CHECKS } from './errors.js';
import { HOOK_CHECKS } from './hook.js';
import { placeOf, type Judgement } from './judge.js';
import { APP_CHECKS } from './request.js';
import { RuleTally, type ExchangeCheck, type FamilyChecks, type RequestContext, type RuleCheck } from './tally.js';
import { TOK_CHECKS } from './tokenize.js';
import { VAULT_CHECKS } from './vault.js';

/**
 * Rule ID → how it is judged: one entry per rule, from the family files. The proxy's rule lists and the
 * combined checks of one exchange are derived from here, so a check added to its family file is run and
 * listed everywhere without another list to keep.
 */

export type CheckedSide = 'gateway' | 'application' | 'run';

/** The family tables, each by the file that holds it: the rules map (docs/rules.md) says where a rule is judged. */
export const FAMILY_TABLES: Readonly<Record<string, FamilyChecks>> = {
  'src/checks/auth.ts': AUTH_CHECKS,
  'src/checks/errors.ts': ERR_CHECKS,
  'src/checks/tokenize.ts': TOK_CHECKS,
  'src/checks/vault.ts': VAULT_CHECKS,
  'src/checks/hook.ts': HOOK_CHECKS,
  'src/checks/request.ts': APP_CHECKS,
};

/**
 * The registry built from family tables, checked at load: a rule claimed by two families, or an ID the
 * catalogue (spec/rules.yaml) does not hold, throws, so a typo cannot leave a rule unjudged or a check unlisted.
 */
export function buildRegistry(
  families: readonly FamilyChecks[],
  catalogueIds: ReadonlySet<string>,
): ReadonlyMap<string, RuleCheck> {
  const registry = new Map<string, RuleCheck>();
  for (const family of families) {
    for (const [ruleId, check] of Object.entries(family)) {
      if (registry.has(ruleId)) throw new Error(`checks registry: ${ruleId} has two checks`);
      if (!catalogueIds.has(ruleId)) throw new Error(`checks registry: ${ruleId} is not in spec/rules.yaml`);
      if (!check.gateway && !check.application && !check.run && !check.judges?.length)
        throw new Error(`checks registry: ${ruleId} names no function for any side`);
      const stray = check.judges?.find((j) => j.place.ruleId !== ruleId);
      if (stray)
        throw new Error(`checks registry: ${ruleId} lists ${stray.place.name}, a judge of ${stray.place.ruleId}`);
      registry.set(ruleId, check);
    }
  }
  return registry;
}

export const CHECKS: ReadonlyMap<string, RuleCheck> = buildRegistry(
  Object.values(FAMILY_TABLES),
  new Set([...loadRules(), ...loadApplicationRules()].map((r) => r.id)),
);

/** The rule IDs judged on `side`, in the registry's order. */
export function rulesJudgedOn(side: CheckedSide, registry = CHECKS): string[] {
  return [...registry].filter(([, check]) => check[side]).map(([ruleId]) => ruleId);
}

/**
 * Whether `judgement` was made by a judge its rule's registry entry lists: a test records no other (the
 * fixtures refuse it), so every place that judges a rule is reached from the registry and named in docs/rules.md.
 */
export function reachedFromRegistry(judgement: Judgement, registry = CHECKS): boolean {
  const place = placeOf(judgement);
  return !!place && !!registry.get(judgement.ruleId)?.judges?.some((j) => j.place === place);
}

/** Every rule `gatewayFindings` can judge on one exchange. */
export const GATEWAY_SIDE_RULES: readonly string[] = rulesJudgedOn('gateway');
/** Every rule `requestFindings` can judge, for reports that list what live traffic could exercise. */
export const APPLICATION_SIDE_RULES: readonly string[] = rulesJudgedOn('application');

/** The distinct functions of one side; a function that judges several rules runs once. */
function checksOf(side: 'gateway' | 'application'): ExchangeCheck[] {
  return [...new Set([...CHECKS.values()].flatMap((check) => check[side] ?? []))];
}

const GATEWAY_CHECKS = checksOf('gateway');
const APPLICATION_CHECKS = checksOf('application');

/** Every rule of the gateway's side that one exchange can be held to. */
export function gatewayFindings(exchange: Exchange): RuleTally {
  const tally = new RuleTally();
  for (const check of GATEWAY_CHECKS) check(exchange, tally, {});
  return tally;
}

/**
 * The suite's judging of the answers a test received: each answer to one of the three operations, by
 * `gatewayFindings`, once, as the traffic proxy judges an application's (proxy/judge.ts).
 */
export function judgeAnswers(exchanges: readonly Exchange[]): Map<Exchange, RuleTally> {
  return new Map(exchanges.filter((e) => e.operation).map((e) => [e, gatewayFindings(e)]));
}

/**
 * One rule's verdict on one answer, from `gatewayFindings` itself: for a property, which needs it per generated
 * input to shrink a failing one, and would otherwise restate the check. Undefined where the rule did not apply.
 */
export function answerVerdict(
  exchange: Exchange,
  ruleId: string,
): { problems: string[]; expected: string } | undefined {
  const judged = gatewayFindings(exchange);
  if (!judged.checked.includes(ruleId)) return undefined;
  const found = judged.findings.filter((f) => f.ruleId === ruleId);
  return { problems: found.flatMap((f) => f.problems), expected: found[0]?.expected ?? '' };
}

/** Every rule of the caller's side that one request can be held to. */
export function requestFindings(exchange: Exchange, context: RequestContext = {}): RuleTally {
  const tally = new RuleTally();
  for (const check of APPLICATION_CHECKS) check(exchange, tally, context);
  return tally;
}

// The checks spec files and other rooms call, reached through the registry rather than the family files. A file
// under tests/ may import no other module of src/ but through tests/fixtures.ts and tests/inputs.ts (docs/layers.md).
export * from './auth.js';
export * from './errors.js';
export * from './tokenize.js';
export * from './vault.js';
export * from './hook.js';
export type { Judgement } from './judge.js';
export * from './refused-disable.js';
export * from './request.js';
export * from './compared-answers.js';
export * from './tokenize/card-updates.js';
export * from './tokenize/field-refusals.js';
export * from './vault/collation.js';
export * from './vault/page-cap.js';
export * from './vault/page-sample.js';
export * from './vault/record-formats.js';
export * from './vault/same-vault.js';
export * from './vault/walk.js';
export * from './tally.js';
