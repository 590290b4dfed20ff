import type { ObservationData } from '../checks/observation-data.js';
import { gatewayFindings } from '../checks/registry.js';
import { runWideOf } from '../checks/run-wide.js';
import type { SideFindings } from '../checks/tally.js';
import { ruleById } from '../catalogue/rules.js';
import { tallyOf } from '../coverage/coverage-tally.js';
import { succeeded, type Exchange } from '../transport/exchange.js';
import { TargetMisconfiguredError } from '../transport/target-misconfigured.js';
import type { TargetUnavailableError } from '../transport/target-unavailable.js';
import {
  emptyRecord,
  recordAnnotation,
  scopeName,
  seconds,
  UNCLASSIFIED,
  type Annotation,
  type Finding,
  type LearnedLimit,
  type TestRecord,
} from './annotations.js';
import type { Redactor } from './redact.js';
import { RuleViolation, violationWording } from './rule-violation.js';

const KIND = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

export function checkKind(kind: string): void {
  if (!KIND.test(kind))
    throw new Error(`observation kind "${kind}" must be kebab-case, like http-status-of-auth-failure`);
}

/** The longest pg_id a report shows whole: an example, not evidence. */
const SHOWN_PG_ID = 40;

/**
 * One test's record, kept while it runs and written once at its end (`annotation()`): every text that
 * came from the target or the configuration is redacted as it comes in, and what the test records twice
 * (the same observation on every page of a walk) is recorded once.
 */
export class TestRecorder {
  private readonly record = emptyRecord();
  private readonly seen = new Set<string>();

  constructor(readonly redactor: Redactor) {}

  /** Whether `key` is new, remembering it. */
  private first(key: string): boolean {
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    return true;
  }

  /** An observation: the sentence for people, `data` (a stable kind, what it is about, the value) for --baseline. */
  observe(ruleId: string, text: string, data?: ObservationData): void {
    const redact = (t: string) => this.redactor.text(t);
    const sentence = redact(text).replace(/\s*\n\s*/g, ' ');
    if (data) checkKind(data.kind);
    const observation = data
      ? {
          ruleId,
          text: sentence,
          kind: data.kind,
          ...(data.subject === undefined ? {} : { subject: redact(data.subject) }),
          value: typeof data.value === 'string' ? redact(data.value) : data.value,
          ...(data.count === undefined ? {} : { count: data.count }),
        }
      : { ruleId, text: sentence, kind: UNCLASSIFIED, value: sentence };
    if (this.first(`observation\u0000${JSON.stringify(observation)}`)) this.record.observations.push(observation);
  }

  /** How many things a check of `ruleId` judged, summed per rule and noun. */
  judged(ruleId: string, count: number, what: string): void {
    ruleById(ruleId);
    const held = this.record.judged.find((j) => j.ruleId === ruleId && j.what === what);
    if (held) held.count += count;
    else this.record.judged.push({ ruleId, count, what });
  }

  /** Why a check of `ruleId` judged nothing, and what would make it exercisable. */
  notExercised(ruleId: string, reason: string): void {
    ruleById(ruleId);
    const shown = this.redactor.text(reason);
    if (this.first(`not-exercised\u0000${ruleId}\u0000${shown}`))
      this.record.notExercised.push({ ruleId, reason: shown });
  }

  /** A failed check's finding, recorded before the error that fails the test is thrown. */
  found(finding: Finding): void {
    if (this.first(`finding\u0000${JSON.stringify(finding)}`)) this.record.findings.push(finding);
  }

  /** A configuration problem the test found: the run's verdict is CONFIGURATION ERROR unless a rule failed. */
  configurationProblem(problem: string): void {
    if (!this.record.configuration.includes(problem)) this.record.configuration.push(problem);
  }

  /** Why a client stopped the test: the class travels as data, the error's message is for people. */
  stopped(stopped: TargetUnavailableError | TargetMisconfiguredError): void {
    if (stopped instanceof TargetMisconfiguredError) this.record.misconfigured ??= stopped.problem;
    else this.record.unavailable ??= stopped.what;
  }

  /** The test's 429s so far and what its pacer learned: kept current, so a test out of time says what its time went on. */
  rateLimited(limited: { answers: number; waitedMs: number }, learned: readonly LearnedLimit[]): void {
    if (!limited.answers) return;
    this.record.rateLimited =
      `${limited.answers} answer${limited.answers > 1 ? 's' : ''} HTTP 429, ${seconds(limited.waitedMs)} waited` +
      (learned.length
        ? `; limit learned: ${learned.map((l) => `${scopeName(l.scope)} ${l.perSecond} requests a second`).join(', ')}`
        : '');
  }

  /** A property's inputs judged and the seed that replays them, and its shrunk inputs when it failed. */
  generated(name: string, runs: number, replay: string, counterExamples: readonly (readonly string[])[]): void {
    this.record.generated.push(`${name}: ${runs} generated inputs (${replay})`);
    for (const lines of counterExamples) this.record.counterExamples.push(`${name}: ${lines.join('; ')}`);
  }

  /**
   * The test's exchanges once it is done with them, held to the registry's single-exchange checks (`judged`,
   * registry.ts's judgeAnswers): each rule applied counted, each finding a violation returned for the test to
   * fail on; then what the run-wide rules, the coverage, the operations served and the rate limits need.
   */
  answered(exchanges: readonly Exchange[], judged: ReadonlyMap<Exchange, SideFindings>, learned: LearnedLimit[]) {
    const violations: RuleViolation[] = [];
    for (const [exchange, { findings, observations, checked }] of judged) {
      for (const id of checked) {
        if (!this.record.checked.includes(id)) this.record.checked.push(id);
        this.judged(id, 1, 'answers');
      }
      for (const o of observations) this.observe(o.ruleId, o.text, o.data);
      for (const f of findings)
        violations.push(new RuleViolation(f.ruleId, f.problems, f.expected, [exchange], this.redactor));
    }
    const runWide = runWideOf(exchanges, (e) => judged.get(e) ?? gatewayFindings(e));
    const shown = (pgId: string) => {
      const text = this.redactor.text(pgId);
      return text.length > SHOWN_PG_ID ? `${text.slice(0, SHOWN_PG_ID)}…` : text;
    };
    if (runWide.newCards.length) this.record.newCards = runWide.newCards;
    if (runWide.answers.judged) this.record.answers = runWide.answers;
    if (runWide.pgIds.length)
      this.record.pgIds = runWide.pgIds.map(({ digest, pgId }) => ({ digest, shown: shown(pgId) }));
    this.record.served = [...new Set(exchanges.filter((e) => e.operation && succeeded(e)).map((e) => e.operation!))];
    this.record.learnedLimits = learned;
    if (exchanges.length) this.record.coverage = tallyOf(exchanges);
    return violations;
  }

  /** The record as the one annotation the reporters read. */
  annotation(): Annotation {
    return recordAnnotation(this.record);
  }

  /** What was recorded so far (for the unit tests of what the fixtures hand the reporters). */
  get recorded(): Readonly<TestRecord> {
    return this.record;
  }
}

/**
 * Records each violation's finding and returns the error that fails the test, or undefined when there is
 * none: the one way a failed check reaches the reports.
 */
export function failureOf(recorder: TestRecorder, violations: readonly RuleViolation[]): Error | undefined {
  for (const v of violations) recorder.found(v.finding);
  if (violations.length <= 1) return violations[0];
  return new Error(violationWording.several(violations.map((v) => v.message)));
}
