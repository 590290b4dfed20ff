import type { TestCase, TestResult } from '@playwright/test/reporter';
import {
  annotation,
  type Annotation,
  type Finding,
  type Judged,
  type NotExercised,
  type Observation,
} from '../../evidence/annotations.js';
import { outOfTime } from './budget-outcome.js';
import { findingDetail, messageDetails, type FailureDetail } from './failure-details.js';

export type TestOutcome = 'passed' | 'failed' | 'skipped' | 'unavailable';

export type TestRecord = {
  /** Playwright's TestCase.id: the HTML report's link to the test (#?testId=…). */
  id?: string;
  title: string;
  file: string;
  rules: string[];
  /** Rules the test's findings name; a failure without a finding counts against all of the test's rules. */
  violated: string[];
  outcome: TestOutcome;
  skipReason?: string;
  observations: Observation[];
  error?: string;
  /** A failed test's failure per violated rule: Expected, Found, the exchanges, reproduce lines. */
  failures?: FailureDetail[];
  /** What the test's checks judged, per rule (the `judged` annotations). */
  judged?: Judged[];
  /** Why a check of the test judged nothing (the `not-exercised` annotations). */
  notExercised?: NotExercised[];
  /** Operations the test had served (the `served` annotations, see exercised.ts). */
  served?: string[];
  /** Configuration problems the test found (the `configuration` annotations). */
  configuration?: string[];
};

function annotationsOf(test: TestCase, result: TestResult): Annotation[] {
  const seen = new Set<string>();
  return [...test.annotations, ...(result.annotations ?? [])].filter((a) => {
    const key = `${a.type}\u0000${a.description ?? ''}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/**
 * What stopped a failed test, read from its annotations alone (its error's message is for people): the
 * findings of its failed checks; else a setup mistake or infrastructure trouble, or its time running out,
 * which judged nothing. A test that did not fail stopped on nothing.
 */
type Stop = { findings: Finding[]; misconfigured?: string; unavailable?: string };

function stopOf(result: TestResult, timeoutMs: number, annotations: readonly Annotation[]): Stop {
  if (result.status !== 'failed' && result.status !== 'timedOut') return { findings: [] };
  const findings = annotation.finding.read(annotations);
  if (findings.length) return { findings };
  const misconfigured = annotation.misconfigured.read(annotations)[0];
  if (misconfigured) return { findings, misconfigured };
  // Out of time with no finding is the target's budget, not the contract (budget-outcome.ts).
  const unavailable = annotation.unavailable.read(annotations)[0] ?? outOfTime(result, timeoutMs, annotations);
  return { findings, unavailable };
}

function outcomeOf(result: TestResult, stop: Stop): TestOutcome {
  // Interrupted (the run stopped, e.g. --max-failures) judged nothing either way; nor did a setup mistake.
  if (result.status === 'skipped' || result.status === 'interrupted' || stop.misconfigured) return 'skipped';
  if (result.status === 'passed') return 'passed';
  return stop.unavailable ? 'unavailable' : 'failed';
}

/** The operations the test had served and the configuration problems it found, with one its failure met. */
function gapsOf(annotations: readonly Annotation[], misconfigured: string | undefined) {
  const configuration = [...new Set(annotation.configuration.read(annotations))];
  return {
    served: [...new Set(annotation.served.read(annotations))],
    configuration: misconfigured ? [...configuration, misconfigured] : configuration,
  };
}

/** The findings of a failed test, else its message: redacted of the configured keys once more. */
function failuresOf(findings: readonly Finding[], result: TestResult, redact: (text: string) => string) {
  if (findings.length) return findings.map((f) => findingDetail(f, redact));
  return messageDetails(redact(result.errors.map((e) => e.message ?? '').join('\n')));
}

/**
 * A finished test as its record, read from its annotations (the test's own and its result's, without
 * repeats), which are returned too: the run-wide records and the coverage are gathered from them.
 */
export function testRecordOf(
  test: TestCase,
  result: TestResult,
  redact: (text: string) => string,
): { record: TestRecord; annotations: Annotation[] } {
  const annotations = annotationsOf(test, result);
  const stop = stopOf(result, test.timeout, annotations);
  // A setup mistake met mid-run (who-answered.ts) judged nothing: the run's verdict is CONFIGURATION ERROR.
  const misconfigured = stop.misconfigured;
  const outcome = outcomeOf(result, stop);
  const judged = annotation.judged.read(annotations);
  const notExercised = annotation.notExercised.read(annotations);
  const record: TestRecord = {
    id: test.id,
    title: test.titlePath().filter(Boolean).join(' › '),
    file: test.location.file,
    rules: [
      ...new Set([
        ...annotation.rule.read(annotations),
        ...judged.map((j) => j.ruleId),
        ...notExercised.map((n) => n.ruleId),
      ]),
    ],
    judged,
    notExercised,
    violated: [...new Set(stop.findings.map((f) => f.ruleId))],
    outcome,
    skipReason: misconfigured
      ? `not judged: ${misconfigured}`
      : result.status === 'interrupted'
        ? 'interrupted: the run stopped before this test finished'
        : annotation.skip.find(annotations)?.description,
    observations: annotation.observation.read(annotations),
    error: outcome === 'unavailable' ? stop.unavailable : undefined,
    ...gapsOf(annotations, misconfigured),
    failures: outcome === 'failed' ? failuresOf(stop.findings, result, redact) : undefined,
  };
  return { record, annotations };
}
