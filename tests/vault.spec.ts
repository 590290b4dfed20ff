import {
  FORMAT_SOURCES,
  MAX_PAGES,
  SAMPLED_PAGES,
  STILL_ATTEMPTS,
  askStill,
  collationObservation,
  countRefusedAsOverMaximum,
  customerIdsDescend,
  eachCustomerOnce,
  everyPageServed,
  failurePastTheEnd,
  formatsJudged,
  listingOrder,
  listingQuery,
  listingServed,
  pageCap,
  pageSized,
  pageTotalsAgree,
  sampledWalk,
  shownCardNumbers,
  sortedPagesServed,
  vaultChangedObservation,
  walkPages,
  walkSnapshot,
} from '../src/checks/registry.js';
import { atOnce, bodyField, rules, succeeded, test, countJudged, notExercised, observe, verify } from './fixtures.js';
import { FEWER_THAN_TWO, NO_CARD_NUMBERS, NO_CUSTOMERS, noCustomersWhy, vaultMoving } from './why-not-exercised.js';

// Every vault check holds on a vault of any size, 0 included: a new sandbox may be empty, a shared one
// may change while it is walked. What a check could not judge is reported "not exercised", never failed.
const COUNTS = [1, 4, 7, 10, 25, 40];

test(
  'VAULT-1: a listing is the stated envelope of customer records',
  rules(['VAULT-1', 'ERR-5']),
  async ({ gateway, suite }) => {
    const answer = await gateway.listCustomers(listingQuery(suite.merchant.merchantId, 5));
    // The envelope of a served listing is judged on its answer (the gateway fixture); that this valid
    // listing is served is the suite's to say.
    verify(listingServed(answer), answer);
  },
);

for (const count of COUNTS) {
  test.describe(`count=${count}`, () => {
    test(
      `VAULT-2 VAULT-3 VAULT-4: walking every page with count=${count} yields each customer once`,
      rules(['VAULT-2', 'VAULT-3', 'VAULT-4']),
      async ({ gateway, suite }) => {
        const walk = await walkSnapshot(gateway, listingQuery(suite.merchant.merchantId, count));
        const first = walk.pages[0]!;
        // Pages that did not all see one vault prove nothing about paging: observed, and not judged.
        const unjudged = (evidence: string, attempts: number) => {
          const moved = vaultChangedObservation(`walk at count=${count}`, [evidence], attempts);
          for (const id of ['VAULT-2', 'VAULT-3', 'VAULT-4']) {
            observe(id, moved.text, moved.data);
            notExercised(id, vaultMoving(`count=${count}`, attempts, evidence));
          }
        };
        if (!succeeded(first) && count > 1) {
          // The maximum count per page is not shown: a refusal is accepted when it reads as one.
          const [one, larger] = await atOnce([
            gateway.listCustomers(listingQuery(suite.merchant.merchantId, 1)),
            gateway.listCustomers(listingQuery(suite.merchant.merchantId, count * 10)),
          ]);
          verify(countRefusedAsOverMaximum(count, first, one, larger));
          observe(
            'VAULT-2',
            `count=${count} was refused (HTTP ${first.status}); the maximum count per page is not shown`,
            { kind: 'refused-count', value: count },
          );
          for (const id of ['VAULT-2', 'VAULT-3', 'VAULT-4'])
            notExercised(
              id,
              `count=${count} was refused as over a maximum count per page (not shown), so no page was walked at it`,
            );
          return;
        }
        verify(everyPageServed(walk.pages, walk.pageNumbers));
        if (walk.moved) {
          unjudged(walk.moved, walk.attempts);
          return;
        }
        if (walk.totalRecords === 0) {
          // Nothing to page through; the pages must still hold nothing. Page 0's totalPages (0, or 1 for an empty
          // page) is judged on its answer (the gateway fixture).
          verify(eachCustomerOnce(walk));
          for (const id of ['VAULT-2', 'VAULT-3', 'VAULT-4']) notExercised(id, NO_CUSTOMERS);
          return;
        }

        // A gateway may serve at most its own maximum per page (not shown): pages are then judged at that size.
        const cap = await pageCap(walk, count, (m) =>
          gateway.listCustomers(listingQuery(suite.merchant.merchantId, m)),
        );
        if (cap && 'moved' in cap) {
          unjudged(cap.moved, STILL_ATTEMPTS);
          return;
        }
        if (cap)
          observe(
            'VAULT-2',
            `count=${count} was served in pages of ${cap.size}, totalPages counted so; the maximum count per page is not shown`,
            { kind: 'capped-count', subject: `count=${count}`, value: cap.size },
          );
        const perPage = cap?.size ?? count;
        const expectedPages = Math.ceil(walk.totalRecords / perPage);
        const lastIndex = Math.max(walk.totalPages, 1) - 1;
        walk.pages.forEach((page, at) => {
          const index = walk.pageNumbers[at]!;
          verify(pageSized(page, index, perPage, lastIndex));
          verify(pageTotalsAgree(page, index, walk, expectedPages, count, cap?.size));
        });
        countJudged('VAULT-2', walk.pages.length, 'pages');
        countJudged('VAULT-3', walk.pages.length, 'pages');

        verify(eachCustomerOnce(walk));
        if (!walk.complete) {
          // The value leaves out the page total: a growing shared vault is not a change of behaviour.
          observe('VAULT-4', `${sampledWalk(walk, count)}; page sizes, totals and repeats were judged on those pages`, {
            kind: 'walk-sampled',
            value: `${SAMPLED_PAGES} pages at count=${count}`,
          });
          notExercised(
            'VAULT-4',
            `at count=${count} the vault has ${walk.totalPages} pages, more than the ${MAX_PAGES} walked whole, ` +
              `and ${walk.pages.length} were sampled, so that they add up to totalRecords was not judged (no ` +
              `repeats were)`,
          );
        }
      },
    );
  });
}

for (const count of [3, 10]) {
  test(
    `VAULT-5: customer_id descends within and across pages (count=${count})`,
    rules(['VAULT-5']),
    async ({ gateway, suite }) => {
      // Within a page the order holds whatever other users do; across a page and the next only when both saw
      // the same vault (listingOrder): customers added before a page move its records down past the last of the
      // page before. A walk that never held still is judged within its pages and across those that did.
      const walk = await walkSnapshot(gateway, listingQuery(suite.merchant.merchantId, count));
      verify(sortedPagesServed(walk.pages, walk.pageNumbers));
      const { ids, unjudged, changes } = listingOrder(walk.pages, walk.pageNumbers);
      verify(customerIdsDescend(ids, unjudged, walk.pages));
      const collation = collationObservation(ids, unjudged);
      if (collation) observe('VAULT-5', collation.text, collation.data);
      if (changes.length) {
        const moved = vaultChangedObservation(`pages at count=${count}`, changes, walk.attempts);
        observe('VAULT-5', moved.text, moved.data);
      }
      const pairs = Math.max(0, ids.length - 1 - unjudged.size);
      countJudged('VAULT-5', pairs, 'neighbouring customer_id pairs');
      if (ids.length < 2) notExercised('VAULT-5', ids.length ? FEWER_THAN_TWO : noCustomersWhy(walk.pages[0]!));
      else if (!pairs) notExercised('VAULT-5', vaultMoving(`count=${count}`, walk.attempts, changes[0]!));
    },
  );
}

test('VAULT-6: pages past the last one hold no records', rules(['VAULT-6']), async ({ gateway, suite }) => {
  const count = 4;
  const list = (page: number) => gateway.listCustomers(listingQuery(suite.merchant.merchantId, count, page));
  // Where the pages end is page 0's to say, so each page past it is judged only where it saw page 0's vault
  // (askStill): a vault that grew meanwhile may have a page there now. A page that answers code 0 is judged on
  // its answer (checks/vault.ts, run by the gateway fixture). One that answers a platform failure (which the
  // rule accepts) carries no totals to compare, so page 0 is read again after it; only the suite, from page 0,
  // knows it is past the end, so it is judged here.
  const pastThe = (totalPages: number) => [totalPages, totalPages + 1, totalPages + 1000];
  const asked = await askStill(async () => {
    const first = await list(0);
    const totalPages = bodyField(first, 'totalPages');
    if (!succeeded(first) || !Number.isInteger(totalPages)) return [first];
    const past = await atOnce(pastThe(totalPages as number).map(list));
    return past.every(succeeded) ? [first, ...past] : [first, ...past, await list(0)];
  });
  const [first, ...past] = asked.answers;
  const totalPages = Number(bodyField(first!, 'totalPages'));
  if (!succeeded(first!) || !Number.isInteger(totalPages)) {
    notExercised(
      'VAULT-6',
      'page 0 did not answer code 0 with an integer totalPages, so where the pages end is unknown',
    );
    return;
  }
  if (asked.change) {
    const moved = vaultChangedObservation('pages past the end', [asked.change], asked.attempts);
    observe('VAULT-6', moved.text, moved.data);
    notExercised('VAULT-6', vaultMoving('pages past the end', asked.attempts, asked.change));
    return;
  }
  const failures = pastThe(totalPages).flatMap((page, at) =>
    succeeded(past[at]!) ? [] : [{ page, answer: past[at]! }],
  );
  for (const { page, answer } of failures) {
    observe(
      'VAULT-6',
      `page ${page} past the end answered a failure (HTTP ${answer.status}); what it returns is not shown`,
      { kind: 'past-the-end-answer', value: `failure (HTTP ${answer.status})` },
    );
    verify(failurePastTheEnd(answer, page, totalPages));
  }
  const totalRecords = Number(bodyField(first!, 'totalRecords'));
  if (totalRecords > 0 && failures.length) countJudged('VAULT-6', failures.length, 'failures past the end');
  if (!(totalRecords > 0)) notExercised('VAULT-6', NO_CUSTOMERS);
});

test(
  'VAULT-7: no card number in the vault listing is a full number',
  rules(['VAULT-7']),
  async ({ gateway, suite }) => {
    // Each page's card numbers are judged on its answer (checks/vault.ts, run by the gateway fixture).
    const walk = await walkPages(gateway, listingQuery(suite.merchant.merchantId, 10));
    const numbers = walk.records.flatMap((customer) => shownCardNumbers(customer)).length;
    if (!numbers) notExercised('VAULT-7', walk.records.length ? NO_CARD_NUMBERS : noCustomersWhy(walk.pages[0]!));
  },
);

test('VAULT-8: every record has the stated formats', rules(['VAULT-8']), async ({ gateway, suite }) => {
  // Each page's records are judged on its answer (checks/vault.ts, run by the gateway fixture).
  const walk = await walkPages(gateway, listingQuery(suite.merchant.merchantId, 10));
  const counts = formatsJudged(walk.records);
  for (const [kind, n] of counts) countJudged('VAULT-8', n, kind);
  if (!walk.records.length) notExercised('VAULT-8', noCustomersWhy(walk.pages[0]!));
  for (const source of FORMAT_SOURCES) {
    const missing = source.kinds.filter((k) => !counts.get(k));
    if (walk.records.length && missing.length)
      notExercised(
        'VAULT-8',
        `no ${missing.join(', ')} in the vault's ${walk.records.length} records: give a customer ` +
          `${source.needs} in the sandbox's manager portal`,
      );
  }
});
