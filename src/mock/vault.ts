import type { Behaviour } from './behaviour.js';
import { customerAt, type Customer } from './customers.js';
import { MockError } from './errors.js';
import type { VaultQuery } from './vault-query.js';

export type VaultPage = { code: 0; message: string; totalPages: number; totalRecords: number; data: Customer[] };

/**
 * One page of the vault (section 2.3). Both sort keys grow with the record index, so either order is
 * the index order or its reverse and a page is computed straight from its position.
 */
export function vaultPage(query: VaultQuery, totalRecords: number, behaviour: Behaviour): VaultPage {
  const totalPages = behaviour.faults.has('vault-total-pages-floor')
    ? Math.floor(totalRecords / query.count)
    : Math.ceil(totalRecords / query.count);
  const start = query.page * query.count;
  if (start >= totalRecords && query.page > 0 && behaviour.variants.has('vault-past-end-fails')) {
    throw new MockError('pageInvalid', `page ${query.page} is past the last page (${Math.max(0, totalPages - 1)}).`);
  }
  const end = Math.min(start + query.count, totalRecords);
  const data: Customer[] = [];
  for (let position = start; position < end; position++) {
    data.push(customerAt(query.orderBy === 'asc' ? position : totalRecords - 1 - position));
  }
  return { code: 0, message: 'Success', totalPages, totalRecords, data };
}
