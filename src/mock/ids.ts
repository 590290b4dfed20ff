import { randomBytes } from 'node:crypto';

/** Random, unguessable identifiers: a card ID must not be derivable from another one. */
export function newCardId(): string {
  return `tok_${randomBytes(12).toString('hex')}`;
}

export function newPgId(): string {
  return `pg_${randomBytes(10).toString('hex')}`;
}

export function newWebhookId(): string {
  return `wh_${randomBytes(8).toString('hex')}`;
}

export function newRequestId(): string {
  return `req_${randomBytes(8).toString('hex')}`;
}
