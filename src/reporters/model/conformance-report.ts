import type { LearnedLimit } from '../../evidence/annotations.js';
import type { ObservationData } from '../../checks/observation-data.js';
import type { Leniency, LeniencyName } from '../../catalogue/leniencies.js';
import type { Drift } from '../drift/drift.js';
import type { KnownDeviationsJson } from '../known-deviations/known-outcomes.js';
import type { GeneratedSection } from '../test-records/run-wide-records.js';
import type { Coverage } from './coverage.js';
import type { OperationGap } from './exercised.js';
import type { RuleOutcome, RuleStatus, Verdict } from './rule-outcomes.js';
import type { Catalogue } from './run-identity.js';

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
 * JUnit) is written from. Built once per run by build-report.ts's conformanceReport. Read back from disk by a
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
