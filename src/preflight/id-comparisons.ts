import { randomInt } from 'node:crypto';
import { atOnce } from '../transport/at-once.js';
import { succeeded, type Exchange } from '../transport/exchange.js';
import type { Auth, GatewayClient } from '../transport/gateway-client.js';
import { merchantIdNumber, newCardRequest, type MerchantIdForm } from '../catalogue/request-builders.js';
import { DEFAULT_TEST_CARD } from '../catalogue/test-cards.js';
import { described, same } from '../checks/compared-answers.js';
import { listingQuery } from '../checks/vault/walk.js';
import type { SuiteConfig } from '../config/config.js';
import { wrappedInQuotes } from '../config/pasted-values.js';
import {
  answerOf,
  listingTook,
  merchantKeyKnownButRefused,
  vendorKeyKnownButRefused,
  vendorKeyNotIssued,
} from './key-refusals.js';

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
 *   tokenize telling the two apart shows the ID is known, and the rules judge the listing. Tokenize is asked
 *   with the made-up ID too, even where it served PG_MERCHANT_ID: a gateway may serve a tokenize naming any
 *   merchant ID for the key's merchant (variation tokenize-serves-other-merchant-id, a notable leniency), and
 *   one that serves both alike cannot tell them apart, so the listing's verdict stands (the integrator's key
 *   on the listing included, where it was asked);
 * - tokenize compares like with like: a complete, valid new-card request with a published test card, the
 *   same but for the ID compared, so a gateway that requires a field the document leaves optional (exp_date
 *   in every request, as the vendor's published OpenAPI document declares) refuses neither for that. The
 *   merchant ID goes in section 2.1's form, a string, and, where it is a whole number, as a JSON number too
 *   (that document declares it an integer): a gateway that refuses the string and takes the number knows the
 *   ID; the run then sends the number (MERCHANT_ID_FORM_VAR) so every other rule is exercised, and TOK-12
 *   judges the string form. Where the listing told the ID apart, one such request asks the form alone;
 * - the vendor ID only on tokenize, the one operation that takes it (section 2.1: a number), beside the
 *   merchant ID in the form the target takes;
 * - tokenize is a write: never asked where the run may not write (production without PG_ALLOW_WRITES=1);
 *   there the listing decides alone and the sentence says what else it could be, and what could not be
 *   compared is said as a note, never guessed;
 * - both keys against each other's IDs: when PG_VENDOR_API_KEY cannot tell PG_VENDOR_ID from a made-up one
 *   but PG_API_KEY can, the key that knows the integrator ID is in PG_API_KEY: the keys are swapped;
 * - the two IDs against each other: when PG_MERCHANT_ID is answered as a made-up merchant ID and
 *   PG_VENDOR_ID's value is told from one as the merchant ID, the IDs are swapped;
 * - a vendor key the listing refused (it takes no vendor ID) is the key's problem, whatever tokenize says: named
 *   as known but refused where the listing refused it otherwise than a key never issued, as not issued where
 *   it answered it so or tokenize did; PG_VENDOR_ID is named only where the listing served the key and tokenize
 *   tells the key from a made-up one but not the ID;
 * - a merchant key refused alike with PG_MERCHANT_ID and a made-up ID, on the listing and tokenize, is named as
 *   known but refused where the listing serves PG_MERCHANT_ID to the vendor key and not a made-up ID; without
 *   that, a black box cannot tell it from a wrong merchant ID, which is named.
 * Where a deviation and a wrong ID look the same from outside (a gateway that refuses every integrator's
 * vendor_id, fault vendor-id-refused of TOK-5), the sentence names both: the run stops (exit 2) rather than
 * failing a rule for what may be a setup mistake, and never ends CONFORMANT.
 */

type Target = Pick<SuiteConfig, 'target' | 'merchant' | 'vendor' | 'allowWrites'>;

/**
 * Configuration problems (one sentence each), what could not be compared (a note each, not a problem), and
 * the form tokenize takes the merchant ID in, where the target was asked.
 */
export type IdFindings = { problems: string[]; notes: string[]; merchantIdForm?: MerchantIdForm };

const problem = (sentence: string): IdFindings => ({ problems: [sentence], notes: [] });
const note = (sentence: string): IdFindings => ({ problems: [], notes: [sentence] });

/**
 * The vendor ID's first comparison (PG_VENDOR_ID with the vendor key, in the string form), sent beside the
 * merchant ID's first tokenize where the listing told the merchant ID apart: each waits on a round trip of its
 * own, which on a slow tokenize (card storage behind a slower service) is the preflight's longest wait, so the
 * two overlap. Kept where the merchant ID is taken in the string form, or refused in every form; asked again in
 * the form the merchant ID is taken in otherwise.
 */
type VendorBeside = () => Promise<Exchange>;
type MerchantFindings = IdFindings & { vendorInStringForm?: Exchange };

/**
 * What the key checks found: the listing with PG_MERCHANT_ID asked with each key, and with a made-up key
 * where one of them was refused; and which keys the target took (a key it answered as one never issued, on
 * the listing and on tokenize, was not, and its sentence is said already).
 */
export type KeyFindings = {
  listing: Exchange;
  madeUpKey?: Exchange;
  vendorListing?: Exchange;
  merchantKeyTaken: boolean;
  vendorKeyTaken: boolean;
};

/** The card every tokenize comparison sends, so only the ID compared differs: a published test number. */
export const PREFLIGHT_CARD = DEFAULT_TEST_CARD;

/** A complete, valid new-card tokenize with the published test card, for `merchantId` (and `more`). */
const cardRequest = (merchantId: string, more: Record<string, unknown> = {}) => ({
  ...newCardRequest(merchantId, { card_number: PREFLIGHT_CARD, cardholder_name: 'Conformance Preflight' }),
  ...more,
});

/** The integrator's tokenize: the card request for PG_MERCHANT_ID, carrying `vendorId`. */
const vendorCardRequest = (config: Target, vendorId: number) =>
  cardRequest(config.merchant.merchantId, { vendor_id: vendorId });

/** The forms the merchant ID can be sent in: section 2.1's string, and a JSON number where it is a whole number. */
const formsOf = (merchantId: string): MerchantIdForm[] =>
  merchantIdNumber(merchantId) === undefined ? ['string'] : ['string', 'number'];

/** A random character of `pool` other than `not`. */
function otherThan(pool: string, not: string): string {
  const choices = [...pool].filter((c) => c !== not);
  return choices[randomInt(choices.length)]!;
}

const DIGITS = '0123456789';
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * A value of `value`'s shape that is not `value`: each digit another digit (the first not 0 where it was
 * not), each letter another letter of its case, everything else kept. Every digit and letter differs, so the
 * made-up value is never a near miss of `value`: a wrong ID is often one (a typo, a neighbour) of the right
 * one, and a made-up value that happened to be the right one would be served and tell the wrong one apart.
 */
export function madeUpLike(value: string): string {
  const made = [...value]
    .map((c, i) => {
      if (/[0-9]/.test(c)) return otherThan(i === 0 && c !== '0' ? DIGITS.slice(1) : DIGITS, c);
      if (/[a-z]/.test(c)) return otherThan(LETTERS, c);
      if (/[A-Z]/.test(c)) return otherThan(LETTERS.toUpperCase(), c);
      return c;
    })
    .join('');
  if (made !== value) return made;
  // Nothing to vary: a longer value of the same kind.
  return `${value}${otherThan(LETTERS, '')}`;
}

/** Why a copied value may be refused: quotes or whitespace a .env line or a web page brought along. */
export function copyHint(variable: string, value: string): string {
  if (wrappedInQuotes(value)) {
    return ` ${variable} is wrapped in quotes, as a value copied from a .env line may be: set it without them.`;
  }
  if (/\s/.test(value)) return ` ${variable} holds whitespace, which a copied value may bring along: set it without.`;
  return '';
}

type Pair = { known: boolean; configured: Exchange; madeUp?: Exchange };

/** Asks with the configured value, then the made-up one: known when the first succeeded or the two differ. */
async function toldApart<T>(
  ask: (value: T) => Promise<Exchange>,
  configured: T,
  madeUp: T,
  asked?: Exchange,
): Promise<Pair> {
  const mine = asked ?? (await ask(configured));
  if (succeeded(mine)) return { known: true, configured: mine };
  const theirs = await ask(madeUp);
  return { known: !same(mine, theirs), configured: mine, madeUp: theirs };
}

type FormPair = Pair & { form: MerchantIdForm };

/**
 * A merchant ID compared on tokenize in each form until one tells it apart or serves it; every pair asked, in
 * order. The made-up ID is asked even where the configured one was served: a tokenize that serves any merchant
 * ID serves both alike, and that tells nothing about the ID.
 */
async function toldApartInForms(gateway: GatewayClient, merchantId: string, madeUp: string): Promise<FormPair[]> {
  const pairs: FormPair[] = [];
  for (const form of formsOf(merchantId)) {
    const ask = (id: string) => gateway.tokenize(cardRequest(id), 'merchant', form);
    const configured = await ask(merchantId);
    const theirs = await ask(madeUp);
    pairs.push({ known: !same(configured, theirs), configured, madeUp: theirs, form });
    if (!same(configured, theirs) || succeeded(configured)) break;
  }
  return pairs;
}

/** Tokenize answered with the last form asked served PG_MERCHANT_ID and a made-up one alike: it takes any. */
const servesAny = (pairs: readonly FormPair[]) => !pairs.at(-1)!.known && succeeded(pairs.at(-1)!.configured);

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

const FORM_WORDS: Record<MerchantIdForm, string> = { string: 'as a string', number: 'as a JSON number' };

/** The answers of the forms asked, for a sentence: "as a string: HTTP 400, rcode "206"; as a JSON number: …". */
function formAnswers(pairs: readonly FormPair[], redact: (t: string) => string): string {
  return pairs.map((p) => `${FORM_WORDS[p.form]}: ${answerOf(p.configured, redact)}`).join('; ');
}

/**
 * The form tokenize takes the merchant ID in, from pairs where the last told it apart or served it: a string,
 * or a number the target took where it refused the string, which the run then sends (said in a note). `idShown`:
 * whether what was asked shows the ID is right (tokenize told it apart, or the listing did).
 */
function formFound(pairs: readonly FormPair[], redact: (t: string) => string, idShown = true): IdFindings {
  const last = pairs.at(-1)!;
  if (last.form === 'string') return { problems: [], notes: [], merchantIdForm: 'string' };
  const madeUp = last.madeUp
    ? same(last.configured, last.madeUp)
      ? ', as it takes a made-up one'
      : `, against ${described(last.madeUp)} for a made-up one`
    : '';
  return {
    problems: [],
    notes: [
      'tokenize refuses PG_MERCHANT_ID as the string section 2.1 gives it (' +
        `${answerOf(pairs[0]!.configured, redact)}) and takes it as a JSON number (${described(last.configured)}` +
        `${madeUp})${idShown ? ': the ID is right' : ''}; the run sends ` +
        'merchant_id as a number in tokenize, so that every other rule is exercised, and TOK-12 judges the string form.',
    ],
    merchantIdForm: 'number',
  };
}

/**
 * Where the listing told PG_MERCHANT_ID apart: one valid tokenize in each form until one is taken, to learn
 * the form the run sends. Nothing taken leaves the string: the rules judge that refusal, with the exchange.
 */
async function formOnTokenize(
  gateway: GatewayClient,
  merchantId: string,
  redact: (t: string) => string,
  vendorBeside?: VendorBeside,
): Promise<MerchantFindings> {
  const pairs: FormPair[] = [];
  let vendorInStringForm: Exchange | undefined;
  for (const form of formsOf(merchantId)) {
    const [answer, vendor] = await atOnce([
      gateway.tokenize(cardRequest(merchantId), 'merchant', form),
      form === 'string' ? vendorBeside?.() : undefined,
    ]);
    vendorInStringForm ??= vendor;
    pairs.push({ known: succeeded(answer), configured: answer, form });
    if (succeeded(answer)) return { ...formFound(pairs, redact), ...(vendorInStringForm && { vendorInStringForm }) };
  }
  return { problems: [], notes: [], ...(vendorInStringForm && { vendorInStringForm }) };
}

/**
 * PG_VENDOR_ID's value told apart as the merchant ID where PG_MERCHANT_ID was not: on the listing, then on
 * tokenize where the listing serves any ID and the run may write. The answer that told, or undefined.
 */
async function vendorIdAsMerchant(
  gateway: GatewayClient,
  config: Target,
  listingServesAny: boolean,
): Promise<Exchange | undefined> {
  const value = config.vendor ? String(config.vendor.vendorId) : undefined;
  if (value === undefined || value === config.merchant.merchantId) return undefined;
  const madeUp = madeUpLike(value);
  if (!listingServesAny) {
    const pair = await toldApart((id: string) => gateway.listCustomers(listingQuery(id, 1), 'merchant'), value, madeUp);
    return pair.known ? pair.configured : undefined;
  }
  if (!config.allowWrites) return undefined;
  const told = (await toldApartInForms(gateway, value, madeUp)).at(-1)!;
  return told.known ? told.configured : undefined;
}

/** Where the listing could not tell PG_MERCHANT_ID from a made-up one, for the sentence that names a swap. */
const listingAlike = (listing: Exchange) =>
  `the vault listing answers PG_MERCHANT_ID exactly as a merchant ID the suite made up (${described(listing)})`;

function swappedIds(where: string, told: Exchange): string {
  return (
    `PG_MERCHANT_ID and PG_VENDOR_ID look swapped: ${where}, and takes PG_VENDOR_ID's value as the merchant ID ` +
    `(${described(told)}${succeeded(told) ? ', a success' : ', not the answer a made-up one gets'}); swap the two ` +
    "values (PG_MERCHANT_ID is the merchant's ID, PG_VENDOR_ID the integrator's)."
  );
}

/**
 * PG_MERCHANT_ID: the listing, then tokenize where the listing cannot tell and the run may write. Every
 * operation takes the merchant ID, so a merchant key the target knows but refuses is refused alike with any ID,
 * as a wrong ID is: only another key tells the two apart, the listing serving PG_MERCHANT_ID to the vendor key.
 */
async function compareMerchantId(
  gateway: GatewayClient,
  config: Target,
  keys: KeyFindings,
  redact: (t: string) => string,
  vendorBeside?: VendorBeside,
): Promise<MerchantFindings> {
  const { listing } = keys;
  const merchantId = config.merchant.merchantId;
  const madeUp = madeUpLike(merchantId);
  const other = await gateway.listCustomers(listingQuery(madeUp, 1), 'merchant');
  if (!same(listing, other))
    return config.allowWrites ? formOnTokenize(gateway, merchantId, redact, vendorBeside) : { problems: [], notes: [] };
  const vendorIdThere = merchantId === String(config.vendor?.vendorId);
  const hint =
    copyHint('PG_MERCHANT_ID', merchantId) +
    (vendorIdThere ? ' PG_MERCHANT_ID holds the value of PG_VENDOR_ID: the merchant ID is another one.' : '');
  const swapped = async (where: string) => {
    const told = await vendorIdAsMerchant(gateway, config, succeeded(listing));
    return told ? problem(swappedIds(where, told)) : undefined;
  };
  // The listing serving PG_MERCHANT_ID to the vendor key and not a made-up one: the ID is one the target serves.
  const integratorTells = async () => {
    const served = keys.vendorListing;
    if (!served || !succeeded(served)) return undefined;
    const notServed = await gateway.listCustomers(listingQuery(madeUp, 1), 'vendor');
    return same(served, notServed) ? undefined : { served, madeUp: notServed };
  };
  const keyRefused = async (onTokenize: string | undefined): Promise<IdFindings | undefined> => {
    if (listingTook(listing, keys.madeUpKey) !== 'refused') return undefined;
    const integrator = await integratorTells();
    if (!integrator) return undefined;
    const refused = { answer: listing, madeUpKey: keys.madeUpKey! };
    return problem(merchantKeyKnownButRefused(config, refused, integrator, onTokenize, redact));
  };
  if (!config.allowWrites) {
    if (succeeded(listing)) {
      return note(
        'PG_MERCHANT_ID was not compared: the vault listing serves a made-up merchant ID as it serves PG_MERCHANT_ID, ' +
          'and production without PG_ALLOW_WRITES=1 allows no tokenize to ask instead.',
      );
    }
    const key = await keyRefused(undefined);
    if (key) return key;
    const swap = await swapped(listingAlike(listing));
    if (swap) return swap;
    return problem(
      `The target refused PG_MERCHANT_ID: the vault listing answered it exactly as it answers a merchant ID the suite made up ` +
        `(${answerOf(listing, redact)}); ${remedy('PG_MERCHANT_ID', config)}.${hint} (Production without PG_ALLOW_WRITES=1 ` +
        'offers only the listing to ask, so a gateway that refuses a valid merchant ID there, a deviation AUTH-6 names, would look ' +
        'the same: if PG_MERCHANT_ID is right, run with PG_ALLOW_WRITES=1 to tell.)',
    );
  }
  const pairs = await toldApartInForms(gateway, merchantId, madeUp);
  if (pairs.at(-1)!.known) return formFound(pairs, redact);
  const onTokenize = formAnswers(pairs, redact);
  if (servesAny(pairs)) {
    // Tokenize serves the key with any merchant ID, so the key is taken and only the listing can tell the ID.
    if (succeeded(listing)) {
      const found = formFound(pairs, redact, false);
      return {
        ...found,
        notes: [
          'PG_MERCHANT_ID was not compared: the vault listing and tokenize serve a made-up merchant ID as they serve ' +
            `PG_MERCHANT_ID (tokenize ${onTokenize}).`,
          ...found.notes,
        ],
      };
    }
    // A listing that refuses the merchant key with PG_MERCHANT_ID while it serves it to the vendor key is a
    // deviation the rules judge (AUTH-2, AUTH-6), not the ID's.
    if (await integratorTells()) return formFound(pairs, redact);
    const swap = await swapped(listingAlike(listing));
    if (swap) return swap;
    return problem(
      'The target refused PG_MERCHANT_ID: the vault listing answered it exactly as it answers a merchant ID the suite ' +
        `made up (${answerOf(listing, redact)}), and tokenize cannot tell: it serves any merchant ID, a made-up one as ` +
        `PG_MERCHANT_ID (${onTokenize}); ${remedy('PG_MERCHANT_ID', config)}. Or PG_MERCHANT_ID is right and the listing ` +
        `refuses a valid merchant ID, a deviation AUTH-6 names, which looks the same from outside.${hint}`,
    );
  }
  const key = await keyRefused(onTokenize);
  if (key) return key;
  const where = succeeded(listing)
    ? `tokenize answered it exactly as it answers a merchant ID the suite made up (${onTokenize}` +
      '; the vault listing serves any merchant ID, so it could not tell)'
    : 'the vault listing and tokenize answered it exactly as they answer a merchant ID the suite made up ' +
      `(listing: ${answerOf(listing, redact)}; tokenize ${onTokenize})`;
  const swap = await swapped(
    succeeded(listing)
      ? `tokenize answers PG_MERCHANT_ID exactly as a merchant ID the suite made up (${described(pairs[0]!.configured)})`
      : listingAlike(listing),
  );
  if (swap) return swap;
  // A valid request refused alike in every form may also be a right ID in a form the gateway does not take.
  const forms =
    pairs.length > 1
      ? 'as the string section 2.1 gives it and as a JSON number alike'
      : 'as the string section 2.1 gives it (PG_MERCHANT_ID is not a whole number, so there is no number form to try)';
  return problem(
    `The target refused PG_MERCHANT_ID: ${where}; ${remedy('PG_MERCHANT_ID', config)}. Or PG_MERCHANT_ID is right and ` +
      `tokenize refuses a valid request carrying it ${forms}, which looks the same from outside.${hint}`,
  );
}

/**
 * PG_VENDOR_ID on tokenize with the vendor key, then with the merchant key to tell a swap of the keys. The
 * vendor ID is named only where the vendor key is served (the listing took it) and tokenize tells the key from
 * a made-up one: a key the listing refused, which takes no vendor ID, is the key's problem whatever tokenize says.
 */
async function compareVendorId(
  gateway: GatewayClient,
  config: Target,
  form: MerchantIdForm,
  keys: KeyFindings,
  madeUpKey: Auth,
  redact: (t: string) => string,
  asked?: Exchange,
): Promise<IdFindings> {
  const vendorId = config.vendor!.vendorId;
  const listing = keys.vendorListing!;
  const onListing = listingTook(listing, keys.madeUpKey);
  const knownButRefused = (onTokenize: Exchange | undefined) =>
    problem(vendorKeyKnownButRefused(config, { answer: listing, madeUpKey: keys.madeUpKey! }, onTokenize, redact));
  if (!config.allowWrites) {
    if (onListing === 'refused') return knownButRefused(undefined);
    return note(
      "PG_VENDOR_ID was not compared with a made-up vendor ID, nor the two keys with each other's IDs: only tokenize " +
        'takes vendor_id, and production without PG_ALLOW_WRITES=1 allows no tokenize (the run sends none either, so a wrong one ' +
        'fails no rule there).',
    );
  }
  const madeUp = Number(madeUpLike(String(vendorId)));
  const body = (id: number) => vendorCardRequest(config, id);
  const withVendorKey = await toldApart(
    (id: number) => gateway.tokenize(body(id), 'vendor', form),
    vendorId,
    madeUp,
    asked,
  );
  // Told apart (or served), the key works on tokenize: a refusal on the listing is a deviation the rules judge.
  if (withVendorKey.known) return { problems: [], notes: [] };
  const withMerchantKey = await toldApart(
    (id: number) => gateway.tokenize(body(id), 'merchant', form),
    vendorId,
    madeUp,
  );
  if (withMerchantKey.known) {
    const told = withMerchantKey.madeUp
      ? `${described(withMerchantKey.configured)} against ${described(withMerchantKey.madeUp)}`
      : `${described(withMerchantKey.configured)}, a success`;
    return problem(
      'PG_API_KEY and PG_VENDOR_API_KEY look swapped: tokenize tells PG_VENDOR_ID from a vendor ID the suite made up ' +
        `when they come with PG_API_KEY (${told}) and not when they come with PG_VENDOR_API_KEY ` +
        `(${described(withVendorKey.configured)} for both); ` +
        "swap the two values (PG_API_KEY is the merchant's key, PG_VENDOR_API_KEY the integrator's).",
    );
  }
  if (onListing === 'refused') return knownButRefused(withVendorKey.configured);
  // The vendor key itself asked beside a made-up key: answered alike, it is the key tokenize does not know.
  const keyAlike = same(withVendorKey.configured, await gateway.tokenize(body(vendorId), madeUpKey, form));
  if (keyAlike || onListing === 'never issued') {
    const neverIssued = onListing === 'never issued' ? listing : undefined;
    return problem(vendorKeyNotIssued(config, neverIssued, withVendorKey.configured, keyAlike, redact));
  }
  return problem(
    'The target refused PG_VENDOR_ID: tokenize with PG_VENDOR_API_KEY answered it exactly as it answers a vendor ID ' +
      `the suite made up (${answerOf(withVendorKey.configured, redact)}), and so did PG_API_KEY; ${remedy('PG_VENDOR_ID', config)}. ` +
      "Or PG_VENDOR_ID is right and the gateway refuses every integrator's vendor_id, a deviation TOK-5 names, which looks the same " +
      'from outside. (Unsetting PG_VENDOR_ID and PG_VENDOR_API_KEY skips the integrator checks instead; the run then ends ' +
      'NOT FULLY EXERCISED at best.)',
  );
}

/**
 * The IDs compared, after the keys: an ID asked with a key the target refused tells nothing, and the vendor
 * ID is sent beside the merchant ID, so a refused merchant ID is said alone (one cause at a time).
 */
export async function compareIds(
  gateway: GatewayClient,
  config: Target,
  keys: KeyFindings,
  madeUpKey: Auth,
  redact: (t: string) => string,
): Promise<IdFindings> {
  if (!keys.merchantKeyTaken) return { problems: [], notes: [] };
  const vendor = config.vendor !== undefined && keys.vendorKeyTaken ? config.vendor : undefined;
  const { vendorInStringForm, ...merchant } = await compareMerchantId(
    gateway,
    config,
    keys,
    redact,
    vendor && (() => gateway.tokenize(vendorCardRequest(config, vendor.vendorId), 'vendor', 'string')),
  );
  if (merchant.problems.length || !vendor) return merchant;
  const form = merchant.merchantIdForm ?? 'string';
  const asked = form === 'string' ? vendorInStringForm : undefined;
  const vendorIds = await compareVendorId(gateway, config, form, keys, madeUpKey, redact, asked);
  return {
    problems: vendorIds.problems,
    notes: [...merchant.notes, ...vendorIds.notes],
    ...(merchant.merchantIdForm && { merchantIdForm: merchant.merchantIdForm }),
  };
}
