import { createHash } from 'node:crypto';
import type { ObservationData } from './observation-data.js';
import { gatewayFindings } from './registry.js';
import type { SideFindings } from './tally.js';
import { bodyField, succeeded, type Exchange } from '../transport/exchange.js';

/**
 * The rules that span the whole run, judged once at its end from what every test recorded (the
 * `run-new-cards`, `run-answers` and `run-pg-ids` annotations, `runWideOf` below): no two new cards share a
 * card_id (TOK-1), every answer validates (ERR-5). Only a rule that had something to judge is returned, with
 * what the run showed across its tests where the document leaves the behaviour open (a pg_id answered to
 * more than one request, under TOK-1).
 */
export type RunWideJudgement = {
  ruleId: string;
  /** What the rule requires across the run, with the figures it was judged on. */
  title: string;
  /** The same requirement without the figures: the finding's Expected. */
  expected: string;
  count: number;
  what: string;
  /** What was found, when the rule failed. */
  found?: string;
  /** What the run showed where the document leaves the behaviour open: never a failure. */
  observations: RunWideObservation[];
};

/** An observation of the whole run: its data, as a test's observation carries it, and its sentence. */
export type RunWideObservation = ObservationData & { text: string };

/** A successful tokenize answer's pg_id, as a test records it: a digest to compare, the form a report may show. */
export type AnsweredPgId = { digest: string; shown: string };

/**
 * What each test recorded: the digests of its new cards, its answers held to a schema and valid, and the
 * pg_id of each of its successful tokenize requests (one entry per request, see runWideOf).
 */
export type RunWideRecords = {
  newCards: readonly (readonly string[])[];
  answers: readonly { valid: number; judged: number }[];
  pgIds: readonly (readonly AnsweredPgId[])[];
};

/** How many repeated pg_ids the sentence names; it says how many there were in all. */
const PG_ID_EXAMPLES = 3;

/**
 * Section 2.2 calls pg_id the identifier of the gateway transaction and says nothing of its uniqueness, so
 * distinct requests answered with one pg_id are observed, never failed. The value says only whether every
 * tokenization shared one pg_id or some did: how many did grows with the run (generated inputs, workers),
 * so it is the observation's count, which a baseline does not compare.
 */
export function repeatedPgIds(pgIds: RunWideRecords['pgIds']): RunWideObservation | undefined {
  const byDigest = new Map<string, { shown: string; requests: number }>();
  for (const test of pgIds)
    for (const { digest, shown } of test) {
      const seen = byDigest.get(digest);
      if (seen) seen.requests++;
      else byDigest.set(digest, { shown, requests: 1 });
    }
  const repeated = [...byDigest.values()].filter((p) => p.requests > 1);
  if (!repeated.length) return undefined;
  const requests = [...byDigest.values()].reduce((n, p) => n + p.requests, 0);
  const count = repeated.reduce((n, p) => n + p.requests, 0);
  const examples = repeated
    // Code point order, not a locale's: shards merged on other machines name the same examples.
    .sort((a, b) => b.requests - a.requests || (a.shown < b.shown ? -1 : a.shown > b.shown ? 1 : 0))
    .slice(0, PG_ID_EXAMPLES)
    .map((p) => `${p.shown} to ${p.requests}`);
  const more = repeated.length > PG_ID_EXAMPLES ? ', …' : '';
  const ids = `${repeated.length} pg_id${repeated.length === 1 ? '' : 's'}`;
  return {
    kind: 'repeated-pg-id',
    subject: 'tokenize',
    value: byDigest.size === 1 ? 'one pg_id for every tokenization' : 'some pg_ids for more than one tokenization',
    count,
    text:
      `${count} of ${requests} successful tokenize requests were answered with a pg_id another of them got too ` +
      `(${ids}, e.g. ${examples.join(', ')}${more}); each request counts once, however often the client resent ` +
      `it, and section 2.2 leaves pg_id's uniqueness unstated`,
  };
}

export function runWideJudgements(records: RunWideRecords): RunWideJudgement[] {
  const cards = new Map<string, number>();
  for (const test of records.newCards) for (const id of test) cards.set(id, (cards.get(id) ?? 0) + 1);
  const total = [...cards.values()].reduce((a, b) => a + b, 0);
  const shared = [...cards.values()].filter((n) => n > 1).length;
  const judged = records.answers.reduce((n, a) => n + a.judged, 0);
  const invalid = judged - records.answers.reduce((n, a) => n + a.valid, 0);
  const tok1 = 'no two new cards of the run share a card_id';
  const err5 = 'every answer of the run validates against spec/openapi.yaml';
  const all: RunWideJudgement[] = [
    {
      ruleId: 'TOK-1',
      title: `${tok1} (${total} new cards from ${records.newCards.length} tests)`,
      expected: tok1,
      count: total,
      what: 'new cards across the run',
      found: shared ? `${shared} card_id(s) were returned for more than one new card in this run` : undefined,
      // An update's card was stored by a new-card request of the run, so pg_ids come with TOK-1's record.
      observations: [repeatedPgIds(records.pgIds)].filter((o) => o !== undefined),
    },
    {
      ruleId: 'ERR-5',
      title: `${err5} (${judged} answers from ${records.answers.length} tests)`,
      expected: err5,
      count: judged,
      what: 'answers across the run',
      found: invalid ? `${invalid} of ${judged} answers did not validate` : undefined,
      observations: [],
    },
  ];
  return all.filter((j) => j.count > 0);
}

const digest = (id: string) => createHash('sha256').update(id).digest('hex').slice(0, 16);

function isNewCardRequest(exchange: Exchange): boolean {
  const body = exchange.request.body;
  return (
    exchange.operation === 'tokenize' &&
    !!body &&
    typeof body === 'object' &&
    (body as Record<string, unknown>).card_id === undefined
  );
}

/**
 * What a test records for the rules that span the whole run (judged once, at the end, by the reporter):
 * the new cards it got (TOK-1), how many of its answers were held to the spec's schemas (ERR-5), and the
 * pg_id of each successful tokenize request with its digest (TOK-1's observation). Card IDs travel as short
 * digests: the reports never need the IDs, only whether two are equal. A pg_id is shown as an example, so
 * it is redacted where it leaves the worker (annotations.ts's runWideAnnotations).
 */
export type RunWide = {
  newCards: string[];
  answers: { valid: number; judged: number };
  pgIds: { digest: string; pgId: string }[];
};

/**
 * `findingsOf` is the caller's `gatewayFindings` of each exchange when it has judged them already: a
 * vault walk's pages are large, and judging each answer twice was a tenth of a worker's time.
 */
export function runWideOf(
  exchanges: readonly Exchange[],
  findingsOf: (exchange: Exchange) => SideFindings = gatewayFindings,
): RunWide {
  const cards = exchanges
    .filter((e) => isNewCardRequest(e) && succeeded(e))
    .map((e) => bodyField(e, 'card_id'))
    .filter((id): id is string => typeof id === 'string' && id !== '')
    .map(digest);
  let judged = 0;
  let invalid = 0;
  for (const e of exchanges.filter((x) => x.operation)) {
    const { checked, findings } = findingsOf(e);
    if (!checked.includes('ERR-5')) continue;
    judged++;
    if (findings.some((f) => f.ruleId === 'ERR-5')) invalid++;
  }
  return { newCards: cards, answers: { valid: judged - invalid, judged }, pgIds: answeredPgIds(exchanges) };
}

/**
 * One entry per successful tokenize request: an Exchange is one request as the test sent it, and the
 * client's resends of it after infrastructure trouble (gateway-client.ts's sendWithRetries) stay inside it,
 * only the answer it kept recorded. So a gateway answering a resend with the pg_id of an attempt that was
 * processed but never answered is not taken for two requests sharing one.
 */
function answeredPgIds(exchanges: readonly Exchange[]): RunWide['pgIds'] {
  return exchanges
    .filter((e) => e.operation === 'tokenize' && succeeded(e))
    .map((e) => bodyField(e, 'pg_id'))
    .filter((id): id is string => typeof id === 'string' && id !== '')
    .map((pgId) => ({ digest: digest(pgId), pgId }));
}
