import { bodyField, succeeded, type Exchange } from '../src/contract/exchange.js';
import type { GatewayClient } from '../src/contract/gateway-client.js';
import type { Customer } from '../src/contract/types.js';

/**
 * The listing's query as section 4.2 uses it: every parameter sent, sorted on customer_id descending (the
 * values the document shows), because the defaults and the other allowed values are not shown.
 */
export function listingQuery(merchantId: string, count: number, page = 0): Record<string, string | number> {
  return { count, page, order_on: 'customer_id', order_by: 'desc', merchant_id: merchantId };
}

/** Pages walked at most in one walk: bounded so a large sandbox vault cannot make a run unbounded. */
export const MAX_PAGES = 60;

export type Walk = { pages: Exchange[]; records: Customer[]; totalRecords: number; totalPages: number; complete: boolean };

export function recordsOf(page: Exchange): Customer[] {
  const data = bodyField(page, 'data');
  return Array.isArray(data) ? (data as Customer[]) : [];
}

/**
 * Pages asked for at once after page 0: on a 150 ms link a 25-page walk takes two round trips instead of
 * 25; few enough that a burst stays small for a rate-limited sandbox (PG_MAX_RPS paces them anyway).
 */
export const PAGES_IN_FLIGHT = 8;

/**
 * Walks pages 0, 1, … as totalPages of page 0 says, stopping at the first failed page. Pages are
 * independent reads once page 0 has told how many there are, so the rest are fetched PAGES_IN_FLIGHT at
 * a time; the walk keeps them in page order and ends at the first one that failed.
 */
export async function walkPages(gateway: GatewayClient, query: Record<string, string | number>): Promise<Walk> {
  const first = await gateway.listCustomers({ ...query, page: 0 });
  const totalPages = Number(bodyField(first, 'totalPages'));
  const totalRecords = Number(bodyField(first, 'totalRecords'));
  const pages = [first];
  if (succeeded(first) && totalPages > 1) pages.push(...(await laterPages(gateway, query, Math.min(totalPages, MAX_PAGES))));
  return { pages, records: pages.flatMap(recordsOf), totalRecords, totalPages, complete: totalPages <= MAX_PAGES };
}

/** Pages 1 … end-1, in order, up to and including the first failed one; none is asked for after a failure is seen. */
async function laterPages(gateway: GatewayClient, query: Record<string, string | number>, end: number): Promise<Exchange[]> {
  const answers: Exchange[] = [];
  let next = 1;
  let failedAt = Infinity;
  const fetcher = async () => {
    for (let page = next++; page < end && page < failedAt; page = next++) {
      const answer = await gateway.listCustomers({ ...query, page });
      answers[page - 1] = answer;
      if (!succeeded(answer)) failedAt = Math.min(failedAt, page);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PAGES_IN_FLIGHT, end - 1) }, fetcher));
  return answers.slice(0, Math.min(failedAt, end - 1));
}

const ORDERINGS: { name: string; key: (id: string) => string | number }[] = [
  { name: 'code-point', key: (id) => id },
  { name: 'case-insensitive', key: (id) => id.toLowerCase() },
  { name: 'numeric', key: (id) => (/^-?[0-9]+$/.test(id) ? Number(id) : NaN) },
];

/** Which readings of "descending customer_id" the sequence satisfies (the collation is not shown). */
export function descendingUnder(ids: string[]): string[] {
  return ORDERINGS.filter(({ key }) => ids.every((id, i) => {
    if (i === 0) return true;
    const a = key(ids[i - 1]!);
    const b = key(id);
    return !(typeof a === 'number' && Number.isNaN(a)) && !(typeof b === 'number' && Number.isNaN(b)) && a >= b;
  })).map((o) => o.name);
}
