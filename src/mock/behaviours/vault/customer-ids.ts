import type { Behaviour } from '../behaviour.js';

/**
 * Section 4.2 sorts on customer_id desc without saying by which collation: customer IDs as a real vault
 * holds them (typed by people, imported from other systems), listed in the order a database's collation
 * gives. The mock lists record i at position i (reversed for desc), so each variation spells record i's ID
 * so that its collation puts them in index order. Every fifth ID has the number of the one before it, a
 * tie at the collation's first level, listed in the mock's own order.
 */

/** The number in record `index`'s ID: 1, 2, 3, 4, 4, 5, 6, 7, 8, 8, …, never decreasing. */
export const tiedNumber = (index: number) => index + 1 - Math.floor((index + 1) / 5);

/** Record index of a seeded `cust_0000001` ID (1-based in the ID). */
const indexOf = (customerId: string) => Number(customerId.replace(/^\D+/, '')) - 1;

/** Case and punctuation vary; only the letters and the number order them when both are ignored. */
const LOCALE_PREFIXES = ['cust_', 'Cust-', 'CUST.', 'cust', 'cust-', 'Cust_', 'CUST-'];
/** Only case varies: upper case before lower in code point order, alike once folded. */
const CASE_PREFIXES = ['cust_', 'CUST_', 'Cust_'];

/** Accents vary (IDs made from names): alike at a locale's first level, far apart in code point order. */
const ACCENT_PREFIXES = ['cust_', 'çust_', 'Cüst_', 'CÚST_', 'cûst_'];

export const spelledId = (prefixes: readonly string[]) => (index: number) =>
  `${prefixes[index % prefixes.length]!}${String(tiedNumber(index)).padStart(7, '0')}`;
export const localeOrderId = spelledId(LOCALE_PREFIXES);
export const caseInsensitiveId = spelledId(CASE_PREFIXES);
export const accentedId = spelledId(ACCENT_PREFIXES);

const respelled =
  (spell: (index: number) => string): Behaviour['record'] =>
  (record) => {
    record.customer_id = spell(indexOf(record.customer_id));
  };

export const CUSTOMER_ID_VARIANTS = [
  {
    name: 'customer-ids-locale-order',
    rule: 'VAULT-5',
    description:
      'customer_id mixes case and punctuation (cust_0000001, Cust-0000002, CUST.0000003, cust0000004, ' +
      'cust-0000004 …), listed in the order of a locale collation that ignores case and punctuation at the ' +
      'first level (PostgreSQL on en_US.UTF-8): neither code point nor case-insensitive order; every fifth ' +
      'ID ties with the one before it.',
    record: respelled(localeOrderId),
  },
  {
    name: 'customer-ids-case-insensitive',
    rule: 'VAULT-5',
    description:
      'customer_id mixes case (cust_0000001, CUST_0000002, Cust_0000003 …), listed case-insensitively ' +
      '(MySQL utf8mb4_general_ci): not code point order; every fifth ID differs from the one before it only ' +
      'in case, a tie listed in either order.',
    record: respelled(caseInsensitiveId),
  },
  {
    name: 'customer-ids-non-ascii',
    rule: 'VAULT-5',
    description:
      'customer_id carries accented letters (cust_0000001, çust_0000002, Cüst_0000003, CÚST_0000004, ' +
      'cûst_0000004 …), listed in the order of an ICU locale collation (PostgreSQL with an ICU collation), ' +
      'which ranks ç with c and ü with u: not code point order; every fifth ID ties with the one before it.',
    record: respelled(accentedId),
  },
] as const satisfies readonly Behaviour[];
