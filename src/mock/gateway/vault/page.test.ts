import { createHash } from 'node:crypto';
import { expect, test } from '../../../testing/fixtures.js';
import { buildBehaviours } from '../../behaviours/apply.js';
import { FAULTS } from '../../behaviours/faults.js';
import { resolveOptions } from '../../options.js';
import { seededCustomer } from '../../state/customers.js';
import { VAULT_LIMITS } from './query.js';
import { pageWindow, vaultPage } from './page.js';

const MILLION = 1_000_000;

test('a deep page of a million-customer vault computes only the records it holds', () => {
  const asked: number[] = [];
  const recordAt = (index: number) => {
    asked.push(index);
    return seededCustomer(index).record;
  };
  for (const orderBy of ['asc', 'desc'] as const) {
    asked.length = 0;
    const query = { count: VAULT_LIMITS.maxCount, page: 1999, orderOn: 'customer_id', orderBy } as const;
    const page = vaultPage(query, MILLION, pageWindow(query, MILLION), recordAt);
    expect(page.totalPages).toBe(2000);
    expect(page.data).toHaveLength(VAULT_LIMITS.maxCount);
    const first = orderBy === 'asc' ? 999_500 : 499;
    expect(asked).toHaveLength(VAULT_LIMITS.maxCount);
    expect(asked[0]).toBe(first);
    expect(page.data[0]).toEqual(seededCustomer(first).record);
  }
});

test('customer records are byte for byte what they have always been', () => {
  // Records 0–1,999 and 999,000–999,999, with no fault and with every vault-* fault on at once.
  const digest = (faults: string[]) => {
    const behaviour = buildBehaviours(resolveOptions().credentials, faults, []);
    const hash = createHash('sha256');
    for (const i of [...Array(2000).keys(), ...Array.from({ length: 1000 }, (_, k) => 999_000 + k)])
      hash.update(`${JSON.stringify(behaviour.recordAt(i))}\n`);
    return hash.digest('hex');
  };
  expect(digest([])).toBe('30b37c7ec401007d45a11a7260121deb509fdd887eeea037eaa1aa7b38cceece');
  expect(digest(FAULTS.map((f) => f.name).filter((n) => n.startsWith('vault-')))).toBe(
    '4351c827aecc551270e28d3a5107a46cb71f5b2c307431262832ad8d88eb1f58',
  );
});
