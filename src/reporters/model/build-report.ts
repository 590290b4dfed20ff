import type { LearnedLimit } from '../../evidence/annotations.js';
import { baselineDrift } from '../drift/baseline.js';
import type { KnownDeviationsJson } from '../known-deviations/known-outcomes.js';
import type { GeneratedSection } from '../test-records/run-wide-records.js';
import type { ConformanceReport, LeniencyReport, RuleReport } from './conformance-report.js';
import { isLeniency, LENIENCIES, LENIENCY_NAMES } from '../../catalogue/leniencies.js';
import type { Coverage } from './coverage.js';
import type { OperationGap } from './exercised.js';
import type { RuleOutcome, Verdict } from './rule-outcomes.js';
import { catalogueOf } from './run-identity.js';
import { countBy, verdictLine } from './verdict-line.js';

/** What a run was judged to be: the reporter's judgement at its end, or the command's when it stopped the run. */
export type JudgedRun = {
  target: string;
  /** Which gateway, without its address or merchant (run-identity.ts's targetIdOf). */
  targetId: string;
  /** The rules a limited run selected (--rule, PG_RULES); absent for a whole run. */
  selected?: string[];
  started: string;
  finished: string;
  runStatus: string;
  verdict: Verdict;
  unavailable: string[];
  outcomes: RuleOutcome[];
  /** A previous run's conformance.json to compare with (--baseline / PG_BASELINE). */
  baseline?: string;
  /** Configuration problems (the preflight's, or found during the run). */
  configuration?: string[];
  /** Operations the run never had served. */
  operations?: OperationGap[];
  /** Skipped tests counted by reason. */
  skippedTests?: Record<string, number>;
  /** What the run covered of the document's fields; absent when no test recorded it. */
  coverage?: Coverage;
  /** What the known-deviations file did to the run; absent when none was read. */
  knownDeviations?: KnownDeviationsJson;
  /** The generated inputs' seed and how to replay them; absent when no property ran. */
  generated?: GeneratedSection;
  /** The rate limits the run learned, by scope. */
  learnedLimits?: LearnedLimit[];
};

/** One rule's outcome as the report holds it. */
export function ruleReport(o: RuleOutcome): RuleReport {
  return {
    id: o.rule.id,
    section: o.rule.section,
    rule: o.rule.rule,
    check: o.rule.check,
    status: o.status,
    judged: o.judged,
    notExercised: o.notExercised,
    tests: o.tests,
    observations: o.observations.filter((x) => !isLeniency(x.kind)).map(({ ruleId: _rule, ...data }) => data),
    source: o.rule.source,
  };
}

/**
 * The notable leniencies among the rules' observations: each (leniency, operation) once, in catalogue order,
 * then by operation. Only the rule the catalogue files a leniency under holds it.
 */
export function leniencies(outcomes: readonly RuleOutcome[]): LeniencyReport[] {
  const seen = new Map<string, LeniencyReport>();
  for (const o of outcomes)
    for (const x of o.observations) {
      if (!isLeniency(x.kind) || LENIENCIES[x.kind].rule !== o.rule.id) continue;
      const operation = x.subject ?? '';
      const key = `${x.kind}\u0000${operation}`;
      if (!seen.has(key)) seen.set(key, { name: x.kind, ...LENIENCIES[x.kind], operation, text: x.text });
    }
  return [...seen.values()].sort(
    (a, b) => LENIENCY_NAMES.indexOf(a.name) - LENIENCY_NAMES.indexOf(b.name) || a.operation.localeCompare(b.operation),
  );
}

/**
 * The run's report, built once: every format is written from it. The drift since the baseline, when one is
 * named, compares the baseline's file with this report as it stands before the drift joins it.
 */
export function conformanceReport(run: JudgedRun): ConformanceReport {
  const report: ConformanceReport = {
    target: run.target,
    targetId: run.targetId,
    catalogue: catalogueOf(run.outcomes.map((o) => o.rule)),
    started: run.started,
    finished: run.finished,
    runStatus: run.runStatus,
    verdict: run.verdict,
    verdictLine: verdictLine(run.verdict, run.outcomes, run.coverage, run.knownDeviations, run.selected),
    counts: countBy(run.outcomes),
    unavailable: run.unavailable,
    configuration: run.configuration ?? [],
    operationsNotServed: run.operations ?? [],
    skippedTests: run.skippedTests ?? {},
    rules: run.outcomes.map(ruleReport),
    leniencies: leniencies(run.outcomes),
    ...(run.coverage ? { coverage: run.coverage } : {}),
    ...(run.knownDeviations ? { knownDeviations: run.knownDeviations } : {}),
  };
  const drift = baselineDrift(run.baseline, report);
  return {
    ...report,
    ...(drift === undefined ? {} : { drift }),
    ...(run.generated ? { generated: run.generated } : {}),
    ...(run.learnedLimits?.length ? { learnedLimits: run.learnedLimits } : {}),
  };
}
