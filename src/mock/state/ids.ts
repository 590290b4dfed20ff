import { randomBytes } from 'node:crypto';

/** Random, unguessable identifiers: a card ID must not be derivable from another one. */
const randomHex = (bytes: number) => randomBytes(bytes).toString('hex');

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
