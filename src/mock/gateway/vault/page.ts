import type { Customer } from '../../state/customers.js';
import type { VaultQuery } from './query.js';

export type VaultPage = { code: number; message: string; totalPages: number; totalRecords: number; data: Customer[] };

/** Positions [start, end) of the listing in sort order; position p is record p, or total - 1 - p descending. */
export type PageWindow = { start: number; end: number; descending: boolean };

/**
 * Section 2.3: page p of size count holds positions [p × count, +count). Both sort keys grow with the
 * record index, so either order is the index order or its reverse and a page is computed from its position.
 */
export function pageWindow(query: VaultQuery, totalRecords: number): PageWindow {
  const start = query.page * query.count;
  return { start, end: Math.min(start + query.count, totalRecords), descending: query.orderBy === 'desc' };
}

/** One page of the vault: totalPages = ceil(totalRecords / count), the records the window holds. */
export function vaultPage(
  query: VaultQuery,
  totalRecords: number,
  window: PageWindow,
  recordAt: (index: number) => Customer,
): VaultPage {
  const data: Customer[] = [];
  for (let position = window.start; position < window.end; position++) {
    data.push(recordAt(window.descending ? totalRecords - 1 - position : position));
  }
  return { code: 0, message: 'Success', totalPages: Math.ceil(totalRecords / query.count), totalRecords, data };
}
