import { createHash } from 'node:crypto';

/** What a baseline must share with this run to be compared rule by rule. */
export type Catalogue = { rules: number; hash: string };

type RuleText = { id: string; rule: string; check: string };

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

/** One rule's identity: its ID, its wording and how it is checked; a reworded rule is another rule. */
export function ruleFingerprint(r: RuleText): string {
  return digest(JSON.stringify([r.id, r.rule, r.check]));
}

/** The catalogue version a run was judged against: independent of comments and order in rules.yaml. */
export function catalogueOf(rules: RuleText[]): Catalogue {
  return { rules: rules.length, hash: digest(rules.map(ruleFingerprint).sort().join('\n')) };
}

/**
 * Which gateway, without writing its address or merchant into the report: every mock is "mock" (its port
 * changes each run); a sandbox or production is told apart by a short hash of its origin and merchant ID.
 */
export function targetIdOf(target: string, env: NodeJS.ProcessEnv): string {
  if (target === 'mock') return 'mock';
  let origin = env.PG_BASE_URL ?? '';
  try {
    origin = new URL(origin).origin;
  } catch {
    // not a URL: hash it as it is
  }
  return `${target} ${digest(`${origin} ${env.PG_MERCHANT_ID ?? ''}`)}`;
}
