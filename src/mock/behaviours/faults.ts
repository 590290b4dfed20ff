import { AUTH_FAULTS } from './auth.js';
import { FAILURE_FAULTS } from './failures.js';
import { OFF_PATH_FAULTS } from './off-path.js';
import { TOKENIZE_FAULTS } from './tokenize/faults.js';
import type { RegistryEntry } from './behaviour.js';
import { VAULT_RECORD_FAULTS } from './vault/records.js';
import { VAULT_DATA_FAULTS } from './vault/data.js';
import { VAULT_FAULTS } from './vault/listing.js';
import { WEBHOOK_FAULTS } from './webhooks.js';
import { WIRE_FAULTS } from './wire.js';

/**
 * Deliberate faults: each breaks one rule of spec/rules.yaml so the suite can prove it notices. Each is
 * one entry (name, rule, description, `modes`, and what it changes) in the file of the seam it works at;
 * this is the one list of them. `modes` narrows where verify:suite expects it caught; a fault invisible
 * to a black-box client says why.
 */
export const FAULTS = [
  ...AUTH_FAULTS, // section 5 (AUTH-1 … AUTH-5)
  ...VAULT_FAULTS, // the listing's query, window and envelope (AUTH-6, VAULT-1 … VAULT-6)
  ...VAULT_DATA_FAULTS, // an empty listing that still lists records (VAULT-4)
  ...VAULT_RECORD_FAULTS, // the seeded records (VAULT-7, VAULT-8, ERR-5)
  ...TOKENIZE_FAULTS, // tokenize's request, store and answer (TOK-1 … TOK-10, ERR-5)
  ...WEBHOOK_FAULTS, // disable, the webhook store, delivery (HOOK-1 … HOOK-8, ERR-5)
  ...FAILURE_FAULTS, // failure answers (AUTH-7, ERR-1, ERR-2)
  ...WIRE_FAULTS, // every answer on the link (ERR-3, ERR-4)
  ...OFF_PATH_FAULTS, // only generated inputs reach them (TOK-1, TOK-8, TOK-9, TOK-10, VAULT-2)
] as const satisfies readonly RegistryEntry[];
