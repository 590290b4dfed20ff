import type { ObservationData } from '../observation-data.js';

/**
 * Section 4.2 says the listing is sorted on customer_id desc, not by which collation. A gateway's database
 * decides: byte or code point order (C/POSIX, *_bin), a case-insensitive one (MySQL *_ci, citext), an
 * integer column, or a locale's (PostgreSQL on en_US.UTF-8, ICU) that ignores case and, in some, punctuation
 * at the first level. The listing is judged against each: it descends if some one of them orders every
 * neighbouring pair. IDs equal at a collation's first level ("Cust-1" and "cust_1" where punctuation and
 * case are ignored) are ties, which a database may list in either order (a nondeterministic collation
 * does, and a deterministic one breaks them at levels a suite cannot know), so a tie never breaks the order.
 */
export type Collation = {
  name: string;
  /** Where a gateway gets it, for the observation. */
  example: string;
  /** Negative, zero (a tie at the first level) or positive; NaN when the collation does not apply to the IDs. */
  compare: (a: string, b: string) => number;
  /** Whether an ID can be sorted this way at all (only whole numbers can be numbers). */
  appliesTo?: (id: string) => boolean;
};

/** Unicode code point order, which is UTF-8 byte order. */
function codePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i++; // the same surrogate pair in both
  }
  return Math.sign(a.length - b.length);
}

const codeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const WHOLE_NUMBER = /^-?[0-9]+$/;
function numeric(a: string, b: string): number {
  if (!WHOLE_NUMBER.test(a) || !WHOLE_NUMBER.test(b)) return NaN;
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** A locale collation compared at its first level (sensitivity base: case and accents are ties). */
const locale = (options: Intl.CollatorOptions) =>
  new Intl.Collator('en-US', { usage: 'sort', sensitivity: 'base', ...options }).compare;

export const COLLATIONS: readonly Collation[] = [
  { name: 'code point', example: 'C/POSIX, binary or *_bin collations', compare: codePoints },
  { name: 'UTF-16 code unit', example: 'Java String.compareTo, SQL Server *_BIN2', compare: codeUnits },
  {
    name: 'case-insensitive (lower case)',
    example: 'lower(customer_id), citext',
    compare: (a, b) => codePoints(a.toLowerCase(), b.toLowerCase()),
  },
  {
    name: 'case-insensitive (upper case)',
    example: 'MySQL utf8mb4_general_ci',
    compare: (a, b) => codePoints(a.toUpperCase(), b.toUpperCase()),
  },
  { name: 'numeric', example: 'an integer column', compare: numeric, appliesTo: (id) => WHOLE_NUMBER.test(id) },
  { name: 'locale', example: 'ICU en-US, MySQL utf8mb4_0900_ai_ci', compare: locale({}) },
  {
    name: 'locale, punctuation ignored',
    example: 'glibc en_US.UTF-8, ICU alternate=shifted',
    compare: locale({ ignorePunctuation: true }),
  },
  { name: 'locale, numbers by value', example: 'ICU with numeric ordering (kn)', compare: locale({ numeric: true }) },
  {
    name: 'locale, numbers by value, punctuation ignored',
    example: 'ICU kn with alternate=shifted',
    compare: locale({ numeric: true, ignorePunctuation: true }),
  },
];

/**
 * The customer IDs of the listed records, in listing order, as strings. A record without one (absent or
 * null: another tester's half-made record) has nothing to order and is left out; its type is ERR-5's to judge.
 */
export function customerIds(records: readonly { customer_id?: unknown }[]): string[] {
  return records.flatMap((r) => (r.customer_id === undefined || r.customer_id === null ? [] : [String(r.customer_id)]));
}

/**
 * Positions i whose pair with the record before is not judged: the two came from pages that did not see the
 * same vault (vault/same-vault.ts), so their order says nothing about the gateway's.
 */
export type Unjudged = ReadonlySet<number>;
const ALL_JUDGED: Unjudged = new Set();

/** The first neighbouring pair a collation finds ascending (i: the later one's position), or -1. */
export function firstAscent(ids: readonly string[], collation: Collation, unjudged = ALL_JUDGED): number {
  for (let i = 1; i < ids.length; i++) {
    if (unjudged.has(i)) continue;
    const order = collation.compare(ids[i - 1]!, ids[i]!);
    if (!(order >= 0)) return i; // NaN (does not apply) breaks it too
  }
  return -1;
}

/** The collations under which `ids` never ascends: "descending customer_id" read each of these ways. */
export function descendingUnder(ids: readonly string[], unjudged = ALL_JUDGED): Collation[] {
  return COLLATIONS.filter((c) => firstAscent(ids, c, unjudged) === -1);
}

/** Short enough to quote in a report. */
const shown = (id: string) => JSON.stringify(id.length > 40 ? `${id.slice(0, 40)}…` : id);

/**
 * Why `ids` descends under no collation: for the one that orders the longest run from the start, the pair
 * that breaks it. Empty when some collation orders them all.
 */
export function orderProblems(ids: readonly string[], unjudged = ALL_JUDGED): string[] {
  if (descendingUnder(ids, unjudged).length) return [];
  const breaks = COLLATIONS.map((c) => ({ c, at: firstAscent(ids, c, unjudged) })).sort((x, y) => y.at - x.at);
  const { c, at } = breaks[0]!;
  const others = COLLATIONS.filter((o) => o !== c)
    .map((o) => o.name)
    .join('; ');
  return [
    `customer_id ${shown(ids[at]!)} follows ${shown(ids[at - 1]!)} (record ${at}), ` +
      `ascending under ${c.name} order and every other collation tried (${others})`,
  ];
}

/** What the rule expects, as a failure states it. */
export const DESCENDING =
  'customer_id never ascending from one record to the next under one common collation (code point, ' +
  'case-insensitive, numeric or a locale collation, with or without punctuation); ties at its first ' +
  'level in any order';

/** Neighbouring distinct IDs that the collation ties at its first level: their order was not judged. */
export function tiesUnder(ids: readonly string[], collation: Collation, unjudged = ALL_JUDGED): [string, string][] {
  const ties: [string, string][] = [];
  for (let i = 1; i < ids.length; i++)
    if (!unjudged.has(i) && ids[i] !== ids[i - 1] && collation.compare(ids[i - 1]!, ids[i]!) === 0)
      ties.push([ids[i - 1]!, ids[i]!]);
  return ties;
}

/**
 * Which collation the listing's order fits, for the report (kind `customer-id-collation`): the value names
 * every collation that fits, so a baseline shows when the vault's IDs come to tell them apart.
 */
export function collationObservation(
  ids: readonly string[],
  unjudged = ALL_JUDGED,
): { text: string; data: ObservationData } | undefined {
  const fits = descendingUnder(ids, unjudged);
  if (ids.length - 1 - unjudged.size < 1 || !fits.length) return undefined;
  const applicable = COLLATIONS.filter((c) => ids.every((id) => c.appliesTo?.(id) ?? true));
  const all = fits.length === applicable.length;
  const value = all ? 'any (the IDs sort alike under every collation tried)' : fits.map((c) => c.name).join('; ');
  const which = all
    ? 'every collation the suite knows orders these IDs alike, so which one the gateway uses does not show'
    : `the order fits ${fits.map((c) => `${c.name} (${c.example})`).join(', ')}; not ${applicable
        .filter((c) => !fits.includes(c))
        .map((c) => c.name)
        .join(', ')}`;
  // Ties under the finest collation that fits; a tie there is a tie under the coarser ones too.
  const ties = tiesUnder(ids, fits[0]!, unjudged);
  const tied = ties.length
    ? `; ${ties.length} neighbouring pair(s) tie at its first level (e.g. ${shown(ties[0]![0])} and ` +
      `${shown(ties[0]![1])}), listed in the gateway's own order, not judged`
    : '';
  return {
    text: `customer_id descending: the collation is not shown; ${which}${tied}`,
    data: { kind: 'customer-id-collation', subject: 'listCustomers', value },
  };
}
