import type { TestCase, TestResult } from '@playwright/test/reporter';
import {
  declaredRules,
  recordOf,
  seconds,
  skipReasonOf,
  type Finding,
  type TestRecord,
} from '../../evidence/test-record.js';

export type TestOutcome = 'passed' | 'failed' | 'skipped' | 'unavailable';

/** A failure without a finding (a broken test, an unexpected exception), shown by its message for people to read. */
export type BrokenTest = { exchanges: []; reproduce: []; message: string };
/** A failed test's failure per violated rule, as every report shows it. */
export type Failure = Finding | BrokenTest;

export const isBroken = (f: Failure): f is BrokenTest => 'message' in f;

/**
 * A finished test: what it recorded (evidence/test-record.ts), as it recorded it, with what the runner knows of it.
 * The record's fields are optional so a made-up test of the reporters' own tests says only what it needs.
 */
export type FinishedTest = Partial<TestRecord> & {
  /** Playwright's TestCase.id: the HTML report's link to the test (#?testId=…). */
  id?: string;
  title: string;
  file: string;
  rules: string[];
  /** Rules the test's findings name; a failure without a finding counts against all of the test's rules. */
  violated: string[];
  outcome: TestOutcome;
  skipReason?: string;
  error?: string;
  failures?: Failure[];
};

const MAX_MESSAGE_LINES = 40;

/** A failure without a finding, shown by its message, cut to forty lines; none for an empty message. */
export function messageFailures(errorText: string): BrokenTest[] {
  const lines = errorText.split('\n');
  const message = lines.slice(0, MAX_MESSAGE_LINES).join('\n').trim();
  return message
    ? [{ exchanges: [], reproduce: [], message: lines.length > MAX_MESSAGE_LINES ? `${message}\n…` : message }]
    : [];
}

/**
 * A test that ran out of its time says nothing about the contract: the target was too slow, or rate-limited,
 * for the time the test had. Without a finding, the reporter counts it target unavailable, with this
 * sentence of the figures (how long it had, how long it ran, the 429s it met). Undefined for any other result.
 */
export function outOfTime(
  result: Pick<TestResult, 'status' | 'duration'>,
  timeoutMs: number,
  rateLimited: string | undefined,
): string | undefined {
  if (result.status !== 'timedOut') return undefined;
  return (
    `the test ran out of its ${seconds(timeoutMs)} time-out after ${seconds(result.duration)}` +
    `${rateLimited ? ` (${rateLimited})` : ''}, with no rule violation seen. ` +
    'A test that runs out of time says nothing about conformance: ' +
    'the target was too slow or too rate-limited for it (each limit the run learned is named above); PG_MAX_RPS a little under ' +
    'a limit on the whole target avoids its 429s, or run when it is quieter'
  );
}

/**
 * What stopped a failed test, read from its record alone (its error's message is for people): the findings
 * of its failed checks; else a setup mistake or infrastructure trouble, or its time running out, which
 * judged nothing. A test that did not fail stopped on nothing.
 */
type Stop = { findings: Finding[]; misconfigured?: string; unavailable?: string };

function stopOf(result: TestResult, timeoutMs: number, record: TestRecord): Stop {
  if (result.status !== 'failed' && result.status !== 'timedOut') return { findings: [] };
  if (record.findings.length) return { findings: record.findings };
  if (record.misconfigured) return { findings: [], misconfigured: record.misconfigured };
  // Out of time with no finding is the target's budget, not the contract.
  return { findings: [], unavailable: record.unavailable ?? outOfTime(result, timeoutMs, record.rateLimited) };
}

function outcomeOf(result: TestResult, stop: Stop): TestOutcome {
  // Interrupted (the run stopped, e.g. --max-failures) judged nothing either way; nor did a setup mistake.
  if (result.status === 'skipped' || result.status === 'interrupted' || stop.misconfigured) return 'skipped';
  if (result.status === 'passed') return 'passed';
  return stop.unavailable ? 'unavailable' : 'failed';
}

/**
 * A finished test, its record read as the test wrote it. Its findings were redacted where they were made; a
 * failure's message comes from anywhere, so it is redacted of the configured keys here.
 */
export function finishedTest(test: TestCase, result: TestResult, redact: (text: string) => string): FinishedTest {
  const record = recordOf(result.annotations);
  const stop = stopOf(result, test.timeout, record);
  // A setup mistake met mid-run (who-answered.ts) judged nothing: the run's verdict is CONFIGURATION ERROR.
  const misconfigured = stop.misconfigured;
  const outcome = outcomeOf(result, stop);
  return {
    ...record,
    id: test.id,
    title: test.titlePath().filter(Boolean).join(' › '),
    file: test.location.file,
    rules: [
      ...new Set([
        ...declaredRules(test.annotations),
        ...record.checked,
        ...record.judged.map((j) => j.ruleId),
        ...record.notExercised.map((n) => n.ruleId),
      ]),
    ],
    violated: [...new Set(stop.findings.map((f) => f.ruleId))],
    outcome,
    skipReason: misconfigured
      ? `not judged: ${misconfigured}`
      : result.status === 'interrupted'
        ? 'interrupted: the run stopped before this test finished'
        : skipReasonOf([...test.annotations, ...result.annotations]),
    configuration: misconfigured ? [...record.configuration, misconfigured] : record.configuration,
    error: outcome === 'unavailable' ? stop.unavailable : undefined,
    failures:
      outcome !== 'failed'
        ? undefined
        : stop.findings.length
          ? stop.findings
          : messageFailures(redact(result.errors.map((e) => e.message ?? '').join('\n'))),
  };
}
export type { Finding };
