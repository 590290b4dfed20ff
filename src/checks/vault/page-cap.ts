import { bodyField, succeeded, type Exchange } from '../../transport/exchange.js';
import { rejectionProblems } from '../auth.js';
import { askStill, sameVault } from './same-vault.js';
import { recordsOf } from './walk.js';

/**
 * Section 8: the maximum count per page is not shown. A gateway may refuse a larger count (the suite
 * accepts a refusal that reads as one), or serve pages of its maximum instead, with totalPages counted
 * in pages of that size, as many APIs cap a page size silently. Such a cap is read as one only when it
 * holds together: page 0 of a vault larger than it holds m < count records, totalPages is
 * ceil(totalRecords / m), the pages walked hold every record once, and a listing with count=m itself is
 * served exactly so. Anything else (pages short of count while totalPages follows count, pages that skip
 * records, a "cap" that shrinks with count) is judged against count.
 */

/** Page 0 read as pages of `size`: served, full, and totalPages counted in pages of that size. */
function pagedBy(page: Exchange, size: number): boolean {
  const totalRecords = bodyField(page, 'totalRecords');
  return (
    succeeded(page) &&
    Number.isInteger(totalRecords) &&
    (totalRecords as number) > size &&
    recordsOf(page).length === size &&
    bodyField(page, 'totalPages') === Math.ceil((totalRecords as number) / size)
  );
}

/** A walk of the listing at one count, as walk.ts makes it. */
export type WalkedPages = {
  pages: Exchange[];
  records: { customer_id?: unknown }[];
  totalRecords: number;
  complete: boolean;
};

/** Pages of a cap tile the vault: every record once, all of them when the walk went to the end. */
function tiles(walk: WalkedPages): boolean {
  const ids = walk.records.map((r) => r.customer_id);
  return new Set(ids).size === ids.length && (!walk.complete || ids.length === walk.totalRecords);
}

/** A cap read and confirmed by the listing at its own size. */
export type PageCap = { size: number; confirmed: Exchange };

/**
 * The page size the gateway serves for `count` when it caps it (see above), or undefined when page 0
 * holds what count asks for, or the pages do not read as a cap (judged against count). `listAt(m)` lists
 * page 0 with count=m. The listing at m confirms the cap on its own totals, whatever the vault holds by
 * then; one that does not confirm it is taken as refuting it only where it saw the walk's vault (sameVault),
 * so it is asked again while the vault moves, and a cap the moving vault kept from being settled comes
 * back as `moved` (what changed): neither a cap nor pages to judge against count.
 */
export async function pageCap(
  walk: WalkedPages,
  count: number,
  listAt: (count: number) => Promise<Exchange>,
): Promise<PageCap | { moved: string } | undefined> {
  const first = walk.pages[0];
  if (!first) return undefined;
  const size = recordsOf(first).length;
  if (size < 1 || size >= count || !pagedBy(first, size) || !tiles(walk)) return undefined;
  const confirmed = await listAt(size);
  if (pagedBy(confirmed, size)) return { size, confirmed };
  if (sameVault(first, confirmed).same) return undefined;
  const asked = await askStill(async (attempt) => [first, attempt === 1 ? confirmed : await listAt(size)]);
  const last = asked.answers[1]!;
  if (pagedBy(last, size)) return { size, confirmed: last };
  return asked.change === undefined
    ? undefined
    : { moved: `page 0 at count=${count} and at count=${size}: ${asked.change}` };
}

/**
 * VAULT-4 where page 0 at `count` was refused: a refusal reads as one of a count over a maximum when it is a clean
 * rejection, count=1 is served, and ten times the count is refused too.
 */
export function refusedCountProblems(count: number, refused: Exchange, one: Exchange, larger: Exchange): string[] {
  return [
    ...rejectionProblems(refused).map((p) => `count=${count}: ${p}`),
    ...(succeeded(one) ? [] : ['count=1 is refused too, so the refusal is not about a maximum count']),
    ...(succeeded(larger) ? [`count=${count * 10} is served, so count=${count} is not over a maximum`] : []),
  ];
}
