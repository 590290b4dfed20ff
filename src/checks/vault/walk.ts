import { bodyField, succeeded, type Exchange } from '../../transport/exchange.js';
import type { GatewayClient } from '../../transport/gateway-client.js';
import type { Customer } from '../../catalogue/types.js';
import { described } from '../compared-answers.js';
import { MAX_PAGES, SAMPLE_HEAD, pagesToWalk, sampleSeed } from './page-sample.js';

/**
 * The listing's query as section 4.2 uses it: every parameter sent, sorted on customer_id descending (the
 * values the document shows), because the defaults and the other allowed values are not shown.
 */
export function listingQuery(merchantId: string, count: number, page = 0): Record<string, string | number> {
  return { count, page, order_on: 'customer_id', order_by: 'desc', merchant_id: merchantId };
}

/** Walks of a shared vault tried at most before its paging is reported not judged (it kept moving). */
export const WALK_ATTEMPTS = 3;

export type Walk = {
  pages: Exchange[];
  /** The page index of each of `pages`: 0, 1, 2, … on a whole walk, the sample's pages on a sampled one. */
  pageNumbers: number[];
  records: Customer[];
  totalRecords: number;
  totalPages: number;
  /** Every page 0 … totalPages-1 was asked for (not a sample). */
  complete: boolean;
  /** Set when the vault changed during the walk (other users of a shared sandbox): what showed it. */
  moved?: string;
  /** Walks made, the last one returned. */
  attempts: number;
};

/** What a walk reads the vault through: the listing operation alone. */
export type Listing = Pick<GatewayClient, 'listCustomers'>;

export function recordsOf(page: Exchange): Customer[] {
  const data = bodyField(page, 'data');
  return Array.isArray(data) ? (data as Customer[]) : [];
}

/** Each page of a valid listing, asked for by its index (`pageNumbers`), answers code 0: those that did not. */
export function unservedPageProblems(pages: readonly Exchange[], pageNumbers: readonly number[]): string[] {
  return pages.flatMap((p, i) => (succeeded(p) ? [] : [`page ${pageNumbers[i]} answered ${described(p)}, not code 0`]));
}

/** The page's own totalRecords when it is an integer (a faulty string is judged by VAULT-1, not here). */
function recordsTotal(page: Exchange): number | undefined {
  const n = bodyField(page, 'totalRecords');
  return Number.isInteger(n) ? (n as number) : undefined;
}

/**
 * Pages asked for at once after page 0: on a 150 ms link a 25-page walk takes two round trips instead of
 * 25; few enough that a burst stays small for a rate-limited sandbox (PG_MAX_RPS paces them anyway).
 */
export const PAGES_IN_FLIGHT = 8;

/**
 * The pages a listing answer says there are now, when that is more than `page`: a shared vault that grew
 * since totalPages was read, so `page` is no longer past the end and proves nothing about VAULT-6.
 */
export function grewPast(answer: Exchange, page: number): number | undefined {
  const nowPages = bodyField(answer, 'totalPages');
  return succeeded(answer) && Number.isInteger(nowPages) && (nowPages as number) > page
    ? (nowPages as number)
    : undefined;
}

/**
 * Walks the pages totalPages of page 0 says there are (pagesToWalk: all, or a sample of a large vault),
 * stopping at the first failed page. Pages are independent reads once page 0 has told how many there are,
 * so the rest are fetched PAGES_IN_FLIGHT at a time; the walk keeps them in page order and ends at the
 * first one that failed. A page whose totalRecords differs from page 0's shows the vault moved during
 * the walk (`moved`).
 */
export async function walkPages(gateway: Listing, query: Record<string, string | number>): Promise<Walk> {
  const first = await gateway.listCustomers({ ...query, page: 0 });
  const totalPages = Number(bodyField(first, 'totalPages'));
  const totalRecords = Number(bodyField(first, 'totalRecords'));
  const numbers = succeeded(first) ? pagesToWalk(totalPages, sampleSeed(Number(query.count))) : [0];
  const later = numbers.length > 1 ? await laterPages(gateway, query, numbers.slice(1)) : [];
  const pages = [first, ...later];
  const pageNumbers = numbers.slice(0, pages.length);
  const changedAt = pages.findIndex(
    (p) => succeeded(p) && recordsTotal(p) !== undefined && recordsTotal(p) !== recordsTotal(first),
  );
  const moved =
    changedAt > 0
      ? `totalRecords was ${recordsTotal(first)} on page 0 and ${recordsTotal(pages[changedAt]!)} on page ${pageNumbers[changedAt]}`
      : undefined;
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
  await Promise.all(Array.from({ length: Math.min(PAGES_IN_FLIGHT, numbers.length) }, fetcher));
  return answers.slice(0, Math.min(failedAt + 1, numbers.length));
}

const idsOf = (page: Exchange) =>
  recordsOf(page)
    .map((r) => String(r.customer_id))
    .join(',');

/**
 * A walk of one state of the vault: a shared sandbox's vault may change while it is walked, which is no
 * contract violation. A walk whose totalRecords changed from page to page, or whose page 0 reads
 * differently afterwards, is made again, up to WALK_ATTEMPTS times; the last walk says `moved` if the
 * vault never held still.
 */
export async function walkSnapshot(gateway: Listing, query: Record<string, string | number>): Promise<Walk> {
  let walk: Walk | undefined;
  for (let attempt = 1; attempt <= WALK_ATTEMPTS; attempt++) {
    walk = { ...(await walkPages(gateway, query)), attempts: attempt };
    const first = walk.pages[0]!;
    if (!walk.moved && walk.pages.length > 1 && succeeded(first)) {
      const again = await gateway.listCustomers({ ...query, page: 0 });
      if (succeeded(again) && (recordsTotal(again) !== recordsTotal(first) || idsOf(again) !== idsOf(first))) {
        const held =
          recordsTotal(again) !== recordsTotal(first)
            ? `totalRecords ${recordsTotal(again)}, not ${recordsTotal(first)}`
            : 'other customers';
        walk.moved = `page 0 read again after the walk held ${held}`;
      }
    }
    if (!walk.moved) return walk;
  }
  return walk!;
}

/** How much of the vault a sampled walk judged, in words: "12 of 5000 pages (12 of 5000 records) at count=1, …". */
export function sampledWalk(walk: Walk, count: number): string {
  return (
    `${walk.pages.length} of ${walk.totalPages} pages (${walk.records.length} of ${walk.totalRecords} records) judged at count=${count}: ` +
    `the first ${SAMPLE_HEAD}, the last and ${Math.max(0, walk.pages.length - SAMPLE_HEAD - 1)} drawn between from the run's seed (PG_SEED)`
  );
}
