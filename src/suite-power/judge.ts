import { EXIT_CODES, type Verdict } from '../reporters/model/rule-outcomes.js';
import type { PlannedRun } from './plan.js';

/** What verify:suite reads from a run's conformance.json. */
export type RunReport = {
  verdict: string;
  verdictLine?: string;
  rules: { id: string; status: string; tests?: { failures?: { ruleId?: string }[] }[] }[];
  /** The notable leniencies the run saw (by name); a report of an older suite has none. */
  leniencies?: { name: string }[];
};

/**
 * The rule failed on a violation that names it (`[TOK-8] …`): a test that broke for another reason (a
 * fixture's configuration error, a crash) fails all of its rules in a report, but proves no catch.
 */
function failedByName(report: RunReport, ruleId: string): boolean {
  const rule = report.rules.find((r) => r.id === ruleId);
  return rule?.status === 'failed' && !!rule.tests?.some((t) => t.failures?.some((f) => f.ruleId === ruleId));
}

/** Each outcome with its cell in suite-power.md: anything but a catch or a pass is shouted. */
export const OUTCOME_CELL = {
  caught: 'caught',
  passed: 'passed',
  'caught by accident': '**CAUGHT BY ACCIDENT**',
  survived: '**SURVIVED**',
  flagged: '**FLAGGED**',
  'leniency not shown': '**LENIENCY NOT SHOWN**',
  'wrong verdict': '**WRONG VERDICT**',
  error: '**ERROR**',
} as const;
export type Outcome = keyof typeof OUTCOME_CELL;

export type FaultRunOutcome = {
  outcome: Outcome;
  ok: boolean;
  verdict: string;
  failedRules: string[];
  /** The fault's own rule first when it failed, then the other rules that failed in the run. */
  caughtBy: string[];
  /** Rules that failed besides the fault's own rule and those it lists in alsoNoticedBy. */
  unlisted: string[];
};

/**
 * A fault is caught only when a test of the rule it breaks failed on a violation naming that rule; one
 * noticed only by other rules was caught by accident, which proves nothing about its own rule and fails
 * verify:suite. A variation passes
 * when no rule failed and the whole suite ran: CONFORMANT, or NOT FULLY EXERCISED where the variation
 * leaves a rule nothing to judge (an empty vault), and, for a variation that is a notable leniency, with the
 * report listing it. INCOMPLETE means rules went unrun, and a run that never ran proves nothing: an error, not a
 * pass.
 */
export function judge(run: PlannedRun, report: RunReport | undefined): FaultRunOutcome {
  if (!report) return { outcome: 'error', ok: false, verdict: 'ERROR', failedRules: [], caughtBy: [], unlisted: [] };
  const failedRules = report.rules.filter((r) => r.status === 'failed').map((r) => r.id);
  const base = { verdict: report.verdict, failedRules };
  if (run.knownCase) {
    // The case's verdict, its rule's status and the words of the verdict line that say why.
    const want = run.knownCase.expected;
    const status = report.rules.find((r) => r.id === run.rule)?.status;
    const exit = EXIT_CODES[report.verdict as Verdict];
    const says = !want.lineSays || !!report.verdictLine?.includes(want.lineSays);
    const ok = report.verdict === want.verdict && exit === want.exit && status === want.ruleStatus && says;
    return { ...base, outcome: ok ? 'passed' : 'wrong verdict', ok, caughtBy: [], unlisted: [] };
  }
  if (run.kind === 'variant') {
    if (report.verdict === 'INCOMPLETE') return { ...base, outcome: 'error', ok: false, caughtBy: [], unlisted: [] };
    // A legitimate behaviour taken for a configuration problem (a PG_WEBHOOK_ID "unknown") is a false alarm too.
    const ok =
      failedRules.length === 0 && report.verdict !== 'TARGET UNAVAILABLE' && report.verdict !== 'CONFIGURATION ERROR';
    if (!ok) return { ...base, outcome: 'flagged', ok, caughtBy: [], unlisted: [] };
    // A variation made to be a notable leniency passes only when the report shows it: its probe still sees it.
    const shown = !run.leniency || !!report.leniencies?.some((l) => l.name === run.leniency);
    return { ...base, outcome: shown ? 'passed' : 'leniency not shown', ok: shown, caughtBy: [], unlisted: [] };
  }
  const others = failedRules.filter((r) => r !== run.rule);
  const unlisted = others.filter((r) => !run.alsoNoticedBy.includes(r));
  if (failedByName(report, run.rule))
    return { ...base, outcome: 'caught', ok: true, caughtBy: [run.rule, ...others], unlisted };
  return { ...base, outcome: others.length ? 'caught by accident' : 'survived', ok: false, caughtBy: others, unlisted };
}

/** The "caught by" cell: the own rule, others listed by the fault in parentheses, unlisted ones marked. */
export function caughtByCell(j: FaultRunOutcome, run: PlannedRun): string {
  if (run.kind !== 'fault' || !j.caughtBy.length) return '';
  return j.caughtBy
    .map((r) => (r === run.rule ? r : j.unlisted.includes(r) ? `${r} (unlisted)` : `${r} (listed)`))
    .join(', ');
}
