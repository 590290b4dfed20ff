import { expect, test } from '../../testing/fixtures.js';
import { accentedId, caseInsensitiveId, localeOrderId } from '../../mock/behaviours/vault/customer-ids.js';
import {
  COLLATIONS,
  collationObservation,
  customerIds,
  descendingUnder,
  orderProblems,
  tiesUnder,
} from './collation.js';

const names = (ids: string[]) => descendingUnder(ids).map((c) => c.name);
const listedDesc = (spell: (i: number) => string, n: number) => Array.from({ length: n }, (_, i) => spell(n - 1 - i));

test('padded lower-case IDs descend under every collation, so the observation says it cannot tell', () => {
  const ids = ['cust_0000025', 'cust_0000024', 'cust_0000003'];
  expect(names(ids)).toEqual(COLLATIONS.filter((c) => c.name !== 'numeric').map((c) => c.name));
  expect(collationObservation(ids)?.data).toEqual({
    kind: 'customer-id-collation',
    subject: 'listCustomers',
    value: 'any (the IDs sort alike under every collation tried)',
  });
});

test('an ascending or unordered listing descends under no collation, and the failure names the pair', () => {
  expect(orderProblems(['cust_0000001', 'cust_0000002', 'cust_0000003'])[0]).toMatch(
    /^customer_id "cust_0000002" follows "cust_0000001" \(record 1\), ascending under/,
  );
  // Descending pages listed ascending within each page (vault-desc-across-pages-only).
  expect(
    orderProblems(['cust_0000023', 'cust_0000024', 'cust_0000025', 'cust_0000020', 'cust_0000021', 'cust_0000022']),
  ).toHaveLength(1);
  expect(orderProblems(['Cust-0000025', 'cust_0000024'])).toEqual([]);
});

test("the issue's IDs fit the locale collations and not code point order", () => {
  const fits = names(['Cust-0000025', 'cust_0000024', 'CUST.0000023']);
  expect(fits).toContain('locale, punctuation ignored');
  expect(fits).not.toContain('code point');
});

test('numbers in the IDs: an integer column descends numerically, and natural order needs the numeric locale collation', () => {
  expect(names(['12', '11', '9', '1'])).toEqual([
    'numeric',
    'locale, numbers by value',
    'locale, numbers by value, punctuation ignored',
  ]);
  expect(names(['cust_12', 'cust_9', 'cust_1'])).toEqual([
    'locale, numbers by value',
    'locale, numbers by value, punctuation ignored',
  ]);
  expect(names(['cust_9', 'cust_12'])).not.toContain('numeric'); // not whole numbers: the integer reading does not apply
});

test('code point order is not UTF-16 code unit order above U+FFFF', () => {
  // U+1F600 is above U+FF5A in code points, below it in UTF-16 code units (its high surrogate is 0xD83D).
  expect(names(['a\u{1F600}', 'a\uFF5A'])).toContain('code point');
  expect(names(['a\u{1F600}', 'a\uFF5A'])).not.toContain('UTF-16 code unit');
  expect(names(['a\uFF5A', 'a\u{1F600}'])).toContain('UTF-16 code unit');
});

test('IDs equal at the first level are ties in either order, and the observation counts them', () => {
  for (const pair of [
    ['cust-0000004', 'Cust_0000004'],
    ['Cust_0000004', 'cust-0000004'],
  ])
    expect(names(pair)).toContain('locale, punctuation ignored');
  const ids = ['cust_0000005', 'CUST_0000004', 'cust_0000004', 'cust_0000003'];
  const ci = COLLATIONS.find((c) => c.name === 'case-insensitive (lower case)')!;
  expect(tiesUnder(ids, ci)).toEqual([['CUST_0000004', 'cust_0000004']]);
  expect(collationObservation(ids)?.text).toMatch(/1 neighbouring pair\(s\) tie at its first level/);
});

test('the same ID twice (a shared vault that moved between pages) never breaks the order', () => {
  expect(orderProblems(['cust_0000009', 'cust_0000008', 'cust_0000008', 'cust_0000007'])).toEqual([]);
});

test('records without a customer_id are left out of the order, numbers are read as their text', () => {
  expect(customerIds([{ customer_id: 'b' }, { customer_id: null }, {}, { customer_id: 7 }])).toEqual(['b', '7']);
});

test("the mock's collation variants fit only the collations they stand for", () => {
  expect(names(listedDesc(localeOrderId, 60))).toEqual([
    'locale, punctuation ignored',
    'locale, numbers by value, punctuation ignored',
  ]);
  const ci = names(listedDesc(caseInsensitiveId, 60));
  expect(ci).toContain('case-insensitive (lower case)');
  expect(ci).not.toContain('code point');
  expect(ci).not.toContain('UTF-16 code unit');
  expect(names(listedDesc(accentedId, 60))).toEqual([
    'locale',
    'locale, punctuation ignored',
    'locale, numbers by value',
    'locale, numbers by value, punctuation ignored',
  ]);
});

test('a pair left unjudged (pages that saw two states of the vault) neither breaks the order nor ties', () => {
  // Pages 6 and 7 at count=2 read across two customers added above page 7: its records moved down two places.
  const ids = ['cust_0000012', 'cust_0000011', 'cust_0000012', 'cust_0000011'];
  expect(orderProblems(ids)).toHaveLength(1);
  expect(orderProblems(ids, new Set([2]))).toEqual([]);
  expect(descendingUnder(ids, new Set([2]))).toHaveLength(8);
  expect(collationObservation(ids, new Set([2]))?.data.value).toBe(
    'any (the IDs sort alike under every collation tried)',
  );
  // Across the unjudged pair, a tie is not listed either; within a page, an ascent still fails.
  expect(tiesUnder(['Cust-1', 'cust_1'], COLLATIONS[6]!, new Set([1]))).toEqual([]);
  expect(orderProblems(['cust_0000011', 'cust_0000012', 'cust_0000013'], new Set([2]))[0]).toMatch(
    /^customer_id "cust_0000012" follows "cust_0000011" \(record 1\)/,
  );
  // Only unjudged pairs: nothing was compared, so there is no collation to observe.
  expect(collationObservation(['cust_0000002', 'cust_0000003'], new Set([1]))).toBeUndefined();
});
