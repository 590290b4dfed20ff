import type { ObservationData } from '../checks/observation-data.js';
import type { AnsweredPgId } from '../checks/run-wide.js';
import type { Tally } from '../coverage/coverage-tally.js';

/**
 * What a test tells the reporters. Playwright's test annotations are the one channel from a worker to the
 * runner that survives blob reports and merging, so a test's whole record travels as one annotation, its
 * JSON (test-recorder.ts writes it once, at the test's end); the reporters read it as it is. Besides it,
 * only what is declared with a test before it runs: the rules it checks and whether it writes.
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
 * it, all redacted where it was made (rule-violation.ts). The Error a test throws beside it is for people;
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

export const recordAnnotation = (record: TestRecord): Annotation => ({
  type: RECORD,
  description: JSON.stringify(record),
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
