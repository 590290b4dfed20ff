import { pageWindow, vaultPage, type PageWindow } from '../../gateway/vault/page.js';
import type { VaultQuery } from '../../gateway/vault/query.js';
import type { SeamAnswer, AnswerContext } from '../../gateway/seams.js';
import { MAX_CUSTOMERS, type Customer } from '../../state/customers.js';
import type { Env, Behaviour } from '../behaviour.js';

/**
 * Section 2.3 and 4.2 data conditions of a real, shared sandbox that the mock's 25 complete customers
 * never show: an empty vault (either reading of its page count), one customer, a handful with parts
 * missing, customers without cards, more pages than the suite walks, and other testers changing the
 * vault while it is walked. A suite must end without a failed rule on each; what the data gives it
 * nothing to judge is "not exercised".
 */

type Row = Record<string, unknown>;
type Shape = (answer: SeamAnswer, context: AnswerContext, env: Env) => void;

/**
 * The listing as it would be if the vault held `total(seeded)` customers: the page rebuilt from the same
 * records (the faithful window; these variations are not combined with the window's faults).
 */
export const relisted =
  (total: (seeded: number) => number): Shape =>
  (answer, context, env) => {
    if (context.operation !== 'listCustomers' || !answer.body) return;
    const n = total(context.total);
    answer.body = vaultPage(context.query, n, pageWindow(context.query, n), env.customer) as unknown as Row;
  };

/** No addresses, no cards, no primary card number: a customer created with contact details only. */
function contactOnly(record: Row): void {
  Object.assign(record, { shipping_addresses: [], billing_cards: [], primary_card_number: '' });
}

/** Customer n of "cust_000000n" (1-based): the same record is changed the same on every page. */
const numberOf = (record: Row) => Number(String(record.customer_id).replace(/^\D+/, ''));

/** Listings between two changes under vault-changes-during-walks: long walks always see one, short ones rarely. */
const EVERY = 4;
const movingVaults = new WeakMap<Env, { listings: number; added: boolean }>();

/**
 * Under vault-grows-between-listings another tester adds GROWS_BY customers after every GROWS_EVERY
 * listings, as on a busy shared sandbox. Often enough that a long walk (count=1) never holds still, so the
 * report shows the change; rarely enough that a walk of a few pages holds still within the suite's three
 * askings, though the suite judges four generated inputs at once and two workers list at the same time (at
 * every 10th listing almost none does, and VAULT-4 is judged on a walk or two a run). Two at a time, both
 * above the last record of the page that listing showed: the pages read next have moved down two places,
 * which puts their first record after a lower one of the page before (one place only repeats a record, a
 * tie the order allows), so every addition met between two pages shows as an ascent to a suite that
 * compares them.
 */
const GROWS_EVERY = 25;
const GROWS_BY = 2;

/**
 * A customer another tester added: `after` seeded customers sort before it in customer_id order (0: before
 * them all), `n` numbers the additions. Its ID is the seeded ID it follows with four letters of `n` after it
 * ("cust_0000007aaab"), which every collation VAULT-5 accepts puts after that ID, before the next seeded one
 * and after the ones added there earlier.
 */
type Added = { after: number; n: number };
const grownVaults = new WeakMap<Env, { listings: number; added: Added[] }>();

const letters = (n: number) =>
  Array.from({ length: 4 }, (_, i) => String.fromCharCode(97 + (Math.floor(n / 26 ** (3 - i)) % 26))).join('');

/**
 * Position i of the grown vault in customer_id order, ascending: an added customer (its index in `added`,
 * which is sorted by where each landed) or a seeded record. The k-th added customer sits at position
 * min(after, seeded) + k.
 */
function customerIdOrder(added: readonly Added[], seeded: number) {
  const at = added.map((a, k) => Math.min(a.after, seeded) + k);
  return (i: number): { added: number } | { seeded: number } => {
    let before = 0;
    while (before < at.length && at[before]! < i) before++;
    return at[before] === i ? { added: before } : { seeded: i - before };
  };
}

/**
 * Record i of the grown vault in the order asked for (i ascending). In rec_id order every added customer
 * follows the seeded ones, its rec_id the next one given out (its record index past every seeded one), as a
 * database's sequence does.
 */
function grownRecordAt(added: readonly Added[], seeded: number, query: VaultQuery, env: Env) {
  const record = (a: Added): Customer => ({
    ...env.customer(MAX_CUSTOMERS + a.n),
    customer_id: `cust_${String(a.after).padStart(7, '0')}${letters(a.n)}`,
  });
  if (query.orderOn === 'rec_id') {
    const byN = [...added].sort((x, y) => x.n - y.n);
    return (i: number) => (i < seeded ? env.customer(i) : record(byN[i - seeded]!));
  }
  const order = customerIdOrder(added, seeded);
  return (i: number) => {
    const there = order(i);
    return 'added' in there ? record(added[there.added]!) : env.customer(there.seeded);
  };
}

/**
 * The gaps (`after`) above the last record a listing showed, in the order it listed (higher customer_ids
 * for desc, lower for asc): every gap when the page showed none, was listed by rec_id, or nothing is above
 * it. A seeded record of ordinal o sits between gaps o - 1 and o; an added one in its gap a, above the ones
 * added there before it, so a new one in gap a is above it in descending order.
 */
function gapsAbove(added: readonly Added[], seeded: number, query: VaultQuery, shown: PageWindow): [number, number] {
  if (query.orderOn === 'rec_id' || shown.end <= shown.start) return [0, seeded];
  const total = seeded + added.length;
  const last = customerIdOrder(added, seeded)(shown.descending ? total - shown.end : shown.end - 1);
  const gap = 'added' in last ? Math.min(added[last.added]!.after, seeded) : last.seeded + 1;
  if (shown.descending) return [gap, seeded];
  return gap > 0 ? [0, gap - 1] : [0, seeded];
}

/** Where addition n lands within [lo, hi], drawn from n alone so every run adds the same. */
const landing = (n: number, [lo, hi]: [number, number]) => lo + ((Math.imul(n + 1, 0x9e3779b1) >>> 0) % (hi - lo + 1));

export const VAULT_DATA_VARIANTS = [
  {
    name: 'vault-empty',
    rule: 'VAULT-2',
    description: 'The vault holds no customers, as in a new sandbox: totalPages 0, totalRecords 0, data [].',
    answer: relisted(() => 0),
  },
  {
    name: 'vault-empty-one-page',
    rule: 'VAULT-3',
    description:
      'The vault holds no customers and reports the empty listing as one page: totalPages 1, totalRecords 0.',
    answer: (answer, context, env) => {
      relisted(() => 0)(answer, context, env);
      if (context.operation === 'listCustomers' && answer.body) answer.body.totalPages = 1;
    },
  },
  {
    name: 'vault-single-customer',
    rule: 'VAULT-5',
    description: 'The vault holds one customer: nothing to order.',
    answer: relisted(() => 1),
  },
  {
    name: 'vault-sparse',
    rule: 'VAULT-8',
    description:
      'Three customers: one with neither addresses nor cards (empty lists, empty primary_card_number), one ' +
      'with addresses without a country (empty country and country code) whose billing_cards and ' +
      'primary_card_number are absent, one whose cards were never verified (empty verified_date).',
    answer: relisted(() => 3),
    record: (record) => {
      const r = record as unknown as Row;
      const n = numberOf(r) % 3;
      if (n === 1) contactOnly(r);
      if (n === 2) {
        delete r.billing_cards;
        delete r.primary_card_number;
        for (const a of record.shipping_addresses as Row[])
          Object.assign(a, { shipping_country: '', shipping_country_code: '' });
      }
      if (n === 0) for (const c of record.billing_cards as Row[]) c.verified_date = '';
    },
  },
  {
    name: 'vault-no-cards',
    rule: 'VAULT-7',
    description:
      'Every customer was created with contact details only: no shipping address, no billing card, an empty primary_card_number.',
    record: (record) => contactOnly(record as unknown as Row),
  },
  {
    name: 'vault-large',
    rule: 'VAULT-4',
    description:
      '2,000 customers: at small counts the vault has more pages than the suite walks whole (60), so it is judged on a sample of 12.',
    answer: relisted(() => 2_000),
  },
  {
    name: 'vault-changes-during-walks',
    rule: 'VAULT-4',
    description:
      "Another tester's customer comes and goes: after every 4th listing the vault gains a customer with " +
      'the highest customer_id (shifting every page by one) or loses it again.',
    answer: (answer, context, env) => {
      if (context.operation !== 'listCustomers') return;
      const vault = movingVaults.get(env) ?? { listings: 0, added: false };
      movingVaults.set(env, vault);
      relisted((seeded) => seeded + (vault.added ? 1 : 0))(answer, context, env);
      if (++vault.listings % EVERY === 0) vault.added = !vault.added;
    },
  },
  {
    name: 'vault-grows-between-listings',
    rule: 'VAULT-5',
    description:
      'Another tester adds two customers after every 25th listing, never removing one, each customer_id landing ' +
      'anywhere above the last record that listing showed (cust_0000007aaab between cust_0000007 and ' +
      'cust_0000008): the pages read next have moved down two places, so a page and the next asked at once may ' +
      'read two states of the vault, the first record of the later one after a lower one of the earlier.',
    answer: (answer, context, env) => {
      if (context.operation !== 'listCustomers' || !answer.body) return;
      const vault = grownVaults.get(env) ?? { listings: 0, added: [] };
      grownVaults.set(env, vault);
      const total = context.total + vault.added.length;
      const recordAt = grownRecordAt(vault.added, context.total, context.query, env);
      const shown = pageWindow(context.query, total);
      answer.body = vaultPage(context.query, total, shown, recordAt) as unknown as Row;
      if (++vault.listings % GROWS_EVERY) return;
      const above = gapsAbove(vault.added, context.total, context.query, shown);
      for (let i = 0; i < GROWS_BY; i++) {
        const n = vault.added.length;
        const added = { after: landing(n, above), n };
        const at = vault.added.findIndex((a) => a.after > added.after);
        vault.added.splice(at < 0 ? vault.added.length : at, 0, added);
      }
    },
  },
] as const satisfies readonly Behaviour[];

export const VAULT_DATA_FAULTS = [
  // VAULT-4: only an empty-vault check sees it: nothing is paged when the totals say there is nothing.
  {
    name: 'vault-empty-stale-records',
    rule: 'VAULT-4',
    description:
      'The listing says the vault is empty (totalRecords 0, totalPages 0) while page 0 still lists customers, as a stale cache would.',
    answer: (answer, context) => {
      if (context.operation === 'listCustomers' && answer.body)
        Object.assign(answer.body, { totalRecords: 0, totalPages: 0 });
    },
  },
] as const satisfies readonly Behaviour[];
