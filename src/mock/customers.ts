import type { Behaviour } from './behaviour.js';
import { luhnCheckDigit, maskCardNumber } from './card-numbers.js';
import type { FaultName } from './faults.js';

/**
 * The customer vault is computed, not stored: record i is a pure function of i, so any page of a
 * million customers costs the same as page 0 and reseeding is just a new count.
 */

const FIRST = ['Ada', 'Ben', 'Chloe', 'Dev', 'Eun', 'Femi', 'Grace', 'Hugo', 'Ines', 'Jon', 'Kai', 'Lena', 'Mateo', 'Nia', 'Omar', 'Priya'];
const LAST = ['Adams', 'Brandt', 'Costa', 'Diallo', 'Evans', 'Fischer', 'Garcia', 'Haddad', 'Ito', 'Jansen', 'Kowalski', 'Larsen', 'Moreau', 'Nakamura'];
const FIRMS = ['', 'Acme Supply', 'Blue Heron Cafe', 'Northwind Traders', 'Juniper Labs', ''];
const STREETS = ['Main St', 'Oak Ave', 'Harbor Rd', 'Elm St', 'Market St', 'Cedar Ln'];
const PLACES = [
  { city: 'Springfield', state: 'IL', zip: '62701', country: 'US', countryCode: '840' },
  { city: 'Portland', state: 'OR', zip: '97201', country: 'US', countryCode: '840' },
  { city: 'Austin', state: 'TX', zip: '73301', country: 'US', countryCode: '840' },
  { city: 'Toronto', state: 'ON', zip: 'M5H 2N2', country: 'CA', countryCode: '124' },
  { city: 'Manchester', state: 'ENG', zip: 'M1 1AE', country: 'GB', countryCode: '826' },
];
/** Test-range prefixes, their lengths and the short card_type code the vault shows. */
const BRANDS = [
  { prefix: '4111', length: 16, type: 'V' },
  { prefix: '5454', length: 16, type: 'M' },
  { prefix: '3714', length: 15, type: 'A' },
  { prefix: '6011', length: 16, type: 'D' },
];

/** A small deterministic generator (mulberry32) seeded per record and per part of it. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)]!;
}

function digits(next: () => number, n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += Math.floor(next() * 10);
  return out;
}

/** Zero-padded so that string order is index order: customer_id desc is the reverse of index order. */
export function customerId(index: number): string {
  return `cust_${String(index + 1).padStart(7, '0')}`;
}

/** Grows with the index too, so rec_id order is index order. */
export function recId(index: number): number {
  return 100_000 + index * 7;
}

type Faults = ReadonlySet<FaultName>;

function billingCard(faults: Faults, next: () => number, index: number, n: number, first: string, last: string, firm: string, primary: boolean) {
  const brand = pick(next, BRANDS);
  const body = brand.prefix + digits(next, brand.length - brand.prefix.length - 1);
  const number = body + luhnCheckDigit(body);
  const place = pick(next, PLACES);
  const month = String(1 + Math.floor(next() * 12)).padStart(2, '0');
  const year = String(27 + Math.floor(next() * 6));
  const verified = new Date(Date.UTC(2024, 0, 1) + Math.floor(next() * 700 * 86_400) * 1000);
  const email = `${first}.${last}${index + 1}@example.com`.toLowerCase();
  const card = {
    card_number: faults.has('vault-card-number-dashed') ? number.replace(/(\d{4})(?=\d)/g, '$1-') : maskCardNumber(number),
    exp_date: faults.has('vault-exp-date-yymm') ? year + month : month + year,
    card_id: `vault_${String(index + 1).padStart(7, '0')}_${n}`,
    billing_first_name: first,
    billing_last_name: last,
    billing_firm_name: firm,
    billing_email: faults.has('vault-billing-email-string') ? email as unknown as string[] : [email],
    billing_addr1: `${1 + Math.floor(next() * 9000)} ${pick(next, STREETS)}`,
    billing_addr2: '',
    billing_city: place.city,
    billing_state: place.state,
    billing_zip: place.zip,
    billing_zip4: place.country === 'US' ? digits(next, 4) : '',
    billing_country: place.country,
    billing_country_code: faults.has('vault-alpha-country-codes') ? place.country : place.countryCode,
    primary: faults.has('vault-primary-as-string') ? String(primary) as unknown as boolean : primary,
    card_type: brand.type,
    verified_date: verified.toISOString().replace(/[-T:]/g, '').slice(faults.has('vault-verified-date-12-digits') ? 2 : 0, 14),
  };
  return { card, number };
}

function shippingAddress(faults: Faults, next: () => number, index: number, n: number, first: string, last: string, firm: string, primary: boolean) {
  const place = pick(next, PLACES);
  return {
    shipping_id: (index + 1) * 10 + n,
    shipping_first_name: first,
    shipping_last_name: last,
    shipping_firm_name: firm,
    shipping_addr1: `${1 + Math.floor(next() * 9000)} ${pick(next, STREETS)}`,
    shipping_addr2: next() < 0.3 ? `Apt ${1 + Math.floor(next() * 40)}` : '',
    shipping_city: place.city,
    shipping_state: place.state,
    shipping_zip: place.zip,
    shipping_zip4: place.country === 'US' ? digits(next, 4) : '',
    shipping_country: place.country,
    shipping_country_code: faults.has('vault-alpha-country-codes') ? place.country : place.countryCode,
    primary: faults.has('vault-primary-as-string') ? String(primary) as unknown as boolean : primary,
  };
}

/** Customer record i (0-based) of section 2.3, with 1–2 shipping addresses and 1–2 billing cards. */
export function customerAt(index: number, { faults }: Behaviour) {
  const next = random(Math.imul(index + 1, 0x9e3779b1));
  const first = pick(next, FIRST);
  const last = pick(next, LAST);
  const firm = pick(next, FIRMS);
  const shippingCount = 1 + Math.floor(next() * 2);
  const cardCount = 1 + Math.floor(next() * 2);
  const shipping_addresses = Array.from({ length: shippingCount }, (_, n) => shippingAddress(faults, next, index, n + 1, first, last, firm, n === 0));
  const cards = Array.from({ length: cardCount }, (_, n) => billingCard(faults, next, index, n + 1, first, last, firm, n === 0));
  const billing_cards = cards.map((c) => c.card);
  return {
    customer_id: customerId(index),
    rec_id: faults.has('vault-rec-id-as-string') ? String(recId(index)) as unknown as number : recId(index),
    node_id: 7000 + (index % 3),
    customer_first_name: first,
    customer_last_name: last,
    customer_firm_name: firm,
    customer_phone: `555${digits(next, 7)}`,
    customer_email: `${first}.${last}${index + 1}@example.com`.toLowerCase(),
    reference_id: `ref-${String(index + 1).padStart(7, '0')}`,
    comments: index % 5 === 0 ? 'Prefers e-mail receipts.' : '',
    developer_id: 'mock-vault-seed',
    primary_card_number: faults.has('vault-full-primary-card-number') ? cards[0]!.number : billing_cards[0]!.card_number,
    shipping_addresses,
    billing_cards,
  };
}

export type Customer = ReturnType<typeof customerAt>;
