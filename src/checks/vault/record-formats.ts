import { statedFormat } from '../../catalogue/stated-formats.js';
import type { Customer } from '../../catalogue/types.js';
import { objectOf } from '../tally.js';

type Body = Record<string, unknown>;

/** VAULT-7: every card number a customer record shows, with where it stands. */
function cardNumbersOf(record: object): [string, unknown][] {
  const customer = record as Body;
  const cards = Array.isArray(customer.billing_cards) ? customer.billing_cards : [];
  return [
    ['primary_card_number', customer.primary_card_number],
    ...cards.map((c, i): [string, unknown] => [`billing_cards/${i}/card_number`, objectOf(c)?.card_number]),
  ];
}

/** Every card number a record shows (primary and billing), skipping the absent and empty ones. */
export function shownCardNumbers(customer: Customer): { where: string; value: string }[] {
  return cardNumbersOf(customer)
    .filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '')
    .map(([where, value]) => ({ where, value }));
}

/** The fields spec/openapi.yaml states a format or type of under VAULT-8, each judged by its schema compiled. */
const BILLING = {
  expDate: statedFormat('VAULT-8', 'BillingCard', 'exp_date'),
  verifiedDate: statedFormat('VAULT-8', 'BillingCard', 'verified_date'),
  countryCode: statedFormat('VAULT-8', 'BillingCard', 'billing_country_code'),
  primary: statedFormat('VAULT-8', 'BillingCard', 'primary'),
  email: statedFormat('VAULT-8', 'BillingCard', 'billing_email'),
};
const SHIPPING = {
  countryCode: statedFormat('VAULT-8', 'ShippingAddress', 'shipping_country_code'),
  primary: statedFormat('VAULT-8', 'ShippingAddress', 'primary'),
};

/** What VAULT-8 holds each record to, as its findings say. */
export const VAULT_8_EXPECTED =
  'MMYY expiry, 14-digit verified_date, numeric country codes, boolean primary flags, arrays';

/** What a VAULT-8 check judged: field kind (plural) → how many values of it were present and checked. */
export type FormatCounts = Map<string, number>;

/** An empty verified_date or country code shows nothing (a card never verified, an address without country). */
const given = (value: unknown) => value !== undefined && value !== null && value !== '';
/** A null field is read as absent (src/checks/fields/null-fields.ts). */
const present = (value: unknown) => value !== undefined && value !== null;

/**
 * VAULT-8's stated formats and types in one record. Only fields given are judged (which fields are
 * required is not shown), and each one judged is counted, so a vault without cards says so.
 */
export function formatProblems(c: Customer, counts: FormatCounts): string[] {
  const p: string[] = [];
  const at = `customer ${c.customer_id}`;
  const check = (kind: string, ok: boolean, what: string) => {
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
    if (!ok) p.push(`${at}: ${what}`);
  };
  // The lists' schemas hold their entries' schemas too (ERR-5 judges those): VAULT-8 judges the list itself.
  if (present(c.shipping_addresses))
    check('address and card lists', Array.isArray(c.shipping_addresses), 'shipping_addresses is not an array');
  if (present(c.billing_cards))
    check('address and card lists', Array.isArray(c.billing_cards), 'billing_cards is not an array');
  // An entry that is not an object has none of the stated fields: a faulty answer, said so, never a crash.
  // A list may be absent (or null), empty or (in a faulty answer) not a list at all.
  const entries = (list: unknown[] | undefined, kind: string) =>
    (Array.isArray(list) ? list : []).flatMap((entry, i): [Body, number][] => {
      const shown = objectOf(entry);
      if (!shown) check('address and card lists', false, `${kind} ${i} is not an object`);
      return shown ? [[shown, i]] : [];
    });
  entries(c.shipping_addresses, 'shipping').forEach(([s, i]) => {
    if (given(s.shipping_country_code))
      check(
        'shipping country codes',
        SHIPPING.countryCode.fits(s.shipping_country_code),
        `shipping ${i} country code ${JSON.stringify(s.shipping_country_code)} is not a numeric string`,
      );
    if (present(s.primary))
      check('primary flags', SHIPPING.primary.fits(s.primary), `shipping ${i} primary is not a boolean`);
  });
  entries(c.billing_cards, 'billing card').forEach(([b, i]) => {
    if (present(b.exp_date))
      check(
        'exp_dates',
        BILLING.expDate.fits(b.exp_date),
        `billing card ${i} exp_date ${JSON.stringify(b.exp_date)} is not MMYY`,
      );
    if (given(b.verified_date))
      check(
        'verified_dates',
        BILLING.verifiedDate.fits(b.verified_date),
        `billing card ${i} verified_date ${JSON.stringify(b.verified_date)} is not 14 digits YYYYMMDDhhmmss`,
      );
    if (given(b.billing_country_code))
      check(
        'billing country codes',
        BILLING.countryCode.fits(b.billing_country_code),
        `billing card ${i} country code ${JSON.stringify(b.billing_country_code)} is not a numeric string`,
      );
    if (present(b.primary))
      check('primary flags', BILLING.primary.fits(b.primary), `billing card ${i} primary is not a boolean`);
    if (present(b.billing_email))
      check(
        'billing_email lists',
        BILLING.email.fits(b.billing_email),
        `billing card ${i} billing_email is not an array of strings`,
      );
  });
  return p;
}

/**
 * How many values of each kind VAULT-8 judged in `records` (each listing answer is judged where it is received,
 * checks/vault.ts): what a walk says it judged, and which kinds the vault gave it nothing of.
 */
export function formatsJudged(records: readonly Customer[]): FormatCounts {
  const counts: FormatCounts = new Map();
  for (const c of records) formatProblems(c, counts);
  return counts;
}

/** The kinds VAULT-8 can judge only when the vault holds them, and the data that would let it. */
export const FORMAT_SOURCES: { kinds: string[]; needs: string }[] = [
  {
    kinds: ['exp_dates', 'verified_dates', 'billing country codes'],
    needs: 'a billing card with an expiry, a verified date and a billing address',
  },
  { kinds: ['shipping country codes'], needs: 'a shipping address with a country' },
];
