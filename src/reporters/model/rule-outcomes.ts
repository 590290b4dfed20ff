import type { TestCase, TestResult } from '@playwright/test/reporter';
import type { Rule } from '../../catalogue/rules.js';
import { needsControlApi } from '../../config/configuration-skips.js';
import {
  declaredRules,
  observationKey,
  recordOf,
  seconds,
  skipReasonOf,
  type Finding,
  type Judged,
  type Observation,
  type TestRecord,
} from '../../evidence/test-record.js';
import type { KnownDeviations } from '../../known-deviations/entry.js';
import { matchFailures, type SeenFailure } from '../../known-deviations/match.js';
import { knownJson, type KnownDeviationsJson } from '../known-deviations/known-outcomes.js';

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

export type RuleStatus =
  | 'passed'
  | 'failed'
  | 'known deviation'
  | 'target unavailable'
  | 'not exercised'
  | 'skipped'
  | 'not checkable on this target'
  | 'not run'
  | 'not selected';

export type RuleOutcome = {
  rule: Rule;
  status: RuleStatus;
  tests: {
    id?: string;
    title: string;
    outcome: TestOutcome;
    note?: string;
    judged?: string;
    failures?: Failure[];
  }[];
  observations: Observation[];
  /** What the rule's checks judged, summed over its tests: "212 card numbers in 25 records". */
  judged: string[];
  /** Why (some of) its checks judged nothing; for a rule "not exercised", what would make it exercisable. */
  notExercised: string[];
};

// "Passed means exercised": what a rule's tests judged, folded per rule in words.

/** The first plural word made singular: "card numbers in 25 records" → "card number in 25 records". */
function singular(what: string): string {
  const words = what.split(' ');
  const at = words.findIndex((w) => /[A-Za-z_]s$/.test(w));
  if (at < 0) return what;
  const word = words[at]!;
  words[at] = /ies$/.test(word)
    ? `${word.slice(0, -3)}y`
    : /(ss|ch|sh|x)es$/.test(word)
      ? word.slice(0, -2)
      : word.slice(0, -1);
  return words.join(' ');
}

/** "3 pages", "1 page". */
export function judgedText(count: number, what: string): string {
  return `${count} ${count === 1 ? singular(what) : what}`;
}

/** Sums one rule's counts by what was judged: ["212 card numbers in 25 records", "3 pages"]. */
export function sumJudged(items: Judged[]): { count: number; text: string }[] {
  const sums = new Map<string, number>();
  for (const j of items) sums.set(j.what, (sums.get(j.what) ?? 0) + j.count);
  return [...sums].map(([what, count]) => ({ count, text: judgedText(count, what) }));
}

export type Verdict =
  | 'CONFORMANT'
  | 'CONFORMANT WITH KNOWN DEVIATIONS'
  | 'NON-CONFORMANT'
  | 'TARGET UNAVAILABLE'
  | 'INCOMPLETE'
  | 'NOT FULLY EXERCISED'
  | 'CONFIGURATION ERROR';

const mentions = (t: FinishedTest, id: string) =>
  t.rules.includes(id) ||
  t.violated.includes(id) ||
  (t.judged ?? []).some((j) => j.ruleId === id) ||
  (t.notExercised ?? []).some((n) => n.ruleId === id);

type FailedTests = { outcome: string; title: string; failures?: Failure[] }[];

/**
 * A rule's failures as the known-deviations file matches them: each Found with the operations it sent to.
 * Works on a run's outcomes and on a conformance.json read from disk (the cutover's production run) alike.
 */
export function failuresIn(rule: string, status: string, tests: FailedTests): SeenFailure[] {
  if (status !== 'failed' && status !== 'known deviation') return [];
  return tests
    .filter((t) => t.outcome === 'failed')
    .flatMap((t) => {
      if (!t.failures?.length) return [{ rule, found: t.title, operations: [] }];
      return t.failures.map((f) =>
        isBroken(f) ? { rule, found: f.message, operations: [] } : { rule, found: f.found, operations: f.operations },
      );
    });
}

/** One rule as its tests left it: its status before the run's selection and known deviations. */
function judgedByTests(rule: Rule, tests: FinishedTest[], target: string): RuleOutcome {
  const mine = tests.filter((t) => mentions(t, rule.id));
  const failedHere = (t: FinishedTest) =>
    t.outcome === 'failed' && (t.violated.includes(rule.id) || (t.violated.length === 0 && t.rules.includes(rule.id)));
  const outcomeHere = (t: FinishedTest): TestOutcome =>
    failedHere(t) ? 'failed' : t.outcome === 'failed' ? 'passed' : t.outcome;
  // A test that ran to its verdict on this rule: what it judged counts, whatever happened to its other rules.
  const ran = mine.filter((t) => outcomeHere(t) === 'passed' || outcomeHere(t) === 'failed');
  const judgedIn = (t: FinishedTest) => (t.judged ?? []).filter((j) => j.ruleId === rule.id);
  const sums = sumJudged(ran.flatMap(judgedIn));
  const reasons = [
    ...new Set(ran.flatMap((t) => (t.notExercised ?? []).filter((n) => n.ruleId === rule.id).map((n) => n.reason))),
  ];
  const entries = mine.map((t) => ({
    id: t.id,
    title: t.title,
    outcome: outcomeHere(t),
    note:
      t.outcome === 'skipped'
        ? t.skipReason
        : t.outcome === 'unavailable'
          ? t.error
          : t.outcome === 'failed' && !failedHere(t)
            ? 'test failed on another rule'
            : undefined,
    judged: ran.includes(t)
      ? sumJudged(judgedIn(t))
          .map((s) => s.text)
          .join(', ') || 'nothing'
      : undefined,
    failures: failedHere(t) ? t.failures?.filter((f) => isBroken(f) || f.ruleId === rule.id) : undefined,
  }));
  let status: RuleStatus;
  if (entries.some((e) => e.outcome === 'failed')) status = 'failed';
  else if (entries.some((e) => e.outcome === 'unavailable')) status = 'target unavailable';
  else if (entries.some((e) => e.outcome === 'passed'))
    status = sums.some((s) => s.count > 0) ? 'passed' : 'not exercised';
  else if (needsControlApi(rule, target)) status = 'not checkable on this target';
  else status = entries.length ? 'skipped' : 'not run';
  if (status === 'not exercised' && !reasons.length)
    reasons.push('its tests passed without judging anything (no check reported what it judged)');
  // What any test saw under this rule, whether or not the test is one of the rule's: an observation is no verdict.
  const observations = [
    ...new Map(
      tests
        .flatMap((t) => (t.observations ?? []).filter((o) => o.ruleId === rule.id))
        .map((o) => [`${observationKey(o)}\u0000${String(o.value)}\u0000${o.text}`, o]),
    ).values(),
  ];
  return { rule, status, tests: entries, observations, judged: sums.map((s) => s.text), notExercised: reasons };
}

/** What a run is judged with besides its tests. */
export type Judging = {
  target: string;
  /**
   * The rules a limited run selected (`--rule TOK-8`, PG_RULES): the verdict is about them; the others read
   * "not selected", not "not run", so a fixed rule re-run alone can pass. A rule outside the selection that a
   * selected test saw fail still fails: a deviation seen is a deviation.
   */
  selected?: string[];
  /**
   * The known-deviations file's entries: a failed rule whose every failure an unexpired entry matches is a
   * "known deviation"; one failure no entry (or only an expired entry) matches keeps the rule failed.
   */
  known?: { file: KnownDeviations | undefined; today: string };
};

export type JudgedRules = {
  outcomes: RuleOutcome[];
  /** What the known-deviations file did, entry by entry. */
  known: Omit<KnownDeviationsJson, 'file' | 'ignored'>;
  /** The failures that still count: what `--record-known` writes down. */
  unmatched: SeenFailure[];
};

/**
 * Every rule of the catalogue judged from the run's tests, in one place: what its tests showed, then the run's
 * selection and known deviations; each rule's status is decided here once.
 */
export function judgeRules(rules: Rule[], tests: FinishedTest[], judging: Judging): JudgedRules {
  const byTests = rules.map((rule) => judgedByTests(rule, tests, judging.target));
  const failuresOf = new Map(byTests.map((o) => [o.rule.id, failuresIn(o.rule.id, o.status, o.tests)]));
  const failures = [...failuresOf.values()].flat();
  const today = judging.known?.today ?? '';
  const m = matchFailures(failures, judging.known?.file?.entries ?? [], { target: judging.target, today });
  const hidden = new Set(m.known.map((h) => h.failure));
  const known = new Set(
    byTests
      .filter((o) => {
        const mine = failuresOf.get(o.rule.id) ?? [];
        return o.status === 'failed' && mine.length > 0 && mine.every((f) => hidden.has(f));
      })
      .map((o) => o.rule.id),
  );
  const statusOf = (o: RuleOutcome): RuleStatus => {
    if (known.has(o.rule.id)) return 'known deviation';
    if (judging.selected && !judging.selected.includes(o.rule.id) && o.status !== 'failed') return 'not selected';
    return o.status;
  };
  const outcomes = byTests.map((o) => ({ ...o, status: statusOf(o) }));
  return {
    outcomes,
    known: knownJson(m, new Map(outcomes.map((o) => [o.rule.id, o.status]))),
    unmatched: [...m.unmatched, ...m.expired.map((h) => h.failure)],
  };
}

/** The rules as their tests left them, on `target`, with no selection and no known deviations. */
export const ruleOutcomes = (rules: Rule[], tests: FinishedTest[], target: string): RuleOutcome[] =>
  judgeRules(rules, tests, { target }).outcomes;

/**
 * Exit codes of `npm run conformance`: distinct, so CI can tell a broken gateway from an unreachable one,
 * and "nothing to check" from "checked and fine" (2 is a configuration error, before any verdict).
 */
export const EXIT_CODES: Record<Verdict, number> = {
  CONFORMANT: 0,
  'CONFORMANT WITH KNOWN DEVIATIONS': 0,
  'NON-CONFORMANT': 1,
  INCOMPLETE: 1,
  'CONFIGURATION ERROR': 2,
  'TARGET UNAVAILABLE': 3,
  'NOT FULLY EXERCISED': 4,
};

/** What besides the rules' outcomes keeps a run from CONFORMANT (see exercised.ts). */
export type RunGaps = {
  /** Configuration problems found during the run (a PG_WEBHOOK_ID the target does not know). */
  configuration?: readonly string[];
  /** Operations the run never had served. */
  operations?: readonly unknown[];
  /** Rules skipped for want of configuration (a variable would turn them on). */
  skippedForConfiguration?: readonly unknown[];
};

/**
 * Contract failures outrank everything: a deviation seen is a deviation, whatever else went wrong. A
 * configuration problem found during the run comes next (the run's other outcomes may stem from it), then
 * infrastructure trouble. CONFORMANT only when every rule applicable on the target was exercised and
 * passed, every operation was served, and no rule was skipped for want of a variable.
 *
 * A known deviation (a failure an unexpired entry of known-deviations.yaml matches) is a judged failure the
 * team accepted for a while: it softens only the last step, CONFORMANT WITH KNOWN DEVIATIONS instead of
 * CONFORMANT, both exit 0. Every other verdict wins over it, as each says something the accepted failure
 * does not: an unaccepted failure, a setup to fix, checks the infrastructure stopped (TARGET UNAVAILABLE),
 * rules never run, parts never exercised (NOT FULLY EXERCISED). Their verdict lines still name the known ones.
 */
export function verdictOf(outcomes: RuleOutcome[], gaps: RunGaps = {}): Verdict {
  if (outcomes.some((o) => o.status === 'failed')) return 'NON-CONFORMANT';
  if (gaps.configuration?.length) return 'CONFIGURATION ERROR';
  if (outcomes.some((o) => o.status === 'target unavailable')) return 'TARGET UNAVAILABLE';
  if (outcomes.some((o) => o.status === 'not run')) return 'INCOMPLETE';
  if (
    outcomes.some((o) => o.status === 'not exercised') ||
    gaps.operations?.length ||
    gaps.skippedForConfiguration?.length
  )
    return 'NOT FULLY EXERCISED';
  if (outcomes.some((o) => o.status === 'known deviation')) return 'CONFORMANT WITH KNOWN DEVIATIONS';
  return 'CONFORMANT';
}
