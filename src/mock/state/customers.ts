import { maskCardNumber } from './card-numbers.js';

/**
 * The customer vault is computed, not stored: record i is a pure function of i, so any page of a
 * million customers costs the same as page 0 and reseeding is just a new count.
 */

/** The largest vault the mock computes: a page of it costs what page 0 costs. */
export const MAX_CUSTOMERS = 1_000_000;

const FIRST = 'Ada Ben Chloe Dev Eun Femi Grace Hugo Ines Jon Kai Lena Mateo Nia Omar Priya'.split(' ');
const LAST = 'Adams Brandt Costa Diallo Evans Fischer Garcia Haddad Ito Jansen Kowalski Larsen Moreau Nakamura'.split(
  ' ',
);
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

function pickIndex(next: () => number, length: number): number {
  return Math.floor(next() * length);
}

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[pickIndex(next, items.length)]!;
}

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

function digits(next: () => number, n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += DIGITS[Math.floor(next() * 10)]!;
  return out;
}

/**
 * `length` digits starting with `prefix`, the last one the Luhn check digit, the Luhn sum taken while the
 * digits are drawn.
 */
function cardNumber(next: () => number, prefix: string, length: number): string {
  const drawn: number[] = [];
  for (let i = prefix.length; i < length - 1; i++) drawn.push(Math.floor(next() * 10));
  let out = prefix;
  for (const d of drawn) out += DIGITS[d]!;
  // Positions counted from the right of the full number: the check digit is 0, so odd positions double.
  let sum = 0;
  for (let position = 1; position < length; position++) {
    const at = length - 1 - position;
    const d = at < prefix.length ? prefix.charCodeAt(at) - 48 : drawn[at - prefix.length]!;
    sum += position % 2 === 1 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d;
  }
  return out + DIGITS[(10 - (sum % 10)) % 10]!;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Lower-case names for the e-mail addresses: the rest of an address is lower case already. */
const FIRST_LOWER = FIRST.map((n) => n.toLowerCase());
const LAST_LOWER = LAST.map((n) => n.toLowerCase());

/** verified_date spans 700 days from 2024-01-01 UTC: their YYYYMMDD, computed once. */
const VERIFIED_DAYS = 700;
const START_MS = Date.UTC(2024, 0, 1);
const DAY_DIGITS = Array.from({ length: VERIFIED_DAYS }, (_, day) =>
  new Date(START_MS + day * 86_400_000).toISOString().slice(0, 10).replace(/-/g, ''),
);

/** YYYYMMDDhhmmss of a second within the 700 days; the same digits toISOString gives. */
function verifiedDate(second: number): string {
  const day = Math.floor(second / 86_400);
  const rest = second - day * 86_400;
  const hour = Math.floor(rest / 3600);
  const minute = Math.floor((rest - hour * 3600) / 60);
  return DAY_DIGITS[day]! + pad2(hour) + pad2(minute) + pad2(rest % 60);
}

/** The names a record repeats on each of its addresses and cards. */
type Person = { first: string; last: string; firm: string };

function billingCard(next: () => number, id: string, n: number, person: Person, email: string, primary: boolean) {
  const brand = pick(next, BRANDS);
  const number = cardNumber(next, brand.prefix, brand.length);
  const place = pick(next, PLACES);
  const month = pad2(1 + Math.floor(next() * 12));
  const year = String(27 + Math.floor(next() * 6));
  const verified = verifiedDate(Math.floor(next() * VERIFIED_DAYS * 86_400));
  const card = {
    card_number: maskCardNumber(number),
    exp_date: month + year,
    card_id: `vault_${id}_${n}`,
    billing_first_name: person.first,
    billing_last_name: person.last,
    billing_firm_name: person.firm,
    billing_email: [email],
    billing_addr1: `${1 + Math.floor(next() * 9000)} ${pick(next, STREETS)}`,
    billing_addr2: '',
    billing_city: place.city,
    billing_state: place.state,
    billing_zip: place.zip,
    billing_zip4: place.country === 'US' ? digits(next, 4) : '',
    billing_country: place.country,
    billing_country_code: place.countryCode,
    primary,
    card_type: brand.type,
    verified_date: verified,
  };
  return { card, number };
}

function shippingAddress(next: () => number, index: number, n: number, person: Person, primary: boolean) {
  const place = pick(next, PLACES);
  return {
    shipping_id: (index + 1) * 10 + n,
    shipping_first_name: person.first,
    shipping_last_name: person.last,
    shipping_firm_name: person.firm,
    shipping_addr1: `${1 + Math.floor(next() * 9000)} ${pick(next, STREETS)}`,
    shipping_addr2: next() < 0.3 ? `Apt ${1 + Math.floor(next() * 40)}` : '',
    shipping_city: place.city,
    shipping_state: place.state,
    shipping_zip: place.zip,
    shipping_zip4: place.country === 'US' ? digits(next, 4) : '',
    shipping_country: place.country,
    shipping_country_code: place.countryCode,
    primary,
  };
}

type ShippingAddress = ReturnType<typeof shippingAddress>;
type BillingCard = ReturnType<typeof billingCard>['card'];

/**
 * Customer record i (0-based) of section 2.3, with 1–2 shipping addresses and 1–2 billing cards, and the
 * full numbers of its cards (which the record shows masked). The draws from `next` happen in a fixed order
 * (names, counts, addresses, cards, phone): changing that order changes every record.
 */
export function seededCustomer(index: number) {
  const next = random(Math.imul(index + 1, 0x9e3779b1));
  const firstAt = pickIndex(next, FIRST.length);
  const lastAt = pickIndex(next, LAST.length);
  const first = FIRST[firstAt]!;
  const last = LAST[lastAt]!;
  const firm = pick(next, FIRMS);
  const person = { first, last, firm };
  const shippingCount = 1 + Math.floor(next() * 2);
  const cardCount = 1 + Math.floor(next() * 2);
  // Zero-padded so that string order is index order: customer_id desc is the reverse of index order.
  const id = String(index + 1).padStart(7, '0');
  const email = `${FIRST_LOWER[firstAt]!}.${LAST_LOWER[lastAt]!}${index + 1}@example.com`;
  const shipping_addresses: ShippingAddress[] = [];
  for (let n = 1; n <= shippingCount; n++) shipping_addresses.push(shippingAddress(next, index, n, person, n === 1));
  const billing_cards: BillingCard[] = [];
  const cardNumbers: string[] = [];
  for (let n = 1; n <= cardCount; n++) {
    const { card, number } = billingCard(next, id, n, person, email, n === 1);
    cardNumbers.push(number);
    billing_cards.push(card);
  }
  const record = {
    customer_id: `cust_${id}`,
    // Grows with the index too, so rec_id order is index order.
    rec_id: 100_000 + index * 7,
    node_id: 7000 + (index % 3),
    customer_first_name: first,
    customer_last_name: last,
    customer_firm_name: firm,
    customer_phone: `555${digits(next, 7)}`,
    customer_email: email,
    reference_id: `ref-${id}`,
    comments: index % 5 === 0 ? 'Prefers e-mail receipts.' : '',
    developer_id: 'mock-vault-seed',
    primary_card_number: billing_cards[0]!.card_number,
    shipping_addresses,
    billing_cards,
  };
  return { record, cardNumbers };
}

export type Customer = ReturnType<typeof seededCustomer>['record'];
