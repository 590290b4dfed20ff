import type { Behaviour } from '../behaviour.js';

/** Section 2.3 behaviours on the seeded customer records themselves (the computed vault, state/customers.ts). */

type Row = Record<string, unknown>;
const cardsOf = (record: object) => (record as { billing_cards: Row[] }).billing_cards;
const addressesOf = (record: object) => (record as { shipping_addresses: Row[] }).shipping_addresses;

/** In this order: a full primary_card_number replaces a dashed one. */
export const VAULT_RECORD_FAULTS = [
  // VAULT-7: no full card number.
  {
    name: 'vault-card-number-dashed',
    rule: 'VAULT-7',
    description:
      'Billing card numbers are the full number in dashed groups of four (not masked, though not all digits).',
    record: (r, numbers) => {
      cardsOf(r).forEach((c, n) => (c.card_number = numbers[n]!.replace(/(\d{4})(?=\d)/g, '$1-')));
      (r as Row).primary_card_number = cardsOf(r)[0]!.card_number;
    },
  },
  {
    name: 'vault-full-primary-card-number',
    rule: 'VAULT-7',
    description: 'primary_card_number is the full card number.',
    record: (r, numbers) => void ((r as Row).primary_card_number = numbers[0]),
  },
  // VAULT-8: stated formats and types.
  {
    name: 'vault-verified-date-12-digits',
    rule: 'VAULT-8',
    description: 'verified_date has 12 digits (two-digit year).',
    record: (r) => cardsOf(r).forEach((c) => (c.verified_date = String(c.verified_date).slice(2))),
  },
  {
    name: 'vault-alpha-country-codes',
    rule: 'VAULT-8',
    description: 'Country codes are alphabetic (US) instead of numeric (840).',
    record: (r) => {
      for (const a of addressesOf(r)) a.shipping_country_code = a.shipping_country;
      for (const c of cardsOf(r)) c.billing_country_code = c.billing_country;
    },
  },
  {
    name: 'vault-exp-date-yymm',
    rule: 'VAULT-8',
    description: "Billing cards' exp_date is YYMM instead of MMYY.",
    record: (r) =>
      cardsOf(r).forEach((c) => (c.exp_date = String(c.exp_date).slice(2) + String(c.exp_date).slice(0, 2))),
  },
  {
    name: 'vault-primary-as-string',
    rule: 'VAULT-8',
    description: 'primary flags are the strings "true" and "false".',
    record: (r) => {
      for (const row of [...addressesOf(r), ...cardsOf(r)]) row.primary = String(row.primary);
    },
  },
  {
    name: 'vault-billing-email-string',
    rule: 'VAULT-8',
    description: 'billing_email is a string instead of an array of strings.',
    record: (r) => cardsOf(r).forEach((c) => (c.billing_email = (c.billing_email as string[])[0])),
  },
  // ERR-5: stated JSON types.
  {
    name: 'vault-rec-id-as-string',
    rule: 'ERR-5',
    description: 'Customer records carry rec_id as a string of digits.',
    record: (r) => void ((r as Row).rec_id = String(r.rec_id)),
  },
] as const satisfies readonly Behaviour[];
