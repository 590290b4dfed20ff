import { expect, test } from '../testing/fixtures.js';
import type { Exchange } from '../transport/exchange.js';
import {
  listingAnswerFindings,
  pastTheEndProblems,
  pageSizeProblems,
  pageTotalsProblems,
  walkCoverageProblems,
} from './vault.js';

function listing(query: string, answer: Record<string, unknown>, status = 200): Exchange {
  return {
    operation: 'listCustomers',
    family: 'platform',
    request: { method: 'GET', url: `http://gw.test/platform/vault/customer?${query}`, headers: {}, body: undefined },
    status,
    headers: { 'content-type': 'application/json' },
    text: JSON.stringify(answer),
    json: answer,
    ms: 1,
  };
}

const page = (n: number, totalPages: number, totalRecords: number) => ({
  code: 0,
  message: 'ok',
  totalPages,
  totalRecords,
  data: Array.from({ length: n }, (_, i) => ({ customer_id: `c${i}`, primary_card_number: '4111xxxxxx111111' })),
});
const broken = (e: Exchange) => listingAnswerFindings(e).findings.map((f) => f.ruleId);

test('one page is held to the envelope, masking and the count and page it was asked for', () => {
  expect(listingAnswerFindings(listing('count=4&page=0', page(4, 7, 25))).checked).toEqual([
    'VAULT-1',
    'VAULT-7',
    'VAULT-8',
    'VAULT-3',
    'VAULT-2',
  ]);
  expect(broken(listing('count=4&page=6', page(1, 7, 25)))).toEqual([]);
  expect(broken(listing('count=4&page=0', { ...page(4, 7, 25), totalRecords: '25' }))).toEqual(['VAULT-1']);
  expect(broken(listing('count=4&page=1', page(3, 7, 25)))).toEqual(['VAULT-2']);
  expect(broken(listing('count=4&page=0', page(4, 6, 25)))).toEqual(['VAULT-3']);
  expect(broken(listing('count=4&page=8', page(1, 7, 25)))).toEqual(['VAULT-6']);
  const full = { ...page(1, 1, 1), data: [{ customer_id: 'c', billing_cards: [{ card_number: '4111111111111111' }] }] };
  expect(listingAnswerFindings(listing('count=4&page=0', full)).findings).toEqual([
    {
      ruleId: 'VAULT-7',
      problems: ['customer c: billing_cards/0/card_number is a full card number'],
      expected: 'every card number masked',
    },
  ]);
});

test("each record of a page is held to VAULT-8's formats; a page without records judges none", () => {
  const card = { card_number: '4111xxxxxx111111', exp_date: '1329', primary: 'yes' };
  const answer = { ...page(1, 1, 1), data: [{ customer_id: 'c', billing_cards: [card] }] };
  expect(listingAnswerFindings(listing('count=4&page=0', answer)).findings).toEqual([
    {
      ruleId: 'VAULT-8',
      problems: [
        'customer c: billing card 0 exp_date "1329" is not MMYY',
        'customer c: billing card 0 primary is not a boolean',
      ],
      expected: 'MMYY expiry, 14-digit verified_date, numeric country codes, boolean primary flags, arrays',
    },
  ]);
  expect(listingAnswerFindings(listing('count=4&page=0', page(0, 1, 0))).checked).not.toContain('VAULT-8');
});

test('an empty vault may be one empty page; without a count the page size is observed, not judged', () => {
  expect(broken(listing('count=4&page=0', page(0, 1, 0)))).toEqual([]);
  const noCount = listingAnswerFindings(listing('page=0', page(10, 3, 25)));
  expect(noCount.checked).toEqual(['VAULT-1', 'VAULT-7', 'VAULT-8']);
  expect(noCount.observations.map((o) => o.ruleId)).toEqual(['VAULT-3']);
});

test('a page past the last holds no records, whether it answers an empty page or a failure', () => {
  expect(pastTheEndProblems(0, 7, 7)).toEqual([]);
  expect(pastTheEndProblems(2, 8, 7)).toEqual(['page 8 of 7 holds 2 records']);
});

test('a failed listing is not this family’s to judge', () => {
  expect(listingAnswerFindings(listing('count=4', { code: 1201, message: 'bad count' }, 400)).checked).toEqual([]);
});

test('a walk: page sizes, the same totals on every page, each customer once and all of them', () => {
  expect(pageSizeProblems(0, 4, 4, 6)).toEqual([]);
  expect(pageSizeProblems(6, 1, 4, 6)).toEqual([]);
  expect(pageSizeProblems(2, 3, 4, 6)).toEqual(['page 2 (not the last) holds 3 records']);
  expect(pageSizeProblems(0, 5, 4, 6)).toEqual(['page 0 holds 5 records']);
  const walk = { totalPages: 7, totalRecords: 25 };
  expect(pageTotalsProblems(listing('count=4&page=3', page(4, 7, 25)), 3, walk, 7, 4)).toEqual([]);
  expect(pageTotalsProblems(listing('count=4&page=3', page(4, 6, 24)), 3, walk, 7, 4)).toEqual([
    'page 3 says totalPages 6 for totalRecords 25, count 4',
    'page 3 reports totals 6/24, page 0 reported 7/25',
  ]);
  expect(walkCoverageProblems(['a', 'b'], 2, true)).toEqual([]);
  expect(walkCoverageProblems(['a', 'b'], 3, false)).toEqual([]);
  expect(walkCoverageProblems(['a', 'b', 'a'], 3, true)).toEqual(['customers on more than one page: a']);
  expect(walkCoverageProblems(['a'], 2, true)).toEqual(['the pages hold 1 records, totalRecords is 2']);
});

test('a count served in pages of a smaller size, totalPages counted in them, is observed (section 8)', () => {
  // count 25 served as pages of 20 of a vault of 45: three pages, not two.
  for (const [query, held] of [
    ['count=25&page=0', 20],
    ['count=25&page=2', 5],
  ] as const) {
    const capped = listingAnswerFindings(listing(query, page(held, 3, 45)));
    expect(capped.findings, query).toEqual([]);
    expect(capped.checked, query).not.toContain('VAULT-2');
    expect(
      capped.observations.map((o) => o.ruleId),
      query,
    ).toEqual(['VAULT-3']);
  }
  // count 21 of 25 served as 20 and 5: two pages either way, so page 0 alone cannot tell a cap from a short page.
  expect(broken(listing('count=21&page=0', page(20, 2, 25)))).toEqual([]);
  // Pages short of count that totalPages does not count in their size are no cap: judged against count.
  expect(broken(listing('count=25&page=0', page(20, 2, 45)))).toEqual(['VAULT-2']);
  expect(broken(listing('count=10&page=2', page(5, 3, 25)))).toEqual([]);
  expect(listingAnswerFindings(listing('count=10&page=2', page(5, 3, 25))).checked).toContain('VAULT-2');
  // Pages past the end are judged whatever the page size.
  expect(broken(listing('count=25&page=3', page(2, 3, 45)))).toEqual(['VAULT-6']);
});

test('a page that shows no card number, or past the end of an empty vault, exercises neither VAULT-7 nor VAULT-6', () => {
  for (const totalPages of [0, 1]) {
    const emptyPage = { code: 0, totalPages, totalRecords: 0, data: [] };
    for (const query of ['count=4&page=0', 'count=4&page=3'])
      expect(listingAnswerFindings(listing(query, emptyPage)).checked, `${totalPages} ${query}`).toEqual(['VAULT-1']);
  }
  expect(broken(listing('count=4&page=0', { code: 0, totalPages: 3, totalRecords: 0, data: [] }))).toEqual([
    'VAULT-3',
    'VAULT-2',
  ]);
  const noCards = { ...page(1, 1, 1), data: [{ customer_id: 'c', primary_card_number: '' }] };
  expect(listingAnswerFindings(listing('count=4&page=0', noCards)).checked).not.toContain('VAULT-7');
});
