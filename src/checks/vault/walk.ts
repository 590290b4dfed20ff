import { bodyField, succeeded, type Exchange } from '../../transport/exchange.js';
import type { GatewayClient } from '../../transport/gateway-client.js';
import type { Customer } from '../../catalogue/types.js';
import { described } from '../compared-answers.js';
import { customerIds, type Unjudged } from './collation.js';
import { MAX_PAGES, SAMPLE_HEAD, pagesToWalk, sampleSeed } from './page-sample.js';
import { sameVault, STILL_ATTEMPTS } from './same-vault.js';

/**
 * The listing's query as section 4.2 uses it: every parameter sent, sorted on customer_id descending (the
 * values the document shows), because the defaults and the other allowed values are not shown.
 */
export function listingQuery(merchantId: string, count: number, page = 0): Record<string, string | number> {
  return { count, page, order_on: 'customer_id', order_by: 'desc', merchant_id: merchantId };
}

export type Walk = {
  pages: Exchange[];
  /** The page index of each of `pages`: 0, 1, 2, … on a whole walk, the sample's pages on a sampled one. */
  pageNumbers: number[];
  records: Customer[];
  totalRecords: number;
  totalPages: number;
  /** Every page 0 … totalPages-1 was asked for (not a sample). */
  complete: boolean;
  /** Set when a page did not see the vault page 0 saw (sameVault: other users of a shared sandbox): where and what. */
  moved?: string;
  /** Walks made, the last one returned. */
  attempts: number;
};

/** What a walk reads the vault through: the listing operation, and how many pages it may ask for at once. */
export type Listing = Pick<GatewayClient, 'listCustomers' | 'lanes'>;

export function recordsOf(page: Exchange): Customer[] {
  const data = bodyField(page, 'data');
  return Array.isArray(data) ? (data as Customer[]) : [];
}

/** Each page of a valid listing, asked for by its index (`pageNumbers`), answers code 0: those that did not. */
export function unservedPageProblems(pages: readonly Exchange[], pageNumbers: readonly number[]): string[] {
  return pages.flatMap((p, i) => (succeeded(p) ? [] : [`page ${pageNumbers[i]} answered ${described(p)}, not code 0`]));
}

/**
 * Walks the pages totalPages of page 0 says there are (pagesToWalk: all, or a sample of a large vault),
 * stopping at the first failed page. Pages are independent reads once page 0 has told how many there are,
 * so the rest are fetched as many at a time as the worker may have in flight (PG_IN_FLIGHT: on a 150 ms
 * link a 25-page walk takes a round trip or two instead of 25); the walk keeps them in page order and ends at
 * the first one that failed. A page that did not see the vault page 0 saw (sameVault) shows the vault moved
 * during the walk (`moved`).
 */
export async function walkPages(gateway: Listing, query: Record<string, string | number>): Promise<Walk> {
  const first = await gateway.listCustomers({ ...query, page: 0 });
  const totalPages = Number(bodyField(first, 'totalPages'));
  const totalRecords = Number(bodyField(first, 'totalRecords'));
  const numbers = succeeded(first) ? pagesToWalk(totalPages, sampleSeed(Number(query.count))) : [0];
  const later = numbers.length > 1 ? await laterPages(gateway, query, numbers.slice(1)) : [];
  const pages = [first, ...later];
  const pageNumbers = numbers.slice(0, pages.length);
  let moved: string | undefined;
  for (let at = 1; at < pages.length && !moved; at++) {
    const seen = sameVault(first, pages[at]!);
    if (!seen.same) moved = `pages 0 and ${pageNumbers[at]}: ${seen.change}`;
  }
  return {
    pages,
    pageNumbers,
    records: pages.flatMap(recordsOf),
    totalRecords,
    totalPages,
    complete: totalPages <= MAX_PAGES,
    moved,
    attempts: 1,
  };
}

/** The given pages, in order, up to and including the first failed one; none is asked for after a failure is seen. */
async function laterPages(
  gateway: Listing,
  query: Record<string, string | number>,
  numbers: number[],
): Promise<Exchange[]> {
  const answers: Exchange[] = [];
  let next = 0;
  let failedAt = Infinity;
  const fetcher = async () => {
    for (let i = next++; i < numbers.length && i < failedAt; i = next++) {
      const answer = await gateway.listCustomers({ ...query, page: numbers[i]! });
      answers[i] = answer;
      if (!succeeded(answer)) failedAt = Math.min(failedAt, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(gateway.lanes, numbers.length) }, fetcher));
  return answers.slice(0, Math.min(failedAt + 1, numbers.length));
}

const idsOf = (page: Exchange) =>
  recordsOf(page)
    .map((r) => String(r.customer_id))
    .join(',');

/**
 * A walk of one state of the vault: a shared sandbox's vault may change while it is walked, which is no
 * contract violation. A walk with a page that did not see page 0's vault (sameVault), or whose page 0 reads
 * differently afterwards (other totals, or other customers under the same totals: one added and one
 * removed), is made again, up to STILL_ATTEMPTS times; the last walk says `moved` if the vault never held
 * still.
 */
export async function walkSnapshot(gateway: Listing, query: Record<string, string | number>): Promise<Walk> {
  let walk: Walk | undefined;
  for (let attempt = 1; attempt <= STILL_ATTEMPTS; attempt++) {
    walk = { ...(await walkPages(gateway, query)), attempts: attempt };
    const first = walk.pages[0]!;
    if (!walk.moved && walk.pages.length > 1 && succeeded(first)) {
      const again = await gateway.listCustomers({ ...query, page: 0 });
      const seen = sameVault(first, again);
      if (!seen.same) walk.moved = `page 0 read again after the walk: ${seen.change}`;
      else if (succeeded(again) && idsOf(again) !== idsOf(first))
        walk.moved = 'page 0 read again after the walk held other customers';
    }
    if (!walk.moved) return walk;
  }
  return walk!;
}

/**
 * VAULT-5 over pages: their customer IDs in listing order, and the positions whose pair with the record
 * before straddles two pages that did not see the same vault (sameVault), with what changed there ("pages 6
 * and 7: 32 → 34 records"). Such a pair is not judged: records another tester's customer moved down a place
 * or two read as ascending across the pages. `pageNumbers` names the pages.
 */
export function listingOrder(
  pages: readonly Exchange[],
  pageNumbers: readonly number[],
): { ids: string[]; unjudged: Unjudged; changes: string[] } {
  const ids: string[] = [];
  const unjudged = new Set<number>();
  const changes: string[] = [];
  let before: number | undefined;
  pages.forEach((page, at) => {
    const own = customerIds(recordsOf(page));
    if (!own.length) return;
    if (before !== undefined) {
      const seen = sameVault(pages[before]!, page);
      if (!seen.same) {
        unjudged.add(ids.length);
        changes.push(`pages ${pageNumbers[before]} and ${pageNumbers[at]}: ${seen.change}`);
      }
    }
    ids.push(...own);
    before = at;
  });
  return { ids, unjudged, changes };
}

/** How much of the vault a sampled walk judged, in words: "12 of 5000 pages (12 of 5000 records) at count=1, …". */
export function sampledWalk(walk: Walk, count: number): string {
  return (
    `${walk.pages.length} of ${walk.totalPages} pages (${walk.records.length} of ${walk.totalRecords} records) judged at count=${count}: ` +
    `the first ${SAMPLE_HEAD}, the last and ${Math.max(0, walk.pages.length - SAMPLE_HEAD - 1)} drawn between from the run's seed (PG_SEED)`
  );
}
