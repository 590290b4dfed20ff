import { createHash } from 'node:crypto';
import { gatewayFindings, type SideFindings } from '../checks/registry.js';
import { bodyField, succeeded, type Exchange } from '../transport/exchange.js';

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
