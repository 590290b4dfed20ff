import { isFullCardNumber } from '../src/contract/card-number.js';
import { cardNumbersOf } from '../src/contract/exchange-checks.js';
import { rejectionProblems } from '../src/contract/checks.js';
import { bodyField, succeeded } from '../src/contract/exchange.js';
import type { Customer } from '../src/contract/types.js';
import { rules, test } from './fixtures.js';
import { MAX_PAGES, descendingUnder, listingQuery, recordsOf, walkPages } from './vault-pages.js';

const COUNTS = [1, 4, 7, 10, 25, 40];

test('VAULT-1: a listing is the stated envelope of customer records', rules(['VAULT-1', 'ERR-5']), async ({ gateway, suite, verify, judged }) => {
  const answer = await gateway.listCustomers(listingQuery(suite.merchant.merchantId, 5));
  const problems: string[] = [];
  if (!succeeded(answer)) problems.push('code is not 0');
  for (const field of ['totalPages', 'totalRecords']) {
    if (!Number.isInteger(bodyField(answer, field))) problems.push(`${field} is ${JSON.stringify(bodyField(answer, field))}, expected an integer`);
  }
  if (!Array.isArray(bodyField(answer, 'data'))) problems.push('data is not an array');
  verify('VAULT-1', problems, 'code 0, integer totalPages and totalRecords, data an array', answer);
  judged('VAULT-1', 1, 'listings');
});

for (const count of COUNTS) {
  test.describe(`count=${count}`, () => {
    test(`VAULT-2 VAULT-3 VAULT-4: walking every page with count=${count} yields each customer once`, rules(['VAULT-2', 'VAULT-3', 'VAULT-4']), async ({ gateway, suite, verify, observe, judged }) => {
      const walk = await walkPages(gateway, listingQuery(suite.merchant.merchantId, count));
      const first = walk.pages[0]!;
      if (!succeeded(first) && count > 1) {
        // The maximum count per page is not shown: a refusal is accepted when it reads as one.
        const one = await gateway.listCustomers(listingQuery(suite.merchant.merchantId, 1));
        const larger = await gateway.listCustomers(listingQuery(suite.merchant.merchantId, count * 10));
        verify('VAULT-4', [
          ...rejectionProblems(first).map((p) => `count=${count}: ${p}`),
          ...(succeeded(one) ? [] : ['count=1 is refused too, so the refusal is not about a maximum count']),
          ...(succeeded(larger) ? [`count=${count * 10} is served, so count=${count} is not over a maximum`] : []),
        ], `page 0 served, or count=${count} refused as over a maximum (count=1 served, count=${count * 10} refused)`, first, one, larger);
        observe('VAULT-2', `count=${count} was refused (HTTP ${first.status}); the maximum count per page is not shown`, { kind: 'refused-count', value: count });
        return;
      }
      const failed = walk.pages.filter((p) => !succeeded(p));
      verify('VAULT-4', failed.length ? [`${failed.length} page(s) did not answer code 0`] : [], 'every page 0 … totalPages-1 answers code 0', ...failed);

      const expectedPages = Math.ceil(walk.totalRecords / count);
      walk.pages.forEach((page, index) => {
        const size = recordsOf(page).length;
        const isLast = index === walk.totalPages - 1;
        const sizeProblems = size > count ? [`page ${index} holds ${size} records`] : !isLast && size !== count ? [`page ${index} (not the last) holds ${size} records`] : [];
        verify('VAULT-2', sizeProblems, `at most ${count} records a page, exactly ${count} on every page but the last`, page);
        const pages = Number(bodyField(page, 'totalPages'));
        const records = Number(bodyField(page, 'totalRecords'));
        const consistent = pages === expectedPages || (walk.totalRecords === 0 && pages === 1);
        const totals = [
          ...(consistent ? [] : [`page ${index} says totalPages ${pages} for totalRecords ${walk.totalRecords}, count ${count}`]),
          ...(pages === walk.totalPages && records === walk.totalRecords ? [] : [`page ${index} reports totals ${pages}/${records}, page 0 reported ${walk.totalPages}/${walk.totalRecords}`]),
        ];
        verify('VAULT-3', totals, `totalPages = ceil(totalRecords / count) = ${expectedPages}, the same on every page`, page);
      });
      judged('VAULT-2', walk.pages.length, 'pages');
      judged('VAULT-3', walk.pages.length, 'pages');

      if (!walk.complete) {
        // The value leaves out the page total: a growing shared vault is not a change of behaviour.
        observe('VAULT-4', `the vault has ${walk.totalPages} pages at count=${count}; only the first ${MAX_PAGES} were walked`, { kind: 'walk-truncated', value: `first ${MAX_PAGES} pages at count=${count}` });
        return;
      }
      const ids = walk.records.map((r) => r.customer_id);
      const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
      const coverage = [
        ...(ids.length === walk.totalRecords ? [] : [`the pages hold ${ids.length} records, totalRecords is ${walk.totalRecords}`]),
        ...(repeated.length ? [`customers on more than one page: ${[...new Set(repeated)].slice(0, 5).join(', ')}`] : []),
      ];
      verify('VAULT-4', coverage, 'every record exactly once across pages 0 … totalPages-1', walk.pages[0]!, walk.pages.at(-1)!);
      judged('VAULT-4', ids.length, 'records');
    });
  });
}

for (const count of [3, 10]) {
  test(`VAULT-5: customer_id descends within and across pages (count=${count})`, rules(['VAULT-5']), async ({ gateway, suite, verify, judged }) => {
    const walk = await walkPages(gateway, listingQuery(suite.merchant.merchantId, count));
    const failed = walk.pages.filter((p) => !succeeded(p));
    verify('VAULT-5', failed.length ? [`${failed.length} page(s) sorted on customer_id desc did not answer code 0`] : [], 'the listing served as section 4.2 uses it', ...failed);
    const ids = walk.records.map((r) => String(r.customer_id));
    const under = descendingUnder(ids);
    const firstBreak = ids.findIndex((id, i) => i > 0 && id > ids[i - 1]!);
    verify('VAULT-5', under.length ? [] : [`customer_id ${ids[firstBreak]} follows ${ids[firstBreak - 1]} (record ${firstBreak})`], 'a non-increasing customer_id sequence (code-point, case-insensitive or numeric)', ...walk.pages.slice(0, 2));
    judged('VAULT-5', Math.max(0, ids.length - 1), 'neighbouring customer_id pairs');
  });
}

test('VAULT-6: pages past the last one hold no records', rules(['VAULT-6']), async ({ gateway, suite, verify, observe, judged }) => {
  const count = 4;
  const first = await gateway.listCustomers(listingQuery(suite.merchant.merchantId, count));
  const totalPages = Number(bodyField(first, 'totalPages'));
  for (const page of [totalPages, totalPages + 1, totalPages + 1000]) {
    const answer = await gateway.listCustomers(listingQuery(suite.merchant.merchantId, count, page));
    if (!succeeded(answer)) {
      observe('VAULT-6', `page ${page} past the end answered a failure (HTTP ${answer.status}); what it returns is not shown`, { kind: 'past-the-end-answer', value: `failure (HTTP ${answer.status})` });
    }
    const held = recordsOf(answer).length;
    verify('VAULT-6', held ? [`page ${page} of ${totalPages} holds ${held} records`] : [], 'no records past the last page', answer);
  }
  judged('VAULT-6', 3, 'pages past the end');
});

test('VAULT-7: no card number in the vault listing is a full number', rules(['VAULT-7']), async ({ gateway, suite, verify, judged }) => {
  const walk = await walkPages(gateway, listingQuery(suite.merchant.merchantId, 10));
  walk.pages.forEach((page) => {
    const numbers = recordsOf(page).flatMap((customer) => cardNumbersOf(customer).filter(([, value]) => typeof value === 'string' && value !== '').map(([where, value]) => ({ customer, where, value: value as string })));
    const problems = numbers.filter((n) => isFullCardNumber(n.value)).map((n) => `customer ${n.customer.customer_id}: ${n.where} is a full card number`);
    verify('VAULT-7', problems, 'every card number masked', page);
    judged('VAULT-7', numbers.length, 'card numbers');
  });
});

const MMYY = /^(0[1-9]|1[0-2])[0-9]{2}$/;
const FOURTEEN = /^[0-9]{4}(0[1-9]|1[0-2])(0[1-9]|[12][0-9]|3[01])([01][0-9]|2[0-3])[0-5][0-9][0-5][0-9]$/;
const NUMERIC = /^[0-9]+$/;

function formatProblems(c: Customer): string[] {
  const p: string[] = [];
  const at = `customer ${c.customer_id}`;
  const check = (ok: boolean, what: string) => ok || p.push(`${at}: ${what}`);
  if (c.shipping_addresses !== undefined) check(Array.isArray(c.shipping_addresses), 'shipping_addresses is not an array');
  if (c.billing_cards !== undefined) check(Array.isArray(c.billing_cards), 'billing_cards is not an array');
  (Array.isArray(c.shipping_addresses) ? c.shipping_addresses : []).forEach((s, i) => {
    if (s.shipping_country_code !== undefined) check(NUMERIC.test(String(s.shipping_country_code)) && typeof s.shipping_country_code === 'string', `shipping ${i} country code ${JSON.stringify(s.shipping_country_code)} is not a numeric string`);
    if (s.primary !== undefined) check(typeof s.primary === 'boolean', `shipping ${i} primary is not a boolean`);
  });
  (Array.isArray(c.billing_cards) ? c.billing_cards : []).forEach((b, i) => {
    if (b.exp_date !== undefined) check(typeof b.exp_date === 'string' && MMYY.test(b.exp_date), `billing card ${i} exp_date ${JSON.stringify(b.exp_date)} is not MMYY`);
    if (b.verified_date !== undefined) check(typeof b.verified_date === 'string' && FOURTEEN.test(b.verified_date), `billing card ${i} verified_date ${JSON.stringify(b.verified_date)} is not 14 digits YYYYMMDDhhmmss`);
    if (b.billing_country_code !== undefined) check(typeof b.billing_country_code === 'string' && NUMERIC.test(b.billing_country_code), `billing card ${i} country code ${JSON.stringify(b.billing_country_code)} is not a numeric string`);
    if (b.primary !== undefined) check(typeof b.primary === 'boolean', `billing card ${i} primary is not a boolean`);
    if (b.billing_email !== undefined) check(Array.isArray(b.billing_email) && b.billing_email.every((e) => typeof e === 'string'), `billing card ${i} billing_email is not an array of strings`);
  });
  return p;
}

test('VAULT-8: every record has the stated formats', rules(['VAULT-8']), async ({ gateway, suite, verify, judged }) => {
  const walk = await walkPages(gateway, listingQuery(suite.merchant.merchantId, 10));
  for (const page of walk.pages) verify('VAULT-8', recordsOf(page).flatMap(formatProblems), 'MMYY expiry, 14-digit verified_date, numeric country codes, boolean primary flags, arrays', page);
  judged('VAULT-8', walk.records.length, 'records');
});
