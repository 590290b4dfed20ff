import { createHash } from 'node:crypto';
import { gatewayFindings } from './registry.js';
import type { SideFindings } from './tally.js';
import { bodyField, succeeded, type Exchange } from '../transport/exchange.js';

/**
 * The rules that span the whole run, judged once at its end from what every test recorded (the
 * `run-new-cards` and `run-answers` annotations, `runWideOf` below): no two new cards share a card_id
 * (TOK-1), every answer validates (ERR-5). Only a rule that had something to judge is returned.
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
};

/** What each test recorded: the digests of its new cards, and its answers held to a schema and valid. */
export type RunWideRecords = {
  newCards: readonly (readonly string[])[];
  answers: readonly { valid: number; judged: number }[];
};

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
    },
    {
      ruleId: 'ERR-5',
      title: `${err5} (${judged} answers from ${records.answers.length} tests)`,
      expected: err5,
      count: judged,
      what: 'answers across the run',
      found: invalid ? `${invalid} of ${judged} answers did not validate` : undefined,
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
 * the new cards it got (TOK-1) and how many of its answers were held to the spec's schemas (ERR-5).
 * Card IDs travel as short digests: the reports never need the IDs, only whether two are equal.
 */
export type RunWide = { newCards: string[]; answers: { valid: number; judged: number } };

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
  return { newCards: cards, answers: { valid: judged - invalid, judged } };
}
