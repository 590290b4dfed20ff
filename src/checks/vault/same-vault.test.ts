import { expect, test } from '../../testing/fixtures.js';
import type { Exchange } from '../../transport/exchange.js';
import { madeUpExchange } from '../../testing/made-up/exchange.js';
import { askStill, sameVault, STILL_ATTEMPTS, vaultChange, vaultChangedObservation } from './same-vault.js';

/** A listing answer with these totals, to a request for `page` at `count`. */
function listed(totalRecords: unknown, totalPages: unknown, { count = 4, page = 0, status = 200 } = {}): Exchange {
  const answer = madeUpExchange(
    'platform',
    status,
    JSON.stringify(status === 200 ? { code: 0, totalRecords, totalPages, data: [] } : { code: 1201, message: 'no' }),
  );
  return { ...answer, request: { ...answer.request, url: `${answer.request.url}?count=${count}&page=${page}` } };
}

test('two pages that report the same totals saw the same vault', () => {
  expect(sameVault(listed(32, 8, { page: 6 }), listed(32, 8, { page: 7 }))).toEqual({ same: true });
});

test('two pages whose totals differ saw two states of the vault, and the change reads from the first to the second', () => {
  expect(sameVault(listed(32, 8, { page: 6 }), listed(34, 9, { page: 7 }))).toEqual({
    same: false,
    change: '32 → 34 records, 8 → 9 pages',
  });
  expect(sameVault(listed(33, 9), listed(34, 9))).toEqual({ same: false, change: '33 → 34 records' });
  // The same records counted in other pages at the same count: not the vault page 0 saw either.
  expect(sameVault(listed(32, 8), listed(32, 7))).toEqual({ same: false, change: '8 → 7 pages' });
});

test('answers at two counts are compared on totalRecords alone, as totalPages follows the count', () => {
  expect(sameVault(listed(32, 8, { count: 4 }), listed(32, 2, { count: 20 }))).toEqual({ same: true });
  expect(sameVault(listed(32, 8, { count: 4 }), listed(30, 2, { count: 20 }))).toEqual({
    same: false,
    change: '32 → 30 records',
  });
});

test('an answer without integer totals shows no change: a failure, or totals of another type judged by VAULT-1', () => {
  expect(sameVault(listed(32, 8), listed(undefined, undefined, { status: 400 }))).toEqual({ same: true });
  expect(sameVault(listed('34', 9), listed(32, 8))).toEqual({ same: false, change: '9 → 8 pages' });
  expect(sameVault(listed('34', '9'), listed(32, 8))).toEqual({ same: true });
});

test('a set of answers saw one vault when each later one saw the vault of the first', () => {
  expect(vaultChange([listed(32, 8), listed(32, 8), listed(32, 8)])).toBeUndefined();
  expect(vaultChange([listed(32, 8), listed(32, 8), listed(34, 9)])).toBe('32 → 34 records, 8 → 9 pages');
  expect(vaultChange([listed(32, 8)])).toBeUndefined();
});

test('answers to compare are asked for again while the vault moves, and at most STILL_ATTEMPTS times', async () => {
  // Another tester adds two customers between the two answers of every asking.
  let total = 32;
  const asked: number[] = [];
  const growing = async (attempt: number) => {
    asked.push(attempt);
    const before = listed(total, Math.ceil(total / 4), { page: 6 });
    total += 2;
    return [before, listed(total, Math.ceil(total / 4), { page: 7 })];
  };
  const never = await askStill(growing);
  expect(never).toMatchObject({ attempts: STILL_ATTEMPTS, change: '36 → 38 records, 9 → 10 pages' });
  expect(asked).toEqual([1, 2, 3]);

  // Still on the second asking: its answers are the ones compared.
  const still = [listed(40, 10, { page: 6 }), listed(40, 10, { page: 7 })];
  const settles = await askStill(async (attempt) => (attempt === 1 ? growing(attempt) : still));
  expect(settles).toEqual({ answers: still, attempts: 2 });

  // Still at once: asked once.
  asked.length = 0;
  expect(await askStill(async (attempt) => (asked.push(attempt), still))).toEqual({ answers: still, attempts: 1 });
  expect(asked).toEqual([1]);
});

test('a comparison the moving vault kept from being judged is observed, its value without the totals', () => {
  const seen = vaultChangedObservation('walk at count=4', ['pages 6 and 7: 32 → 34 records, 8 → 9 pages'], 3);
  expect(seen.data).toEqual({ kind: 'vault-changed', subject: 'walk at count=4', value: 'not compared' });
  expect(seen.text).toBe(
    'walk at count=4: the vault changed between answers to compare, each of the 3 time(s) they were asked ' +
      '(pages 6 and 7: 32 → 34 records, 8 → 9 pages); another tester changing a shared sandbox is no ' +
      'violation, so they were not compared',
  );
  const many = vaultChangedObservation('pages', ['a', 'b', 'c', 'd', 'e'], 3);
  expect(many.text).toContain('(a; b; c; … (5 in all))');
  expect(many.data.value).toBe('not compared');
});
