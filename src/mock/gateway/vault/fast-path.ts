import { customerAt } from '../../state/customers.js';
import type { VaultQuery } from './query.js';

/**
 * The vault listing's fast path: the same bytes as JSON.stringify(vaultPage(...)), assembled from each
 * record's JSON, which is cached. A record is a pure function of its index, so a cached record never goes
 * stale (reseeding the vault changes which indices a page shows, not what a record holds).
 *
 * Taken only when no behaviour is on. Behaviours change the window, the envelope and the records, and
 * reshape bodies in a preSerialization hook, which never runs for a string or Buffer payload.
 * Any fault or variant at all sends the listing through vaultPage and the JSON serializer.
 *
 * Records and pages are kept as UTF-8 bytes, not strings: Node encodes a string payload again on every
 * write to the socket, and side by side a 17 KB page cost ~50 µs of CPU per answer as a string against
 * 32–38 µs as a Buffer, which is written as it is.
 */
export function fastPathApplies(behaviours: { readonly none: boolean }): boolean {
  return behaviours.none;
}

/** Records kept per server. A record's JSON is ~1.6 KB (at most ~2 KB), so the cache stays under ~20 MB. */
export const RECORD_CACHE_SIZE = 10_000;

/** `text` as UTF-8, in memory of its own (not a slab of Buffer's shared pool, which a cached record would pin). */
function ownBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

/**
 * Record JSON by index, one cache per server (never shared between behaviours), bounded by `limit`.
 * Two generations of at most limit / 2 records each: a record is added to the current one, a hit in the
 * previous one is copied to the current one, and when the current one is full it becomes the previous one
 * and the old previous one is dropped whole. So a record used within the last limit / 2 records stays, and
 * every step is O(1); a Map used as an exact LRU (delete the first key on each insert) was not: V8 scans
 * the deleted slots at the front of the table for each first key, ~15 µs per record once the cache was full.
 */
export class RecordCache {
  #current = new Map<number, Buffer>();
  #previous = new Map<number, Buffer>();
  readonly #generation: number;

  constructor(readonly limit = RECORD_CACHE_SIZE) {
    this.#generation = Math.max(1, Math.floor(limit / 2));
  }

  /** Records held now, at most `limit`. */
  get size(): number {
    return this.#current.size + this.#previous.size;
  }

  has(index: number): boolean {
    return this.#current.has(index) || this.#previous.has(index);
  }

  /** JSON.stringify(customerAt(index)) as UTF-8. Never change the Buffer: it is shared. */
  bytes(index: number): Buffer {
    const current = this.#current.get(index);
    if (current !== undefined) return current;
    const bytes = this.#previous.get(index) ?? ownBytes(JSON.stringify(customerAt(index)));
    if (this.#current.size >= this.#generation) {
      this.#previous = this.#current;
      this.#current = new Map();
    }
    this.#current.set(index, bytes);
    return bytes;
  }
}

const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']}');

/**
 * The page vaultPage computes with no fault or variant on, as JSON bytes: totalPages = ceil(total / count),
 * records [page × count, +count) in index order or its reverse, an empty data past the end.
 */
export function vaultPageBytes(query: VaultQuery, totalRecords: number, records: RecordCache): Buffer {
  const totalPages = Math.ceil(totalRecords / query.count);
  const start = query.page * query.count;
  const end = Math.min(start + query.count, totalRecords);
  const descending = query.orderBy === 'desc';
  const parts: Buffer[] = [
    Buffer.from(`{"code":0,"message":"Success","totalPages":${totalPages},"totalRecords":${totalRecords},"data":[`),
  ];
  for (let position = start; position < end; position++) {
    if (position > start) parts.push(COMMA);
    parts.push(records.bytes(descending ? totalRecords - 1 - position : position));
  }
  parts.push(CLOSE);
  return Buffer.concat(parts);
}

/** Pages kept whole, each at most PAGE_CACHE_BYTES: at most ~2 MB beside the records. */
const PAGE_CACHE_PAGES = 32;
const PAGE_CACHE_BYTES = 64 * 1024;

/**
 * A server's vault listing on the fast path: the records from their cache, and the last few pages asked
 * for (up to 64 KB each, ~35 records) kept whole, so a page asked for again is sent as it is.
 * A page is a pure function of the vault size, count, page and order.
 */
export class VaultPages {
  readonly records: RecordCache;
  readonly #pages = new Map<string, Buffer>();

  constructor(recordLimit = RECORD_CACHE_SIZE) {
    this.records = new RecordCache(recordLimit);
  }

  /** The page's JSON as UTF-8. Never change the Buffer: it may be shared with later answers. */
  body(query: VaultQuery, totalRecords: number): Buffer {
    // order_on does not change a page: both sort keys follow the index.
    const key = `${totalRecords} ${query.count} ${query.page} ${query.orderBy}`;
    const cached = this.#pages.get(key);
    if (cached !== undefined) return cached;
    const page = vaultPageBytes(query, totalRecords, this.records);
    if (page.length <= PAGE_CACHE_BYTES) {
      // Emptied when full: refilling 32 pages from cached records costs less than tracking their use.
      if (this.#pages.size >= PAGE_CACHE_PAGES) this.#pages.clear();
      this.#pages.set(key, page);
    }
    return page;
  }
}
