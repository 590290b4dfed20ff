import { bodyField, succeeded, type Exchange } from '../transport/exchange.js';
import { acceptanceProblems } from './errors.js';
import { judgeIn } from './judge.js';
import { objectOf, RuleTally, type ExchangeCheck, type FamilyChecks } from './tally.js';
import { isFullCardNumber } from './tokenize/card-number.js';
import { formatProblems, shownCardNumbers, VAULT_8_EXPECTED } from './vault/record-formats.js';
import type { Customer } from '../catalogue/types.js';
import { DESCENDING, orderProblems, type Unjudged } from './vault/collation.js';
import { refusedCountProblems } from './vault/page-cap.js';
import { recordsOf, unservedPageProblems, type Walk } from './vault/walk.js';

const judge = judgeIn(import.meta.url);

/**
 * VAULT: sections 2.3 and 4.2, on one listing page as far as the query sent says, and the page arithmetic a
 * walk of the whole listing is held to.
 */

type Body = Record<string, unknown>;

function nonNegativeInteger(text: string | null): number | undefined {
  return text !== null && /^[0-9]+$/.test(text) ? Number(text) : undefined;
}

/**
 * Every rule one listing page settles, as far as the query sent says: VAULT_CHECKS names them as judged by
 * `judgeListingAnswer`.
 */
export function listingAnswerFindings(exchange: Exchange, j = new RuleTally()): RuleTally {
  if (!succeeded(exchange)) return j;
  const totalPages = bodyField(exchange, 'totalPages');
  const totalRecords = bodyField(exchange, 'totalRecords');
  const data = bodyField(exchange, 'data');
  j.add(
    'VAULT-1',
    [
      ...['totalPages', 'totalRecords']
        .filter((f) => !Number.isInteger(bodyField(exchange, f)))
        .map((f) => `${f} is ${JSON.stringify(bodyField(exchange, f))}, expected an integer`),
      ...(Array.isArray(data) ? [] : ['data is not an array']),
    ],
    'code 0, integer totalPages and totalRecords, data an array',
  );
  const records = Array.isArray(data) ? data.map(objectOf).filter((r): r is Body => !!r) : [];
  const shown = records.flatMap((c) => shownCardNumbers(c as Customer).map((n) => ({ customer: c.customer_id, ...n })));
  // A page that shows no card number judged none: VAULT-7 is not exercised by it.
  if (shown.length)
    j.add(
      'VAULT-7',
      shown
        .filter((n) => isFullCardNumber(n.value))
        .map((n) => `customer ${String(n.customer)}: ${n.where} is a full card number`),
      'every card number masked',
    );
  // A page without records judged no format: VAULT-8 is not exercised by it.
  if (records.length)
    j.add(
      'VAULT-8',
      records.flatMap((c) => formatProblems(c as Customer, new Map())),
      VAULT_8_EXPECTED,
    );

  const query = new URL(exchange.request.url).searchParams;
  const count = nonNegativeInteger(query.get('count'));
  const page = nonNegativeInteger(query.get('page'));
  if (!count || !Number.isInteger(totalPages) || !Number.isInteger(totalRecords)) {
    // Defaults of count and page are not shown: without them the page size cannot be judged.
    j.observe(
      'VAULT-3',
      'a listing without a positive integer count (or without integer totals) was not judged for page size and totals',
    );
    return j;
  }
  const pages = totalPages as number;
  const expectedPages = Math.ceil((totalRecords as number) / count);
  const held = records.length;
  // An empty vault has no page size to judge: as zero pages or one empty page, its paging is not exercised.
  if (totalRecords === 0 && !held && pages <= 1) return j;
  const cap = cappedAt(pages, totalRecords as number, count, held, page);
  if (cap !== undefined)
    j.observe(
      'VAULT-3',
      `count ${count} was served in pages of ${cap} (totalPages ${pages} for totalRecords ${String(totalRecords)}); ` +
        'the maximum count per page is not shown',
    );
  else
    j.add(
      'VAULT-3',
      pages === expectedPages || (totalRecords === 0 && pages === 1)
        ? []
        : [`totalPages ${pages} for totalRecords ${String(totalRecords)} and count ${count}`],
      `totalPages = ceil(totalRecords / count) = ${expectedPages}`,
    );
  if (page !== undefined && page >= pages) {
    j.add('VAULT-6', pastTheEndProblems(held, page, pages), PAST_THE_END);
    return j;
  }
  if (cap !== undefined) return j;
  if (page === undefined) {
    j.add('VAULT-2', held > count ? [`the page holds ${held} records`] : [], `at most ${count} records a page`);
    return j;
  }
  j.add('VAULT-2', pageSizeProblems(page, held, count, pages - 1), pageSizeExpected(count));
  return j;
}

/**
 * The page size a gateway may serve for `count` when it caps it silently (section 8: the maximum count per
 * page is not shown), as far as one page can tell: a page that is not the last holds m < count records and
 * totalPages counts pages of m; or totalPages follows no page of count but does follow some m < count. Only a
 * walk tells a cap from short pages (vault/page-cap.ts), so one page that reads as one is observed, not judged.
 */
function cappedAt(
  pages: number,
  totalRecords: number,
  count: number,
  held: number,
  page: number | undefined,
): number | undefined {
  if (held >= count) return undefined;
  const paged = (m: number) => m > 0 && Math.ceil(totalRecords / m) === pages;
  if (page !== undefined && page < pages - 1) return paged(held) ? held : undefined;
  if (pages === Math.ceil(totalRecords / count)) return undefined;
  for (let m = Math.max(held, 1); m < count; m++) if (paged(m)) return m;
  return undefined;
}

/** VAULT-6's expectation: a page past the last holds no records. */
export const PAST_THE_END = 'no records past the last page';

/**
 * VAULT-6 on page `page` of a listing of `pages` pages that holds `held` records. A successful answer is judged
 * here on its own totals; a platform failure (accepted by the rule) carries no totals, so only a caller that
 * learned where the pages end from page 0 can hold it to the rule.
 */
export function pastTheEndProblems(held: number, page: number, pages: number): string[] {
  return held ? [`page ${page} of ${pages} holds ${held} records`] : [];
}

const judgeListingAnswer: ExchangeCheck = (exchange, tally) => {
  if (exchange.operation === 'listCustomers') listingAnswerFindings(exchange, tally);
};

/** VAULT-1: a valid listing is served with code 0. */
export const listingServed = judge('VAULT-1', function listingServed(answer: Exchange) {
  return {
    problems: acceptanceProblems(answer),
    expected: 'code 0 for a valid listing',
    judged: { count: 1, what: 'listings' },
  };
});

/** VAULT-2's expectation of a walk's pages of `perPage` records (the page size asked for, or the one served). */
export const pageSizeExpected = (perPage: number) =>
  `at most ${perPage} records a page, exactly ${perPage} on every page but the last`;

/** VAULT-3's expectation of a walk's totals; `servedSize` the page size a gateway capped the walk to. */
export const pageTotalsExpected = (expectedPages: number, servedSize?: number) =>
  `totalPages = ceil(totalRecords / ${servedSize === undefined ? 'count' : `${servedSize}, the page size served`}) = ` +
  `${expectedPages}, the same on every page`;

/** VAULT-2 on one page of a walk (pageSizeProblems); the test counts the pages it judged, once for the walk. */
export const pageSized = judge(
  'VAULT-2',
  function pageSized(page: Exchange, index: number, perPage: number, lastIndex: number) {
    return {
      problems: pageSizeProblems(index, recordsOf(page).length, perPage, lastIndex),
      expected: pageSizeExpected(perPage),
      evidence: [page],
    };
  },
);

/**
 * VAULT-3 on one page of a walk at `count` (pageTotalsProblems), `servedSize` the page size a gateway capped
 * the walk to; the test counts the pages it judged, once for the walk.
 */
export const pageTotalsAgree = judge(
  'VAULT-3',
  function pageTotalsAgree(
    page: Exchange,
    index: number,
    walk: WalkTotals,
    expectedPages: number,
    count: number,
    servedSize?: number,
  ) {
    return {
      problems: pageTotalsProblems(page, index, walk, expectedPages, count),
      expected: pageTotalsExpected(expectedPages, servedSize),
      evidence: [page],
    };
  },
);

/** VAULT-4: a count page 0 refused reads as over a maximum count per page (refusedCountProblems). */
export const countRefusedAsOverMaximum = judge(
  'VAULT-4',
  function countRefusedAsOverMaximum(count: number, refused: Exchange, one: Exchange, larger: Exchange) {
    return {
      problems: refusedCountProblems(count, refused, one, larger),
      expected: `page 0 served, or count=${count} refused as over a maximum (count=1 served, count=${count * 10} refused)`,
      evidence: [refused, one, larger],
    };
  },
);

/** The pages of a walk that did not answer code 0 (unservedPageProblems), as the evidence of a judge expecting `expected`. */
const pagesServed = (pages: readonly Exchange[], pageNumbers: readonly number[], expected: string) => ({
  problems: unservedPageProblems(pages, pageNumbers),
  expected,
  evidence: pages.filter((p) => !succeeded(p)),
});

/** VAULT-4: every page a walk asked for answers code 0. */
export const everyPageServed = judge(
  'VAULT-4',
  function everyPageServed(pages: readonly Exchange[], pageNumbers: readonly number[]) {
    return pagesServed(pages, pageNumbers, 'every page 0 … totalPages-1 answers code 0');
  },
);

/**
 * VAULT-4 over a walk's records (walkCoverageProblems): each customer once, all totalRecords of them when the
 * walk went to the end; an empty vault's pages hold none.
 */
export const eachCustomerOnce = judge('VAULT-4', function eachCustomerOnce(walk: Walk) {
  const ids = walk.records.map((r) => r.customer_id);
  const problems = walkCoverageProblems(ids, walk.totalRecords, walk.complete);
  if (walk.totalRecords === 0)
    return { problems, expected: 'no records when totalRecords is 0', evidence: [walk.pages[0]!] };
  return {
    problems,
    expected: 'every record exactly once across pages 0 … totalPages-1',
    evidence: [walk.pages[0]!, walk.pages.at(-1)!],
    judged: { count: ids.length, what: 'records' },
  };
});

/** VAULT-5: the pages of a walk sorted on customer_id desc are served. */
export const sortedPagesServed = judge(
  'VAULT-5',
  function sortedPagesServed(pages: readonly Exchange[], pageNumbers: readonly number[]) {
    return pagesServed(pages, pageNumbers, 'the listing sorted on customer_id desc served as section 4.2 uses it');
  },
);

/**
 * VAULT-5: customer_id descends over the pages' records, `unjudged` the neighbours a vault change between
 * two pages leaves unjudged (orderProblems); the test counts the pairs, judged or not.
 */
export const customerIdsDescend = judge(
  'VAULT-5',
  function customerIdsDescend(ids: readonly string[], unjudged: Unjudged, pages: readonly Exchange[]) {
    return { problems: orderProblems(ids, unjudged), expected: DESCENDING, evidence: pages.slice(0, 2) };
  },
);

/**
 * VAULT-6 on a page past the end that answered a platform failure: only the test, from page 0, knows it is
 * past the end (pastTheEndProblems); a page that answers code 0 is judged on its answer.
 */
export const failurePastTheEnd = judge(
  'VAULT-6',
  function failurePastTheEnd(answer: Exchange, page: number, totalPages: number) {
    return {
      problems: pastTheEndProblems(recordsOf(answer).length, page, totalPages),
      expected: PAST_THE_END,
      evidence: [answer],
    };
  },
);

export const VAULT_CHECKS: FamilyChecks = {
  'VAULT-1': { gateway: judgeListingAnswer, judges: [listingServed] },
  // `run`: what the paging properties (tests/properties) hold each generated walk to.
  'VAULT-2': { gateway: judgeListingAnswer, run: pageSizeProblems, judges: [pageSized] },
  'VAULT-3': { gateway: judgeListingAnswer, run: pageTotalsProblems, judges: [pageTotalsAgree] },
  'VAULT-4': { run: walkCoverageProblems, judges: [countRefusedAsOverMaximum, everyPageServed, eachCustomerOnce] },
  'VAULT-5': { run: orderProblems, judges: [sortedPagesServed, customerIdsDescend] },
  'VAULT-6': { gateway: judgeListingAnswer, run: pastTheEndProblems, judges: [failurePastTheEnd] },
  'VAULT-7': { gateway: judgeListingAnswer },
  'VAULT-8': { gateway: judgeListingAnswer },
};

/**
 * VAULT-2 on one page of a walk: at most `perPage` records, exactly `perPage` on every page but the last.
 * `lastIndex` is the index the walk takes for the last page.
 */
export function pageSizeProblems(index: number, size: number, perPage: number, lastIndex: number): string[] {
  if (size > perPage) return [`page ${index} holds ${size} records`];
  return index !== lastIndex && size !== perPage ? [`page ${index} (not the last) holds ${size} records`] : [];
}

/** The totals page 0 of a walk reported, which every other page repeats. */
export type WalkTotals = { totalPages: number; totalRecords: number };

/**
 * VAULT-3 on one page of a walk at `count`: totalPages is ceil(totalRecords / the page size served), the same
 * totals on every page. An empty vault may be read as one empty page.
 */
export function pageTotalsProblems(
  page: Exchange,
  index: number,
  walk: WalkTotals,
  expectedPages: number,
  count: number,
) {
  const pages = Number(bodyField(page, 'totalPages'));
  const records = Number(bodyField(page, 'totalRecords'));
  return [
    ...(pages === expectedPages || (walk.totalRecords === 0 && pages === 1)
      ? []
      : [`page ${index} says totalPages ${pages} for totalRecords ${walk.totalRecords}, count ${count}`]),
    ...(pages === walk.totalPages && records === walk.totalRecords
      ? []
      : [`page ${index} reports totals ${pages}/${records}, page 0 reported ${walk.totalPages}/${walk.totalRecords}`]),
  ];
}

/** VAULT-4 on the records of a walk: each customer once, all totalRecords of them when the walk went to the end. */
export function walkCoverageProblems(ids: readonly unknown[], totalRecords: number, complete: boolean): string[] {
  const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
  return [
    ...(!complete || ids.length === totalRecords
      ? []
      : [`the pages hold ${ids.length} records, totalRecords is ${totalRecords}`]),
    ...(repeated.length ? [`customers on more than one page: ${[...new Set(repeated)].slice(0, 5).join(', ')}`] : []),
  ];
}
