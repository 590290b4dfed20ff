import { appliesTo, isExpired, ticketOf } from '../known-deviations/entry.js';
import { matchFailures } from '../known-deviations/match.js';
import { entryOf, type KnownItem } from '../reporters/known-deviations/known-outcomes.js';
import { failuresIn } from '../reporters/model/rule-outcomes.js';
import type { ConformanceJson } from '../reporters/model/read-report.js';

/** A known deviation of the sandbox run, and whether it covers production too. */
export type CarriedDeviation = {
  rule: string;
  ticket: string;
  expires: string;
  target: string;
  covers: boolean;
  why: string;
};

const FAILING = new Set(['failed', 'known deviation']);

/**
 * The known deviations the sandbox run accepted, each saying whether it is carried into production: an
 * entry for the sandbox only says the team expects production to keep the rule, and an expired one
 * accepts nothing anywhere.
 */
export function carriedFromSandbox(sandbox: ConformanceJson, today: string): CarriedDeviation[] {
  return (sandbox.knownDeviations?.known ?? []).map((i: KnownItem) => {
    const base = { rule: i.rule, ticket: ticketOf(i), expires: i.expires, target: i.target ?? 'any' };
    if (!appliesTo({ target: base.target as 'sandbox' | 'production' | 'any' }, 'production')) {
      return {
        ...base,
        covers: false,
        why: 'its entry is for the sandbox only: a failure on production is a difference',
      };
    }
    if (isExpired(i, today)) return { ...base, covers: false, why: `it expired on ${i.expires}` };
    return { ...base, covers: true, why: `accepted on production too (target ${base.target})` };
  });
}

/**
 * Production's failing rules whose every failure a carried sandbox entry matches: "as on the sandbox", not
 * a difference a client integrated against the sandbox would feel. Keyed by rule, with the sentence.
 */
export function asOnSandbox(sandbox: ConformanceJson, production: ConformanceJson, today: string): Map<string, string> {
  const carried = (sandbox.knownDeviations?.known ?? []).map(entryOf);
  const out = new Map<string, string>();
  for (const rule of production.rules.filter((r) => FAILING.has(r.status))) {
    const failures = failuresIn(rule.id, rule.status, rule.tests);
    const m = matchFailures(failures, carried, { target: 'production', today });
    if (!failures.length || m.known.length !== failures.length) continue;
    const tickets = [...new Set(m.known.map((h) => `${ticketOf(h.entry)}, until ${h.entry.expires}`))].join('; ');
    out.set(
      rule.id,
      `${rule.id} fails on production as on the sandbox, a known deviation there (${tickets}): ${rule.rule}`,
    );
  }
  return out;
}
