import { randomInt } from 'node:crypto';
import { succeeded, type Exchange } from '../transport/exchange.js';
import type { GatewayClient } from '../transport/gateway-client.js';
import { futureExpiry } from '../catalogue/request-builders.js';
import { DEFAULT_TEST_CARD } from '../catalogue/test-cards.js';
import { described, same, saidBy } from '../checks/compared-answers.js';
import type { SuiteConfig } from '../config/config.js';

/**
 * The preflight's second half: PG_MERCHANT_ID and PG_VENDOR_ID, each asked beside a value the suite makes up,
 * as the keys are. A target that answers the configured ID exactly as it answers the made-up one (same HTTP
 * status, same code or rcode) cannot tell them apart: the ID is not one it knows for that key.
 *
 * Where each is asked, and why:
 * - the merchant ID on the vault listing first (a read, allowed everywhere; section 4.2 takes it as "string
 *   or integer"; in a URL both are the same text, so the made-up ID has the configured one's shape: digits
 *   for digits, letters for letters, so a gateway that refuses a malformed ID cannot make the two differ);
 * - then on tokenize (section 2.1: a string, "included in every tokenize request"), where the listing
 *   could not tell (both refused alike, or both served: a listing that does not check merchant_id). A
 *   gateway may refuse a valid merchant ID on the listing (fault vault-refuses-string-merchant-id, AUTH-6):
 *   tokenize telling the two apart shows the ID is known, and the rules judge the listing;
 * - the vendor ID only on tokenize, the one operation that takes it (section 2.1: a number);
 * - tokenize is asked first with a body without payment information (nothing to store), and, where that
 *   answers alike (a gateway may judge the payment data before the parties; the order is not shown), with
 *   a published test card. Tokenize is a write: never asked where the run may not write (production without
 *   PG_ALLOW_WRITES=1); there the listing decides alone and the sentence says what else it could be, and
 *   what could not be compared is said as a note, never guessed;
 * - both keys against each other's IDs: when PG_VENDOR_API_KEY cannot tell PG_VENDOR_ID from a made-up one
 *   but PG_API_KEY can, the key that knows the integrator ID is in PG_API_KEY: the keys are swapped.
 * Where a deviation and a wrong ID look the same from outside (a gateway that refuses every integrator's
 * vendor_id, fault vendor-id-refused of TOK-5), the sentence names both: the run stops (exit 2) rather than
 * failing a rule for what may be a setup mistake, and never ends CONFORMANT.
 */

type Target = Pick<SuiteConfig, 'target' | 'merchant' | 'vendor' | 'allowWrites'>;

/** Configuration problems (one sentence each) and what could not be compared (a note each, not a problem). */
export type IdFindings = { problems: string[]; notes: string[] };

/** What the key checks found: the merchant key's listing with PG_MERCHANT_ID, and which keys the target took. */
export type KeyFindings = { listing: Exchange; merchantKeyTaken: boolean; vendorKeyTaken: boolean };

/** The card a comparison sends when a body without payment information answers alike: a published test number. */
export const PREFLIGHT_CARD = DEFAULT_TEST_CARD;

const listingQuery = (merchantId: string) => ({
  count: 1,
  page: 0,
  order_on: 'customer_id',
  order_by: 'desc',
  merchant_id: merchantId,
});

const card = () => ({
  cardholder_name: 'Conformance Preflight',
  card_number: PREFLIGHT_CARD,
  exp_date: futureExpiry(),
});

function randomLetter(upper: boolean): string {
  const letter = String.fromCharCode(97 + randomInt(26));
  return upper ? letter.toUpperCase() : letter;
}

/**
 * A value of `value`'s shape that is not `value`: each digit a random digit (the first not 0 where it was
 * not), each letter a random letter of its case, everything else kept; digits stay numerically different.
 */
export function madeUpLike(value: string): string {
  const numeric = /^[0-9]+$/.test(value);
  for (let attempt = 0; attempt < 50; attempt++) {
    const made = [...value]
      .map((c, i) => {
        if (/[0-9]/.test(c)) return String(i === 0 && c !== '0' ? randomInt(1, 10) : randomInt(10));
        if (/[a-zA-Z]/.test(c)) return randomLetter(c !== c.toLowerCase());
        return c;
      })
      .join('');
    if (made !== value && !(numeric && BigInt(made) === BigInt(value))) return made;
  }
  // Nothing (or too little) to vary: a longer value of the same kind.
  return `${value}${numeric ? randomInt(1, 10) : randomLetter(false)}`;
}

/** Why a copied value may be refused: quotes or whitespace a .env line or a web page brought along. */
export function copyHint(variable: string, value: string): string {
  if (/^(["'`]).*\1$/s.test(value)) {
    return ` ${variable} is wrapped in quotes, as a value copied from a .env line may be: set it without them.`;
  }
  if (/\s/.test(value)) return ` ${variable} holds whitespace, which a copied value may bring along: set it without.`;
  return '';
}

type Pair = { known: boolean; configured: Exchange; madeUp?: Exchange };

/**
 * Asks with the configured value and the made-up one: without payment information, then with the test
 * card where the first pair answered alike. Known when the configured one succeeded or the pair differed.
 */
async function toldApart<T>(
  ask: (value: T, withCard: boolean) => Promise<Exchange>,
  configured: T,
  madeUp: T,
): Promise<Pair> {
  let last: Pair | undefined;
  for (const withCard of [false, true]) {
    const mine = await ask(configured, withCard);
    if (succeeded(mine)) return { known: true, configured: mine };
    const theirs = await ask(madeUp, withCard);
    last = { known: !same(mine, theirs), configured: mine, madeUp: theirs };
    if (last.known) return last;
  }
  return last!;
}

function remedy(variable: 'PG_MERCHANT_ID' | 'PG_VENDOR_ID', config: Target): string {
  // A mock named by PG_BASE_URL has no manager portal: its IDs are MOCK_MERCHANT_ID and MOCK_VENDOR_ID.
  if (config.target === 'mock') {
    return (
      `set it to the mock's (${variable === 'PG_MERCHANT_ID' ? 'MOCK_MERCHANT_ID' : 'MOCK_VENDOR_ID'}, which npm run mock prints), ` +
      "or leave it unset for the mock's built-in one"
    );
  }
  const what =
    variable === 'PG_MERCHANT_ID'
      ? 'the merchant ID that goes with PG_API_KEY'
      : 'the integrator (vendor) ID that goes with PG_VENDOR_API_KEY';
  const where = config.target === 'production' ? 'production' : 'this sandbox';
  return `copy ${what} for ${where} from the manager portal (sandbox and production have their own credentials, section 5.7)`;
}

function answerOf(e: Exchange, redact: (text: string) => string): string {
  const said = saidBy(e, redact);
  return said ? `${described(e)}, ${said}` : described(e);
}

/** PG_MERCHANT_ID: the listing, then tokenize where the listing cannot tell and the run may write. */
async function compareMerchantId(
  gateway: GatewayClient,
  config: Target,
  listing: Exchange,
  redact: (t: string) => string,
): Promise<IdFindings> {
  const merchantId = config.merchant.merchantId;
  const madeUp = madeUpLike(merchantId);
  const other = await gateway.listCustomers(listingQuery(madeUp), 'merchant');
  if (!same(listing, other)) return { problems: [], notes: [] };
  const vendorIdThere = merchantId === String(config.vendor?.vendorId);
  const hint =
    copyHint('PG_MERCHANT_ID', merchantId) +
    (vendorIdThere ? ' PG_MERCHANT_ID holds the value of PG_VENDOR_ID: the merchant ID is another one.' : '');
  if (!config.allowWrites) {
    if (succeeded(listing)) {
      return {
        problems: [],
        notes: [
          'PG_MERCHANT_ID was not compared: the vault listing serves a made-up merchant ID as it serves PG_MERCHANT_ID, ' +
            'and production without PG_ALLOW_WRITES=1 allows no tokenize to ask instead.',
        ],
      };
    }
    return {
      problems: [
        `The target refused PG_MERCHANT_ID: the vault listing answered it exactly as it answers a merchant ID the suite made up ` +
          `(${answerOf(listing, redact)}); ${remedy('PG_MERCHANT_ID', config)}.${hint} (Production without PG_ALLOW_WRITES=1 ` +
          'offers only the listing to ask, so a gateway that refuses a valid merchant ID there, a deviation AUTH-6 names, would look ' +
          'the same: if PG_MERCHANT_ID is right, run with PG_ALLOW_WRITES=1 to tell.)',
      ],
      notes: [],
    };
  }
  const ask = (id: string, withCard: boolean) =>
    gateway.tokenize({ merchant_id: id, ...(withCard ? card() : {}) }, 'merchant');
  const onTokenize = await toldApart(ask, merchantId, madeUp);
  if (onTokenize.known) return { problems: [], notes: [] };
  const where = succeeded(listing)
    ? `tokenize answered it exactly as it answers a merchant ID the suite made up (${answerOf(onTokenize.configured, redact)}` +
      '; the vault listing serves any merchant ID, so it could not tell)'
    : 'the vault listing and tokenize answered it exactly as they answer a merchant ID the suite made up ' +
      `(listing: ${answerOf(listing, redact)}; tokenize: ${answerOf(onTokenize.configured, redact)})`;
  return {
    problems: [`The target refused PG_MERCHANT_ID: ${where}; ${remedy('PG_MERCHANT_ID', config)}.${hint}`],
    notes: [],
  };
}

/** PG_VENDOR_ID on tokenize with the vendor key, then with the merchant key to tell a swap of the keys. */
async function compareVendorId(
  gateway: GatewayClient,
  config: Target,
  redact: (t: string) => string,
): Promise<IdFindings> {
  const vendorId = config.vendor!.vendorId;
  if (!config.allowWrites) {
    return {
      problems: [],
      notes: [
        "PG_VENDOR_ID was not compared with a made-up vendor ID, nor the two keys with each other's IDs: only tokenize " +
          'takes vendor_id, and production without PG_ALLOW_WRITES=1 allows no tokenize (the run sends none either, so a wrong one ' +
          'fails no rule there).',
      ],
    };
  }
  const madeUp = Number(madeUpLike(String(vendorId)));
  const body = (id: number, withCard: boolean) => ({
    merchant_id: config.merchant.merchantId,
    vendor_id: id,
    ...(withCard ? card() : {}),
  });
  const withVendorKey = await toldApart(
    (id: number, withCard) => gateway.tokenize(body(id, withCard), 'vendor'),
    vendorId,
    madeUp,
  );
  if (withVendorKey.known) return { problems: [], notes: [] };
  const withMerchantKey = await toldApart(
    (id: number, withCard) => gateway.tokenize(body(id, withCard), 'merchant'),
    vendorId,
    madeUp,
  );
  if (withMerchantKey.known) {
    const told = withMerchantKey.madeUp
      ? `${described(withMerchantKey.configured)} against ${described(withMerchantKey.madeUp)}`
      : `${described(withMerchantKey.configured)}, a success`;
    return {
      problems: [
        'PG_API_KEY and PG_VENDOR_API_KEY look swapped: tokenize tells PG_VENDOR_ID from a vendor ID the suite made up ' +
          `when they come with PG_API_KEY (${told}) and not when they come with PG_VENDOR_API_KEY ` +
          `(${described(withVendorKey.configured)} for both); ` +
          "swap the two values (PG_API_KEY is the merchant's key, PG_VENDOR_API_KEY the integrator's).",
      ],
      notes: [],
    };
  }
  return {
    problems: [
      'The target refused PG_VENDOR_ID: tokenize with PG_VENDOR_API_KEY answered it exactly as it answers a vendor ID ' +
        `the suite made up (${answerOf(withVendorKey.configured, redact)}), and so did PG_API_KEY; ${remedy('PG_VENDOR_ID', config)}. ` +
        "Or PG_VENDOR_ID is right and the gateway refuses every integrator's vendor_id, a deviation TOK-5 names, which looks the same " +
        'from outside. (Unsetting PG_VENDOR_ID and PG_VENDOR_API_KEY skips the integrator checks instead; the run then ends ' +
        'NOT FULLY EXERCISED at best.)',
    ],
    notes: [],
  };
}

/**
 * The IDs compared, after the keys: an ID asked with a key the target refused tells nothing, and the vendor
 * ID is sent beside the merchant ID, so a refused merchant ID is said alone (one cause at a time).
 */
export async function compareIds(
  gateway: GatewayClient,
  config: Target,
  keys: KeyFindings,
  redact: (t: string) => string,
): Promise<IdFindings> {
  if (!keys.merchantKeyTaken) return { problems: [], notes: [] };
  const merchant = await compareMerchantId(gateway, config, keys.listing, redact);
  if (merchant.problems.length || !config.vendor || !keys.vendorKeyTaken) return merchant;
  const vendor = await compareVendorId(gateway, config, redact);
  return { problems: vendor.problems, notes: [...merchant.notes, ...vendor.notes] };
}
