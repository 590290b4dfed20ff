import type { Behaviour } from './behaviour.js';
import { customerAt, type Customer } from './customers.js';
import { MockError } from './errors.js';
import { pageSize } from './off-path-faults.js';
import type { VaultQuery } from './vault-query.js';

export type VaultPage = { code: number; message: string; totalPages: number; totalRecords: number | string; data: Customer[] | Record<string, Customer> };

/** Pages hold at most this many records under fault vault-count-capped-at-20. */
const CAPPED_COUNT = 20;

/**
 * One page of the vault (section 2.3). Both sort keys grow with the record index, so either order is
 * the index order or its reverse and a page is computed straight from its position.
 */
export function vaultPage(query: VaultQuery, totalRecords: number, behaviour: Behaviour): VaultPage {
  const { faults, variants } = behaviour;
  const lastPage = Math.max(0, Math.ceil(totalRecords / query.count) - 1);
  let totalPages = faults.has('vault-total-pages-floor')
    ? Math.floor(totalRecords / query.count)
    : Math.ceil(totalRecords / query.count);
  if (faults.has('vault-total-pages-remaining')) totalPages = Math.max(0, totalPages - query.page);
  let page = faults.has('vault-page-index-from-1') ? Math.max(0, query.page - 1) : query.page;
  if (page > lastPage && faults.has('vault-past-end-repeats-last-page')) page = lastPage;
  let start = page * query.count;
  if (start >= totalRecords && query.page > 0 && variants.has('vault-past-end-fails')) {
    throw new MockError('pageInvalid', `page ${query.page} is past the last page (${lastPage}).`);
  }
  if (page > 0 && faults.has('vault-page-overlap')) start -= 1;
  let size = faults.has('vault-count-capped-at-20') ? Math.min(query.count, CAPPED_COUNT) : pageSize(query.count, faults);
  if (faults.has('vault-page-size-count-plus-one')) size += 1;
  const end = Math.min(start + size, totalRecords);
  const descending = query.orderBy === 'desc' && !faults.has('vault-desc-ignored');
  const data: Customer[] = [];
  for (let position = start; position < end; position++) {
    data.push(customerAt(descending ? totalRecords - 1 - position : position, behaviour));
  }
  if (descending && faults.has('vault-desc-across-pages-only')) data.reverse();
  return {
    code: faults.has('vault-success-code-200') ? 200 : 0,
    message: 'Success',
    totalPages,
    totalRecords: faults.has('vault-total-records-string') ? String(totalRecords) : faults.has('vault-total-records-off-by-one') ? totalRecords + 1 : totalRecords,
    data: faults.has('vault-data-object') ? Object.fromEntries(data.map((c) => [c.customer_id, c])) : data,
  };
}
