import type { ObservationData } from '../../checks/observation-data.js';
import {
  isLeniency,
  LENIENCIES,
  LENIENCY_NAMES,
  type Leniency,
  type LeniencyName,
} from '../../catalogue/leniencies.js';
import type { LearnedLimit } from '../../evidence/test-record.js';
import { baselineDrift, type Drift } from '../drift/drift.js';
import type { KnownDeviationsJson } from '../known-deviations/known-outcomes.js';
import type { GeneratedSection } from './run-wide-records.js';
import type { Coverage } from './coverage.js';
import type { OperationGap } from './exercised.js';
import type { RuleOutcome, RuleStatus, Verdict } from './rule-outcomes.js';
import { catalogueOf, type Catalogue } from './run-identity.js';
import { countBy, verdictLine } from './verdict-line.js';

/** An observation under its rule: the rule's ID is the rule's own, so it is not repeated. */
export type ObservationReport = ObservationData & { text: string };

/**
 * A notable leniency the run saw (catalogue/leniencies.ts): a probe the gateway served, on one operation. Its
 * rule's observation, held here rather than under the rule, so each format shows it in a section of its own.
 */
export type LeniencyReport = Leniency & {
  name: LeniencyName;
  /** The operation that served it. */
  operation: string;
  /** What was seen, for people. */
  text: string;
};

/** One rule of the catalogue as the report holds it: its wording, its outcome, its tests and what they found. */
export type RuleReport = {
  id: string;
  section: string;
  rule: string;
  check: string;
  status: RuleStatus;
  /** What its checks judged, summed over its tests: ["212 card numbers in 25 records"]. */
  judged: string[];
  /** Why (some of) its checks judged nothing, and what would make it exercisable. */
  notExercised: string[];
  /** Each test with its outcome, note, what it judged and its findings (redacted where they were made). */
  tests: RuleOutcome['tests'];
  /** What the gateway did where the document leaves it open; its notable leniencies are the report's `leniencies`. */
  observations: ObservationReport[];
  /** Where the document states the rule (rules.yaml's `source`), cited under the rule in conformance.md. */
  source: string;
};

/**
 * A conformance run's report: what conformance.json holds, and what every format (Markdown, JSON, the page,
 * JUnit) is written from. Built once per run by conformanceReport below. Read back from disk by a
 * later process (the baseline's drift, the CI step summary, the cutover) it is a `ConformanceJson`
 * (read-report.ts): the same fields, those an older version of the suite did not write made optional.
 */
export type ConformanceReport = {
  target: string;
  /** Which gateway, without its address or merchant (run-identity.ts's targetIdOf). */
  targetId: string;
  catalogue: Catalogue;
  started: string;
  finished: string;
  /** Playwright's status of the run (passed, failed, interrupted…), "not started" when the command stopped it. */
  runStatus: string;
  verdict: Verdict;
  /** The verdict with its counts, as printed at the end of the run. */
  verdictLine: string;
  /** Rules by status. */
  counts: Record<string, number>;
  /** Infrastructure trouble that stopped checks, one sentence each. */
  unavailable: string[];
  /** Configuration problems (the preflight's, or found during the run). */
  configuration: string[];
  operationsNotServed: OperationGap[];
  /** Skipped tests counted by their reason. */
  skippedTests: Record<string, number>;
  rules: RuleReport[];
  /** The notable leniencies the run saw, in catalogue order; empty when none was served. Never part of the verdict. */
  leniencies: LeniencyReport[];
  /** What the run covered of the document's fields; absent when no test recorded it. */
  coverage?: Coverage;
  /** What the known-deviations file did to the run; absent when none was read. */
  knownDeviations?: KnownDeviationsJson;
  /** What changed since the baseline (--baseline), or why nothing was compared; absent without one. */
  drift?: Drift | string;
  /** The generated inputs' seed and how to replay them; absent when no property ran. */
  generated?: GeneratedSection;
  /** The rate limits the run learned from 429s, by scope (the lowest any worker met); absent when none. */
  learnedLimits?: LearnedLimit[];
};

/** What a run was judged to be: the reporter's judgement at its end, or the command's when it stopped the run. */
export type JudgedRun = Pick<ConformanceReport, 'target' | 'targetId' | 'started' | 'finished' | 'runStatus'> &
  Pick<ConformanceReport, 'verdict' | 'unavailable' | 'coverage' | 'knownDeviations' | 'generated' | 'learnedLimits'> &
  Partial<Pick<ConformanceReport, 'configuration' | 'skippedTests'>> & {
    /** The rules a limited run selected (--rule, PG_RULES); absent for a whole run. */
    selected?: string[];
    outcomes: RuleOutcome[];
    /** A previous run's conformance.json to compare with (--baseline / PG_BASELINE). */
    baseline?: string;
    /** Operations the run never had served. */
    operations?: OperationGap[];
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
