import { AUTH_VARIANTS } from './auth.js';
import { CUSTOMER_ID_VARIANTS } from './vault/customer-ids.js';
import { LINK_VARIANTS } from './link.js';
import { STATUS_VARIANTS } from './failures.js';
import { TOKENIZE_VARIANTS } from './tokenize/variants.js';
import type { RegistryEntry } from './behaviour.js';
import { VAULT_DATA_VARIANTS } from './vault/data.js';
import { VAULT_VARIANTS } from './vault/listing.js';
import { WEBHOOK_VARIANTS } from './webhooks.js';
import { WIRE_VARIANTS } from './wire.js';

/**
 * Legitimate variations: choices the document leaves open ("not shown") where a real gateway may differ
 * from the mock's default. A conformant suite must pass with any of them on. `rule` names the rule whose
 * leeway the variation uses. Each is one entry in the file of the seam it works at; this is the one list.
 */
export const VARIANTS = [
  ...STATUS_VARIANTS, // section 7: statuses and error-body changes
  ...WIRE_VARIANTS, // section 2 and 8: fields, wording, media types, headers, timing
  ...TOKENIZE_VARIANTS, // section 8: card number lengths
  ...VAULT_VARIANTS, // section 4.2 and 8: the listing's limits, defaults, past the end
  ...VAULT_DATA_VARIANTS, // section 2.3 and 4.2: what a real, shared sandbox's vault holds
  ...CUSTOMER_ID_VARIANTS, // section 4.2: customer IDs a collation orders, not code point order
  ...WEBHOOK_VARIANTS, // section 4.3: re-disabling
  ...AUTH_VARIANTS, // section 5.6: the try-it tool's token
  ...LINK_VARIANTS, // section 8 and the link: rate limits, latency, compression, connections, streaming
] as const satisfies readonly RegistryEntry[];
