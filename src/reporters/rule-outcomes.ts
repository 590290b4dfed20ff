import type { Rule } from '../contract/rules.js';
import { observationKey, type Observation } from './observation.js';

export type TestOutcome = 'passed' | 'failed' | 'skipped' | 'unavailable';

export type TestRecord = {
  /** Playwright's TestCase.id: the HTML report's link to the test (#?testId=…). */
  id?: string;
  title: string;
  file: string;
  rules: string[];
  /** Rules a failure message names (`[TOK-8] …`); a failure without one counts against all of the test's rules. */
  violated: string[];
  outcome: TestOutcome;
  skipReason?: string;
  observations: Observation[];
  error?: string;
};

export type RuleStatus = 'passed' | 'failed' | 'target unavailable' | 'skipped' | 'not checkable on this target' | 'not run';

export type RuleOutcome = {
  rule: Rule;
  status: RuleStatus;
  tests: { id?: string; title: string; outcome: TestOutcome; note?: string }[];
  observations: Observation[];
};

export type Verdict = 'CONFORMANT' | 'NON-CONFORMANT' | 'TARGET UNAVAILABLE' | 'INCOMPLETE';

/** Folds test results into one outcome per rule of the catalogue. */
export function ruleOutcomes(rules: Rule[], tests: TestRecord[], target: string): RuleOutcome[] {
  return rules.map((rule) => {
    const mine = tests.filter((t) => t.rules.includes(rule.id) || t.violated.includes(rule.id));
    const failedHere = (t: TestRecord) =>
      t.outcome === 'failed' && (t.violated.includes(rule.id) || (t.violated.length === 0 && t.rules.includes(rule.id)));
    const entries = mine.map((t) => ({
      id: t.id,
      title: t.title,
      outcome: failedHere(t) ? ('failed' as const) : t.outcome === 'failed' ? ('passed' as const) : t.outcome,
      note: t.outcome === 'skipped' ? t.skipReason : t.outcome === 'unavailable' ? t.error : t.outcome === 'failed' && !failedHere(t) ? 'test failed on another rule' : undefined,
    }));
    let status: RuleStatus;
    if (entries.some((e) => e.outcome === 'failed')) status = 'failed';
    else if (entries.some((e) => e.outcome === 'unavailable')) status = 'target unavailable';
    else if (entries.some((e) => e.outcome === 'passed')) status = 'passed';
    else if (rule.check === 'mock-control' && target !== 'mock') status = 'not checkable on this target';
    else status = entries.length ? 'skipped' : 'not run';
    const observations = [
      ...new Map(mine.flatMap((t) => t.observations.filter((o) => o.ruleId === rule.id)).map((o) => [`${observationKey(o)}\u0000${String(o.value)}\u0000${o.text}`, o])).values(),
    ];
    return { rule, status, tests: entries, observations };
  });
}

/** Contract failures outrank infrastructure trouble: a deviation seen is a deviation, whatever else failed. */
/** Exit codes of `npm run conformance`: distinct, so CI can tell a broken gateway from an unreachable one. */
export const EXIT_CODES: Record<Verdict, number> = { CONFORMANT: 0, 'NON-CONFORMANT': 1, INCOMPLETE: 1, 'TARGET UNAVAILABLE': 3 };

export function verdictOf(outcomes: RuleOutcome[]): Verdict {
  if (outcomes.some((o) => o.status === 'failed')) return 'NON-CONFORMANT';
  if (outcomes.some((o) => o.status === 'target unavailable')) return 'TARGET UNAVAILABLE';
  if (outcomes.some((o) => o.status === 'not run')) return 'INCOMPLETE';
  return 'CONFORMANT';
}
