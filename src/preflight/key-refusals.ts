import { succeeded, type Exchange } from '../transport/exchange.js';
import { described, same, saidBy } from '../checks/compared-answers.js';
import type { SuiteConfig } from '../config/config.js';

/**
 * The sentences that name a refused key, and what decides between them. A key the target refused is one of
 * two things a black box can tell apart: a key it never issued (answered exactly as a key the suite made up),
 * or a key it knows but refuses (answered otherwise, and served nowhere the preflight asked). The vault
 * listing decides it for the vendor key, because the listing takes no vendor ID: a refusal there cannot be the
 * vendor ID's. Every operation takes the merchant ID, so a merchant key is named as known but refused only
 * where another key shows PG_MERCHANT_ID is one the target serves (id-comparisons.ts).
 */

type Target = Pick<SuiteConfig, 'target' | 'allowWrites'>;

/** How the vault listing took a key: served, answered exactly as a key never issued, or refused otherwise. */
export type ListingTook = 'served' | 'never issued' | 'refused';

/** The listing's answer to a key, beside a made-up key's (asked wherever a key's listing was refused). */
export function listingTook(answer: Exchange, madeUpKey: Exchange | undefined): ListingTook {
  if (succeeded(answer)) return 'served';
  return madeUpKey && same(answer, madeUpKey) && !succeeded(madeUpKey) ? 'never issued' : 'refused';
}

/** An answer for a sentence: the document's terms, then the target's own words where it gave some (redacted). */
export function answerOf(e: Exchange, redact: (text: string) => string): string {
  const said = saidBy(e, redact);
  return said ? `${described(e)}, ${said}` : described(e);
}

const where = (config: Target) => (config.target === 'production' ? 'production' : 'this sandbox');

/**
 * What to do about a key the target refuses. A mock named by PG_BASE_URL has no manager portal: its keys are
 * MOCK_API_KEY and MOCK_VENDOR_API_KEY. A key the target knows is checked there before a new one is copied:
 * copying the same disabled key again changes nothing.
 */
export function keyRemedy(variable: 'PG_API_KEY' | 'PG_VENDOR_API_KEY', config: Target, known: boolean): string {
  if (config.target === 'mock') {
    return (
      `set it to the key the mock was started with (${variable === 'PG_API_KEY' ? 'MOCK_API_KEY' : 'MOCK_VENDOR_API_KEY'}), ` +
      "or leave it unset for the mock's built-in one"
    );
  }
  if (!known) {
    const what = variable === 'PG_API_KEY' ? 'the merchant API key' : 'the vendor API key';
    return `copy ${what} for ${where(config)} from the manager portal`;
  }
  return variable === 'PG_API_KEY'
    ? `check in the manager portal that the API key of PG_MERCHANT_ID's merchant for ${where(config)} is active, ` +
        'and copy it from there'
    : `check in the manager portal that the vendor API key for ${where(config)} is active and holds the ` +
        "integrator's permission, or copy a new one from there";
}

export const WITHOUT_INTEGRATOR =
  '(Unsetting PG_VENDOR_ID and PG_VENDOR_API_KEY skips the integrator checks instead; the run then ends ' +
  'NOT FULLY EXERCISED at best.)';

/** Where the run may not write only the listing was asked, and a gateway refusing a valid key there looks the same. */
export const ONLY_THE_LISTING =
  '(Production without PG_ALLOW_WRITES=1 offers only the listing to ask, so a gateway that refuses a valid key on ' +
  'the listing would look the same: if the key is right, run with PG_ALLOW_WRITES=1 to tell.)';

/** The listing's refusal of a key the target knows: what it answered, beside what a key never issued gets. */
const refusedOnListing = (listing: Exchange, madeUpKey: Exchange, redact: (t: string) => string) =>
  `refused it (${answerOf(listing, redact)}), though not as it refuses a key it never issued (${described(madeUpKey)})`;

/**
 * PG_VENDOR_API_KEY known to the target but refused on the listing, which takes no vendor ID, and on tokenize,
 * which could not tell PG_VENDOR_ID from a made-up one with it (`onTokenize`, undefined where the run may not
 * write): the key is named, never the vendor ID.
 */
export function vendorKeyKnownButRefused(
  config: Target,
  listing: { answer: Exchange; madeUpKey: Exchange },
  onTokenize: Exchange | undefined,
  redact: (t: string) => string,
): string {
  const tokenize = onTokenize
    ? ', and tokenize with it answered PG_VENDOR_ID exactly as a vendor ID the suite made up ' +
      `(${answerOf(onTokenize, redact)})`
    : '';
  const readOnly = onTokenize ? '' : ` ${ONLY_THE_LISTING}`;
  return (
    'The target refused PG_VENDOR_API_KEY: the vault listing, which takes no vendor ID, ' +
    `${refusedOnListing(listing.answer, listing.madeUpKey, redact)}${tokenize}, so the gateway knows the key but ` +
    "refuses it (disabled, expired, or without the integrator's permission); " +
    `${keyRemedy('PG_VENDOR_API_KEY', config, true)}. Or the key is right and the gateway refuses every integrator ` +
    `key, a deviation AUTH-5 names, which looks the same from outside.${readOnly} ${WITHOUT_INTEGRATOR}`
  );
}

/**
 * The vendor key's sentence where tokenize cannot tell PG_VENDOR_ID apart with either key, and the key is the
 * likelier cause: tokenize answered it as a key it never issued (`keyAlike`), or the listing did (`onListing`)
 * though tokenize told it from one. A wrong vendor ID and a gateway refusing every integrator look the same.
 */
export function vendorKeyNotIssued(
  config: Target,
  onListing: Exchange | undefined,
  onTokenize: Exchange,
  keyAlike: boolean,
  redact: (t: string) => string,
): string {
  const listing = onListing
    ? `the vault listing answered it exactly as it answers a key it never issued (${answerOf(onListing, redact)}), and `
    : '';
  const tokenize = keyAlike
    ? `tokenize ${onListing ? 'too' : 'answered it exactly as it answers a key it never issued'} (${answerOf(onTokenize, redact)})`
    : `tokenize with it answered PG_VENDOR_ID exactly as a vendor ID the suite made up (${answerOf(onTokenize, redact)})`;
  return (
    `The target refused PG_VENDOR_API_KEY: ${listing}${tokenize}; ${keyRemedy('PG_VENDOR_API_KEY', config, false)}. ` +
    'Or the key is right and PG_VENDOR_ID is wrong, or the gateway refuses every integrator (deviations AUTH-5 and ' +
    `TOK-5 name), which looks the same from outside. ${WITHOUT_INTEGRATOR}`
  );
}

/**
 * PG_API_KEY known to the target but refused alike with PG_MERCHANT_ID and a made-up merchant ID, on the
 * listing and on tokenize (`onTokenize`, the answers in each form; undefined where the run may not write),
 * while the listing serves PG_MERCHANT_ID to the vendor key and not a made-up one: the merchant ID is one the
 * target serves, so the key is named.
 */
export function merchantKeyKnownButRefused(
  config: Target,
  listing: { answer: Exchange; madeUpKey: Exchange },
  integrator: { served: Exchange; madeUp: Exchange },
  onTokenize: string | undefined,
  redact: (t: string) => string,
): string {
  const tokenize = onTokenize ? `, and so did tokenize (${onTokenize})` : '';
  const readOnly = onTokenize ? '' : ` ${ONLY_THE_LISTING}`;
  return (
    `The target refused PG_API_KEY: the vault listing ${refusedOnListing(listing.answer, listing.madeUpKey, redact)}, ` +
    `with PG_MERCHANT_ID as with a merchant ID the suite made up${tokenize}, while the listing serves PG_MERCHANT_ID ` +
    `to PG_VENDOR_API_KEY (${described(integrator.served)}) and not a made-up one (${described(integrator.madeUp)}), ` +
    "so the gateway knows the key but refuses it (disabled, expired, or another merchant's key); " +
    `${keyRemedy('PG_API_KEY', config, true)}. Or the key is right and the gateway refuses every merchant key, a ` +
    `deviation AUTH-2 names, which looks the same from outside.${readOnly}`
  );
}
