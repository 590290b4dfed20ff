import { ruleById, type Rule } from '../catalogue/rules.js';
import { operationOf } from '../catalogue/spec.js';
import type { ObservationData } from '../checks/observation-data.js';
import { gatewayFindings } from '../checks/registry.js';
import { runWideOf, type AnsweredPgId } from '../checks/run-wide.js';
import type { SideFindings } from '../checks/tally.js';
import { tallyOf, type Tally } from '../coverage/coverage-tally.js';
import { succeeded, type Exchange } from '../transport/exchange.js';
import { TargetMisconfiguredError } from '../transport/target-misconfigured.js';
import type { TargetUnavailableError } from '../transport/target-unavailable.js';
import { exchangeShown } from './describe-exchange.js';
import type { Redactor } from './redact.js';
import { reproduceWithCurl } from './reproduce-line.js';

/**
 * A test's record: what it found, observed and judged, kept while it runs by its TestRecorder (below) and
 * written once, at its end. Playwright's test annotations are the one channel from a worker to the runner
 * that survives blob reports and merging, so the whole record travels as one annotation, its JSON; the
 * reporters read it as it is. Besides it, only what is declared with a test before it runs: the rules it
 * checks and whether it writes.
 */
export type Annotation = { type: string; description?: string };

const RULE = 'rule';
const WRITES = 'writes';
const RECORD = 'conformance-record';

/** A rule the test checks, declared by `rules()`. */
export const ruleAnnotation = (ruleId: string): Annotation => ({ type: RULE, description: ruleId });
/** The test stores or changes data on the target (skipped unless PG_ALLOW_WRITES=1 in production). */
export const WRITES_ANNOTATION: Annotation = { type: WRITES, description: 'stores or changes data on the target' };

export const declaredRules = (annotations: readonly Annotation[]): string[] =>
  annotations.filter((a) => a.type === RULE).map((a) => a.description ?? '');
export const declaresWrites = (annotations: readonly Annotation[]): boolean =>
  annotations.some((a) => a.type === WRITES);
/** Playwright's own annotation: why the test was skipped. */
export const skipReasonOf = (annotations: readonly Annotation[]): string | undefined =>
  annotations.find((a) => a.type === 'skip')?.description;

/** "Passed means exercised": how many things a check judged, `what` a plural noun phrase ("card numbers in 25 records"). */
export type Judged = { ruleId: string; count: number; what: string };
/** Why a check judged nothing, and what would make it exercisable. */
export type NotExercised = { ruleId: string; reason: string };
/** What the gateway did where the document leaves the behaviour open (drift compares their values). */
export type Observation = ObservationData & { ruleId: string; text: string };

/** An observation recorded without a kind (a bare sentence): compared by its sentence. */
export const UNCLASSIFIED = 'unclassified';

/**
 * A check that failed, as data from the check to every report: the rule, the operations its exchanges were
 * sent to, what was expected and found, each exchange as a failure shows it and the line that reproduces
 * it, all redacted where it was made (RuleViolation, below). The Error a test throws beside it is for people;
 * no code reads that back.
 */
export type Finding = {
  ruleId: string;
  operations: string[];
  expected: string;
  found: string;
  /** Each exchange as "Sent: … Received: …", redacted, without its reproduce line. */
  exchanges: string[];
  /** One curl line per exchange, keys as $PG_API_KEY / $PG_VENDOR_API_KEY. */
  reproduce: string[];
};

/** A learned limit: requests a second in a scope (a family, or the whole target). */
export type LearnedLimit = { scope: string; perSecond: number };

/** How the report names a scope's learned limit: the family's path, or the target. */
export const scopeName = (scope: string) => (scope === 'target' ? 'the whole target' : `/${scope}/`);

/** Tenths of a second, as the rate-limit record and the out-of-time message say them. */
export const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/**
 * Everything one test recorded, as the reporters read it. Run-wide figures (TOK-1, ERR-5) are present only
 * for what the test did: a test without new cards has no `newCards`.
 */
export type TestRecord = {
  /** Rules its answers were held to by the registry's single-exchange checks, besides those it declares. */
  checked: string[];
  /** Its failed checks; the reporter reads them only when the test failed. */
  findings: Finding[];
  observations: Observation[];
  judged: Judged[];
  notExercised: NotExercised[];
  /** Operations it had served (answered with the family's success indicator, see exercised.ts). */
  served: string[];
  /** Configuration problems it found (a PG_WEBHOOK_ID the target does not know): CONFIGURATION ERROR. */
  configuration: string[];
  /** A setup mistake met in an exchange (who-answered.ts) that stopped it: the sentence naming the variable. */
  misconfigured?: string;
  /** Infrastructure that stopped it (no answer, 429s past the budget, a 5xx without the family's scheme). */
  unavailable?: string;
  /** The 429s its client met and the time it waited them out, in words. */
  rateLimited?: string;
  /** The limits its worker's pacer had learned by its end, by scope (the report's rate limits). */
  learnedLimits: LearnedLimit[];
  /** What its exchanges covered of the document's surface (names and counts, never a value). */
  coverage?: Tally;
  /** Its new cards, as short digests (TOK-1 across the run). */
  newCards?: string[];
  /** How many of its answers were held to the spec's schemas, and how many of those held (ERR-5). */
  answers?: { valid: number; judged: number };
  /** The pg_id of each of its successful tokenize requests, as a digest and as shown (TOK-1's observation). */
  pgIds?: AnsweredPgId[];
  /** Each property's inputs judged and the seed that replays them: "TOK-8 masking: 25 generated inputs (PG_SEED=…)". */
  generated: string[];
  /** A failed property's shrunk input. */
  counterExamples: string[];
};

export const emptyRecord = (): TestRecord => ({
  checked: [],
  findings: [],
  observations: [],
  judged: [],
  notExercised: [],
  served: [],
  configuration: [],
  learnedLimits: [],
  generated: [],
  counterExamples: [],
});

/** A test's record; empty for a test that wrote none (skipped before its fixtures, or stopped with its worker). */
export function recordOf(annotations: readonly Annotation[]): TestRecord {
  const written = annotations.find((a) => a.type === RECORD);
  return written
    ? { ...emptyRecord(), ...(JSON.parse(written.description ?? '{}') as Partial<TestRecord>) }
    : emptyRecord();
}

/** Observations with the same key are one behaviour; their values are compared between runs. */
export function observationKey(o: { ruleId: string; kind: string; subject?: string }): string {
  return [o.ruleId, o.kind, o.subject ?? ''].join('\u0000');
}

/**
 * The words of a failed check's message, for people reading a test's error: no code reads them back (the
 * reports are written from the finding), so a unit test rewrites every one and requires the same reports.
 */
export const violationWording = {
  message: (rule: Rule, f: Finding): string =>
    [
      `[${rule.id}] ${rule.rule}`,
      `  (section ${rule.section}: "${rule.source}")`,
      `Expected: ${f.expected}`,
      `Found: ${f.found}`,
      ...f.exchanges.map((shown, i) => `${shown}\nReproduce with: ${f.reproduce[i]}`),
    ].join('\n'),
  /** One test's several failed checks, as one error. */
  several: (messages: readonly string[]): string => messages.join('\n\n'),
};

function operationsOf(exchanges: readonly Exchange[]): string[] {
  const found = exchanges.flatMap((e) => {
    let path: string;
    try {
      path = new URL(e.request.url).pathname;
    } catch {
      path = e.request.url.split('?')[0]!;
    }
    return operationOf(e.request.method, path) ?? [];
  });
  return [...new Set(found)];
}

/** A failed check: which rule, what it expected, what was seen, and the (redacted) exchanges behind it. */
export class RuleViolation extends Error {
  readonly finding: Finding;

  constructor(ruleId: string, problems: string[], expected: string, exchanges: Exchange[], redactor: Redactor) {
    const rule = ruleById(ruleId);
    const finding: Finding = {
      ruleId,
      operations: operationsOf(exchanges),
      expected: redactor.text(expected),
      found: problems
        .map((p) => redactor.text(p))
        .join('; ')
        .trimEnd(),
      exchanges: exchanges.map((e) => exchangeShown(e, redactor)),
      reproduce: exchanges.map((e) => reproduceWithCurl(e, redactor)),
    };
    super(violationWording.message(rule, finding));
    this.name = 'RuleViolation';
    this.finding = finding;
  }
}

const KIND = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

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
    if (data && !KIND.test(data.kind))
      throw new Error(`observation kind "${data.kind}" must be kebab-case, like http-status-of-auth-failure`);
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
    const shown = this.redactor.text(problem);
    if (!this.record.configuration.includes(shown)) this.record.configuration.push(shown);
  }

  /** Why a client stopped the test: the class travels as data, the error's message is for people; redacted like every text. */
  stopped(stopped: TargetUnavailableError | TargetMisconfiguredError): void {
    if (stopped instanceof TargetMisconfiguredError) this.record.misconfigured ??= this.redactor.text(stopped.problem);
    else this.record.unavailable ??= this.redactor.text(stopped.what);
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
    return { type: RECORD, description: JSON.stringify(this.record) };
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
