import type { RuleOutcome, Verdict } from './rule-outcomes.js';

/**
 * A run limited to some rules (`npm run conformance -- --rule TOK-8`, which sets PG_RULES for the reporter);
 * rule-outcomes.ts's judgeRules marks the others "not selected".
 */
export function selectedRules(env: NodeJS.ProcessEnv): string[] | undefined {
  const ids = (env.PG_RULES ?? '')
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  return ids.length ? ids : undefined;
}

/** A selection none of whose rules was exercised checked nothing: not a pass (exit 4, with the reasons). */
export function selectionVerdict(verdict: Verdict, outcomes: RuleOutcome[]): Verdict {
  if (verdict !== 'CONFORMANT' || !outcomes.some((o) => o.status === 'not selected')) return verdict;
  return outcomes.some((o) => o.status === 'passed') ? verdict : 'NOT FULLY EXERCISED';
}

/** " for TOK-8 (1 of 38 rules selected)" after the verdict of a limited run; empty for a whole run. */
export function selectionPhrase(outcomes: readonly { status: string }[], selected: string[] | undefined): string {
  if (!selected || !outcomes.some((o) => o.status === 'not selected')) return '';
  return ` for ${selected.join(', ')} (${selected.length} of ${outcomes.length} rules selected)`;
}
