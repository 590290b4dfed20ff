import { readFileSync } from 'node:fs';
import type { Leniency } from '../../catalogue/leniencies.js';
import type { Failure } from './rule-outcomes.js';
import type { ObservedValue } from '../../checks/observation-data.js';
import type { Catalogue } from './run-identity.js';
import type { Coverage } from './coverage.js';
import type { KnownDeviationsJson } from '../known-deviations/known-outcomes.js';
import type { GeneratedSection } from './run-wide-records.js';

/**
 * A conformance.json read from disk (a baseline, the published report the CI summary reads, the cutover's
 * runs): the ConformanceReport (conformance-report.ts) this or an older version of the suite wrote, so every
 * field an older version did not write is optional. The formats take it too, as the report they are handed
 * in memory is one.
 */
export type ObservationJson = { kind: string; subject?: string; value: ObservedValue; count?: number; text: string };

/** A notable leniency as conformance.json holds it (conformance-report.ts's LeniencyReport). */
export type LeniencyJson = Leniency & { name: string; operation: string; text: string };

export type RuleJson = {
  id: string;
  section?: string;
  rule: string;
  check: string;
  status: string;
  tests: { id?: string; title: string; outcome: string; note?: string; failures?: Failure[] }[];
  /** Older reports hold bare sentences "RULE: text". */
  observations: (ObservationJson | string)[];
  /** What the rule's checks judged (["212 card numbers", "25 records"]), when the run records it. */
  judged?: unknown;
  /** Why its checks judged nothing, and what would make the rule exercisable. */
  notExercised?: string[];
  /** Where the document states the rule. */
  source?: string;
};

export type ConformanceJson = {
  target: string;
  targetId?: string;
  catalogue?: Catalogue;
  started: string;
  finished: string;
  runStatus?: string;
  verdict: string;
  /** The verdict with its counts, as printed at the end of the run. */
  verdictLine?: string;
  counts?: Record<string, number>;
  unavailable?: string[];
  /** Configuration problems found during the run (a PG_WEBHOOK_ID the target does not know). */
  configuration?: string[];
  /** Operations the run never had served, with why. */
  operationsNotServed?: { operation: string; reason: string }[];
  /** Skipped tests counted by their reason. */
  skippedTests?: Record<string, number>;
  rules: RuleJson[];
  /** The notable leniencies the run saw; older runs lack it (and recorded none). */
  leniencies?: LeniencyJson[];
  /** What the run covered of the document's fields; older runs lack it. */
  coverage?: Coverage;
  /** What the known-deviations file did to the run; absent when none was read. */
  knownDeviations?: KnownDeviationsJson;
  /** The generated inputs' seed and how to replay them, when properties ran. */
  generated?: GeneratedSection;
};

/** The verdict line as the run printed it; rebuilt from the counts for a report written without it (an older version). */
export function verdictLineOf(report: ConformanceJson): string {
  if (report.verdictLine) return report.verdictLine;
  const counts = Object.entries(report.counts ?? {}).map(([status, n]) => `${n} ${status}`);
  return `${report.verdict}: ${report.rules.length} rules${counts.length ? `, ${counts.join(', ')}` : ''}`;
}

/** Reads a conformance.json; a file that is not one says so by name instead of failing later on a field. */
export function readConformanceJson(path: string): ConformanceJson {
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<ConformanceJson>;
  if (
    !parsed ||
    typeof parsed.verdict !== 'string' ||
    !Array.isArray(parsed.rules) ||
    typeof parsed.target !== 'string'
  ) {
    throw new Error(`${path} is not a conformance.json (no verdict, target and rules)`);
  }
  return parsed as ConformanceJson;
}
