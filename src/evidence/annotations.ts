import type { ObservationData } from '../checks/observation-data.js';
import { parseTally, type Tally } from '../coverage/coverage-tally.js';
import type { AnsweredPgId, RunWide } from '../checks/run-wide.js';
import { succeeded, type Exchange } from '../transport/exchange.js';
import { TargetMisconfiguredError } from '../transport/target-misconfigured.js';
import type { TargetUnavailableError } from '../transport/target-unavailable.js';

/**
 * What a test tells the reporters: Playwright's test annotations are the one channel from a worker to the
 * runner that survives blob reports and merging, so every record a report is built from travels as one, a
 * type and a text. Each type below owns its name, the annotation a test writes and what a reporter reads
 * back; no other module spells a type's name or parses a description.
 */
export type Annotation = { type: string; description?: string };
export type Written = { type: string; description: string };

export type AnnotationType<W, R> = {
  readonly type: string;
  /** The annotation a test pushes (testInfo.annotations, or a TestDetails' `annotation`). */
  write(value: W): Written;
  /** What the annotations of this type say, in order, those that do not parse left out. */
  read(annotations: readonly Annotation[]): R[];
  /** The first annotation of this type, as held (a test keeps some current in place). */
  find<A extends Annotation>(annotations: readonly A[]): A | undefined;
  /** Whether `annotations` already hold this one. */
  holds(annotations: readonly Annotation[], written: Written): boolean;
};

function annotationType<W, R = W>(
  type: string,
  describe: (value: W) => string,
  parse: (description: string) => R | undefined,
): AnnotationType<W, R> {
  return {
    type,
    write: (value) => ({ type, description: describe(value) }),
    read: (annotations) =>
      annotations.flatMap((a) => {
        if (a.type !== type) return [];
        const value = parse(a.description ?? '');
        return value === undefined ? [] : [value];
      }),
    find: (annotations) => annotations.find((a) => a.type === type),
    holds: (annotations, written) =>
      annotations.some((a) => a.type === written.type && a.description === written.description),
  };
}

const asText = (text: string) => text;

/** "RULE-1: text", as judged, not-exercised and observation annotations begin. */
const RULE_PREFIX = /^([A-Z]+-[0-9]+): ([\s\S]*)$/;

export type Judged = { ruleId: string; count: number; what: string };
export type NotExercised = { ruleId: string; reason: string };

export function judgedDescription(j: Judged): string {
  return `${j.ruleId}: ${j.count} ${j.what}`;
}

export function parseJudged(description: string): Judged | undefined {
  const m = RULE_PREFIX.exec(description);
  const counted = m ? /^([0-9]+) ([\s\S]+)$/.exec(m[2]!) : null;
  return m && counted ? { ruleId: m[1]!, count: Number(counted[1]), what: counted[2]! } : undefined;
}

export function parseNotExercised(description: string): NotExercised | undefined {
  const m = RULE_PREFIX.exec(description);
  return m ? { ruleId: m[1]!, reason: m[2]! } : undefined;
}

export type Observation = ObservationData & { ruleId: string; text: string };

/** An observation recorded without a kind (a bare sentence): compared by its sentence. */
export const UNCLASSIFIED = 'unclassified';

const KIND = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

export function checkKind(kind: string): void {
  if (!KIND.test(kind))
    throw new Error(`observation kind "${kind}" must be kebab-case, like http-status-of-auth-failure`);
}

/**
 * The sentence `RULE: text` on the first line (what Playwright's HTML report and the markdown show), then the
 * data as one line of JSON.
 */
export function observationDescription(ruleId: string, text: string, data?: ObservationData): string {
  const sentence = `${ruleId}: ${text.replace(/\s*\n\s*/g, ' ')}`;
  if (!data) return sentence;
  checkKind(data.kind);
  return `${sentence}\n${JSON.stringify({ kind: data.kind, subject: data.subject, value: data.value, count: data.count })}`;
}

export function parseObservation(description: string): Observation | undefined {
  const [sentence = '', json] = description.split('\n', 2);
  const match = /^([A-Z]+-[0-9]+): (.*)$/s.exec(sentence);
  if (!match) return undefined;
  const [, ruleId = '', text = ''] = match;
  if (json === undefined) return { ruleId, text, kind: UNCLASSIFIED, value: text };
  const data = JSON.parse(json) as ObservationData;
  return {
    ruleId,
    text,
    kind: data.kind,
    ...(data.subject === undefined ? {} : { subject: data.subject }),
    value: data.value,
    ...(data.count === undefined ? {} : { count: data.count }),
  };
}

/**
 * A check that failed, as data from the check to the report: the rule, the operations its exchanges were sent
 * to, what was expected and found, each exchange as a failure shows it (redacted) and the line that
 * reproduces it. The Error a test throws beside it is for people; no code reads that back.
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

function parseFinding(description: string): Finding | undefined {
  try {
    const f = JSON.parse(description) as Partial<Finding>;
    return typeof f.ruleId === 'string' ? (f as Finding) : undefined;
  } catch {
    return undefined;
  }
}

/** A learned limit: requests a second in a scope (a family, or the whole target). */
export type LearnedLimit = { scope: string; perSecond: number };

function parseLimits(description: string): LearnedLimit[] | undefined {
  try {
    const limits = JSON.parse(description) as unknown;
    if (!Array.isArray(limits)) return undefined;
    return limits.filter(
      (l): l is LearnedLimit =>
        typeof l === 'object' && l !== null && typeof l.scope === 'string' && typeof l.perSecond === 'number',
    );
  } catch {
    return undefined;
  }
}
type RateLimited = { answers: number; waitedMs: number; learned?: readonly LearnedLimit[] };

/** How the report names a scope's learned limit: the family's path, or the target. */
export const scopeName = (scope: string) => (scope === 'target' ? 'the whole target' : `/${scope}/`);

/** Tenths of a second, as the rate-limit annotation and the out-of-time message say them. */
export const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** The valid and judged answers of a test, as `valid/judged`. */
type AnswerCount = { valid: number; judged: number };

/** `[[digest, shown], …]`: a pg_id is the gateway's text, so any character may stand in it. */
function parsePgIds(description: string): AnsweredPgId[] | undefined {
  try {
    const pairs: unknown = JSON.parse(description);
    if (!Array.isArray(pairs)) return undefined;
    const valid = pairs.every(
      (p) => Array.isArray(p) && p.length === 2 && typeof p[0] === 'string' && typeof p[1] === 'string',
    );
    return valid ? (pairs as [string, string][]).map(([digest, shown]) => ({ digest, shown })) : undefined;
  } catch {
    return undefined;
  }
}

/** The longest pg_id a report shows whole: an example, not evidence. */
const SHOWN_PG_ID = 40;

function parseAnswers(description: string): AnswerCount {
  const [valid, judged] = description.split('/').map(Number);
  return { valid: valid ?? 0, judged: judged ?? 0 };
}

export const annotation = {
  /** A rule the test checks: written by `rules()` and by the answer checks that judged one. */
  rule: annotationType<string>('rule', asText, asText),
  /** The test stores or changes data on the target (skipped unless PG_ALLOW_WRITES=1 in production). */
  writes: annotationType<void, string>('writes', () => 'stores or changes data on the target', asText),
  /** Playwright's own: why the test was skipped. */
  skip: annotationType<string>('skip', asText, asText),
  /** What the gateway did where the document leaves the behaviour open (drift compares their values). */
  observation: annotationType<{ ruleId: string; text: string; data?: ObservationData }, Observation>(
    'observation',
    (o) => observationDescription(o.ruleId, o.text, o.data),
    parseObservation,
  ),
  /**
   * "Passed means exercised": how many things a check judged ("VAULT-7: 212 card numbers in 25 records", the
   * noun always plural so counts can be summed).
   */
  judged: annotationType<Judged>('judged', judgedDescription, parseJudged),
  /** Why a check judged nothing ("VAULT-7: the vault holds no billing cards (…)"). */
  notExercised: annotationType<NotExercised>('not-exercised', (n) => `${n.ruleId}: ${n.reason}`, parseNotExercised),
  /** An operation the test had served (answered with its family's success indicator). */
  served: annotationType<string>('served', asText, asText),
  /**
   * A configuration problem a check found during the run (a PG_WEBHOOK_ID the target does not know): the
   * run's verdict is CONFIGURATION ERROR (exit 2) unless a rule failed.
   */
  configuration: annotationType<string>('configuration', asText, asText),
  /** A check that failed: written before the test fails, read by the reporters in place of its message. */
  finding: annotationType<Finding>('finding', (f) => JSON.stringify(f), parseFinding),
  /**
   * Infrastructure stopped the test (no answer, 429s past the budget, a 5xx without the family's scheme):
   * what happened, in one sentence; nothing was judged.
   */
  unavailable: annotationType<string>('target-unavailable', asText, asText),
  /** A setup mistake met in an exchange (who-answered.ts) stopped the test: the sentence naming the variable. */
  misconfigured: annotationType<string>('misconfigured', asText, asText),
  /** What the test's exchanges covered of the document's surface (names and counts, never a value). */
  coverage: annotationType<Tally>('coverage', (tally) => JSON.stringify(tally), parseTally),
  /** The new cards the test got, as short digests (TOK-1 across the run). */
  runNewCards: annotationType<readonly string[], string[]>(
    'run-new-cards',
    (digests) => digests.join(','),
    (text) => text.split(','),
  ),
  /** How many of the test's answers were held to the spec's schemas, and how many of those held (ERR-5). */
  runAnswers: annotationType<AnswerCount>('run-answers', (a) => `${a.valid}/${a.judged}`, parseAnswers),
  /** The pg_id of each successful tokenize request of the test, as a digest and as shown (TOK-1's observation). */
  runPgIds: annotationType<readonly AnsweredPgId[], AnsweredPgId[]>(
    'run-pg-ids',
    (ids) => JSON.stringify(ids.map((i) => [i.digest, i.shown])),
    parsePgIds,
  ),
  /** The 429s the test's client met and the time it waited them out. */
  rateLimited: annotationType<RateLimited, string>(
    'rate-limited',
    ({ answers, waitedMs, learned }) =>
      `${answers} answer${answers > 1 ? 's' : ''} HTTP 429, ${seconds(waitedMs)} waited` +
      (learned?.length
        ? `; limit learned: ${learned.map((l) => `${scopeName(l.scope)} ${l.perSecond} requests a second`).join(', ')}`
        : ''),
    asText,
  ),
  /** The limits the worker's pacer had learned by the test's end, by scope (the report's rate limits). */
  learnedLimits: annotationType<readonly LearnedLimit[], LearnedLimit[]>(
    'learned-limits',
    (l) => JSON.stringify(l),
    parseLimits,
  ),
  /** How many inputs a property judged, and the seed that replays them. */
  generatedInputs: annotationType<{ name: string; runs: number; replay: string }, string>(
    'generated-inputs',
    (g) => `${g.name}: ${g.runs} generated inputs (${g.replay})`,
    asText,
  ),
  /** A failed property's shrunk input. */
  counterExample: annotationType<{ name: string; lines: readonly string[] }, string>(
    'counter-example',
    (c) => `${c.name}: ${c.lines.join('; ')}`,
    asText,
  ),
};

/**
 * A test's records for the run-wide rules: none for what it did not do. A pg_id is not a secret, but it is
 * the gateway's text: `redact` takes out what the suite redacts wherever it writes (a pg_id of digits that
 * reads as a card number), and a long one is cut.
 */
export function runWideAnnotations(r: RunWide, redact: (text: string) => string): Written[] {
  const shown = (pgId: string) => {
    const text = redact(pgId);
    return text.length > SHOWN_PG_ID ? `${text.slice(0, SHOWN_PG_ID)}…` : text;
  };
  return [
    ...(r.newCards.length ? [annotation.runNewCards.write(r.newCards)] : []),
    ...(r.answers.judged ? [annotation.runAnswers.write(r.answers)] : []),
    ...(r.pgIds.length
      ? [annotation.runPgIds.write(r.pgIds.map(({ digest, pgId }) => ({ digest, shown: shown(pgId) })))]
      : []),
  ];
}

/** One annotation per operation a test's exchanges had served (the family's success indicator). */
export function servedAnnotations(exchanges: readonly Exchange[]): Written[] {
  const served = new Set(exchanges.filter((e) => e.operation && succeeded(e)).map((e) => e.operation!));
  return [...served].map((op) => annotation.served.write(op));
}

/** Why a client stopped a test, as the annotation the reporters read its class from. */
export function stoppedAnnotation(stopped: TargetUnavailableError | TargetMisconfiguredError): Written {
  return stopped instanceof TargetMisconfiguredError
    ? annotation.misconfigured.write(stopped.problem)
    : annotation.unavailable.write(stopped.what);
}
