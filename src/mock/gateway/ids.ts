import { randomFillSync } from 'node:crypto';

/**
 * Random, unguessable identifiers: a card ID must not be derivable from another one. The bytes come from
 * the CSPRNG in 4 KiB batches, each byte used once: one call per ~300 IDs rather than one per ID, which
 * measured ~3 µs per ID (a tokenize answer needs two) against ~0.2 µs (see docs/bench.md).
 */
const pool = Buffer.alloc(4096);
let used = pool.length;

function randomHex(bytes: number): string {
  if (used + bytes > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const hex = pool.toString('hex', used, used + bytes);
  used += bytes;
  return hex;
}

export function newCardId(): string {
  return `tok_${randomHex(12)}`;
}

export function newPgId(): string {
  return `pg_${randomHex(10)}`;
}

export function newWebhookId(): string {
  return `wh_${randomHex(8)}`;
}

export function newRequestId(): string {
  return `req_${randomHex(8)}`;
}
