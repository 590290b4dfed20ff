import { MockError } from '../../gateway/errors.js';
import { PARAMETERS, type VaultQuery } from '../../gateway/vault/query.js';
import type { SeamAnswer, AnswerContext } from '../../gateway/seams.js';
import type { Behaviour } from '../behaviour.js';

/** Section 2.3 and 4.2 behaviours: the query before it is judged, the page's window, the envelope. */

type ReadQuery = (query: Record<string, unknown>) => VaultQuery;

/** A judged query refused afterwards when `refused` says so. */
const refuse =
  (refused: (raw: Record<string, unknown>, query: VaultQuery) => MockError | undefined) =>
  (next: ReadQuery): ReadQuery =>
  (raw) => {
    const query = next(raw);
    const error = refused(raw, query);
    if (error) throw error;
    return query;
  };

type Envelope = { totalPages: number; totalRecords: unknown; data: { customer_id: string }[] | unknown; code: number };

/** Changes a listing's envelope, knowing what was asked and how many records there are. */
const onPage =
  (change: (body: Envelope, query: VaultQuery, total: number) => void) =>
  (answer: SeamAnswer, context: AnswerContext) => {
    if (context.operation === 'listCustomers' && answer.body)
      change(answer.body as unknown as Envelope, context.query, context.total);
  };

/** Pages hold at most this many records under fault vault-count-capped-at-20. */
const CAPPED_COUNT = 20;
const lastPage = (query: VaultQuery, total: number) => Math.max(0, Math.ceil(total / query.count) - 1);

export const VAULT_FAULTS = [
  // AUTH-6: with valid credentials the vault listing succeeds (code 0).
  {
    name: 'vault-refuses-string-merchant-id',
    rule: 'AUTH-6',
    description:
      "The listing takes merchant_id only as an integer and refuses the merchant's string ID (code 1205); section 4.2 allows a string.",
    readVaultQuery: refuse((raw) =>
      typeof raw.merchant_id === 'string' && !/^[0-9]+$/.test(raw.merchant_id)
        ? new MockError('merchantMismatch')
        : undefined,
    ),
  },
  {
    name: 'vault-success-code-200',
    rule: 'AUTH-6',
    description: 'A successful listing answers code 200 (the HTTP status) instead of 0.',
    answer: onPage((b) => (b.code = 200)),
  },
  // VAULT-1: the stated envelope.
  {
    name: 'vault-total-records-string',
    rule: 'VAULT-1',
    description: 'totalRecords is a string of digits.',
    answer: onPage((b) => (b.totalRecords = String(b.totalRecords))),
  },
  {
    name: 'vault-data-object',
    rule: 'VAULT-1',
    description: 'data is an object keyed by customer_id instead of an array.',
    answer: onPage(
      (b) => (b.data = Object.fromEntries((b.data as { customer_id: string }[]).map((c) => [c.customer_id, c]))),
    ),
  },
  // VAULT-2: page sizes.
  {
    name: 'vault-page-size-count-plus-one',
    rule: 'VAULT-2',
    description: "Every page holds count + 1 records (each page repeats the next one's first record).",
    vaultWindow: (next) => (q, total) => {
      const w = next(q, total);
      return { ...w, end: Math.min(w.start + q.count + 1, total) };
    },
  },
  {
    name: 'vault-count-capped-at-20',
    rule: 'VAULT-2',
    description: 'Pages hold at most 20 records whatever count says, while totalPages still follows count.',
    vaultWindow: (next) => (q, total) => {
      const w = next(q, total);
      return { ...w, end: Math.min(w.start + Math.min(q.count, CAPPED_COUNT), total) };
    },
  },
  // VAULT-3: totalPages = ceil(totalRecords / count), the same on every page.
  {
    name: 'vault-total-pages-floor',
    rule: 'VAULT-3',
    description: 'Computes totalPages as floor(totalRecords / count) instead of ceil.',
    answer: onPage((b, q, total) => (b.totalPages = Math.floor(total / q.count))),
  },
  {
    name: 'vault-total-records-off-by-one',
    rule: 'VAULT-3',
    description: 'totalRecords is one more than the records there are.',
    answer: onPage((b, _q, total) => (b.totalRecords = total + 1)),
  },
  {
    name: 'vault-total-pages-remaining',
    rule: 'VAULT-3',
    description: 'totalPages counts the pages from the one asked for to the end, so it shrinks as the walk goes on.',
    answer: onPage((b, q) => (b.totalPages = Math.max(0, b.totalPages - q.page))),
  },
  // VAULT-4: pages 0 … totalPages-1 hold every record once.
  {
    name: 'vault-page-overlap',
    rule: 'VAULT-4',
    description: "Every page after the first starts one record early, repeating the previous page's last record.",
    vaultWindow: (next) => (q, total) => {
      const w = next(q, total);
      return q.page > 0 ? { ...w, start: w.start - 1, end: Math.min(w.start - 1 + q.count, total) } : w;
    },
  },
  {
    name: 'vault-page-index-from-1',
    rule: 'VAULT-4',
    description: 'Pages count from 1: page 0 and page 1 both answer the first page.',
    vaultWindow: (next) => (q, total) => next({ ...q, page: Math.max(0, q.page - 1) }, total),
  },
  {
    name: 'vault-later-pages-refused',
    rule: 'VAULT-4',
    description:
      'Only page 0 is served: every later page answers code 1202 (page out of range), totalPages whatever it is.',
    readVaultQuery: refuse((_raw, query) => (query.page > 0 ? new MockError('pageInvalid') : undefined)),
  },
  {
    name: 'vault-count-7-refused',
    rule: 'VAULT-4',
    description:
      'count=7 is refused (code 1201) while larger counts are served: a refusal no maximum count per page explains.',
    readVaultQuery: refuse((_raw, query) => (query.count === 7 ? new MockError('countInvalid') : undefined)),
  },
  // VAULT-5: customer_id descends with order_by=desc.
  {
    name: 'vault-desc-ignored',
    rule: 'VAULT-5',
    description: 'order_by=desc is ignored; records always come in ascending order.',
    vaultWindow: (next) => (q, total) => ({ ...next(q, total), descending: false }),
  },
  {
    name: 'vault-desc-across-pages-only',
    rule: 'VAULT-5',
    description: 'With order_by=desc the pages come in descending order but each page lists its records ascending.',
    answer: onPage((b, q) => q.orderBy === 'desc' && Array.isArray(b.data) && b.data.reverse()),
  },
  // VAULT-6: a page past the last holds no records.
  {
    name: 'vault-past-end-repeats-last-page',
    rule: 'VAULT-6',
    description: 'A page past the last one answers the last page again.',
    vaultWindow: (next) => (q, total) => next({ ...q, page: Math.min(q.page, lastPage(q, total)) }, total),
  },
] as const satisfies readonly Behaviour[];

export const VAULT_VARIANTS = [
  // Section 8 and 4.2: the maximum count, the parameters' defaults and a page past the end are not shown.
  {
    name: 'vault-max-count-20',
    rule: 'VAULT-2',
    description: 'count above 20 is refused (code 1201, HTTP 400): the maximum count per page is not shown.',
    readVaultQuery: refuse((_raw, q) =>
      q.count > 20 ? new MockError('countInvalid', 'count must be a whole number from 1 to 20.') : undefined,
    ),
  },
  {
    name: 'vault-count-capped-silently',
    rule: 'VAULT-2',
    description:
      'count above 20 is served as 20 without a word: pages hold at most 20 records and totalPages is ' +
      'counted in pages of 20 (the maximum count per page is not shown).',
    readVaultQuery: (next) => (raw) => {
      const query = next(raw);
      return query.count > CAPPED_COUNT ? { ...query, count: CAPPED_COUNT } : query;
    },
  },
  {
    name: 'vault-parameters-required',
    rule: 'AUTH-6',
    description:
      'The listing needs every section 4.2 parameter (count, page, order_on, order_by, merchant_id); a missing one is refused (code 1207).',
    readVaultQuery: refuse((raw) => {
      const missing = PARAMETERS.filter((name) => raw[name] === undefined);
      return missing.length ? new MockError('parameterMissing', `The listing needs ${missing.join(', ')}.`) : undefined;
    }),
  },
  {
    name: 'vault-past-end-fails',
    rule: 'VAULT-6',
    description: 'A vault page past the last one answers a platform failure instead of code 0 with an empty page.',
    vaultWindow: (next) => (q, total) => {
      const w = next(q, total);
      if (w.start >= total && q.page > 0)
        throw new MockError('pageInvalid', `page ${q.page} is past the last page (${lastPage(q, total)}).`);
      return w;
    },
  },
] as const satisfies readonly Behaviour[];
