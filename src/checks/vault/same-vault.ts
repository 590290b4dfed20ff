import { bodyField, succeeded, type Exchange } from '../../transport/exchange.js';
import type { ObservationData } from '../observation-data.js';

/**
 * Other testers add and remove customers in a shared sandbox while the suite reads it, which is no violation.
 * A judgement over several listing answers (the order across a page and the next, page sizes against the
 * totals, the totals from page to page, records repeated or missing, where the pages end) holds only for
 * answers that read the same vault. Section 2.3 gives a reader no version of the vault, only its totals: two
 * answers saw the same vault, as far as a reader can tell, when they report the same totalRecords and, asked
 * at the same count, the same totalPages (at another count totalPages differs by design). An answer that
 * carries no integer totals (a failure; a VAULT-1 fault, judged on that answer alone) shows no change.
 */

/** What two answers show of the vault they read: the same one, or what changed from the first to the second. */
export type VaultSeen = { same: true } | { same: false; change: string };

type Totals = { records?: number; pages?: number; count: string | null };

function totalsOf(answer: Exchange): Totals {
  const integer = (field: string) => {
    const n = bodyField(answer, field);
    return succeeded(answer) && Number.isInteger(n) ? (n as number) : undefined;
  };
  return {
    records: integer('totalRecords'),
    pages: integer('totalPages'),
    count: new URL(answer.request.url).searchParams.get('count'),
  };
}

const differ = (a: number | undefined, b: number | undefined) => a !== undefined && b !== undefined && a !== b;

/**
 * Whether two listing answers saw the same vault (see above), and if not what changed between them, in the
 * order they are given: "32 → 34 records, 8 → 9 pages".
 */
export function sameVault(a: Exchange, b: Exchange): VaultSeen {
  const x = totalsOf(a);
  const y = totalsOf(b);
  const changes = [
    ...(differ(x.records, y.records) ? [`${x.records} → ${y.records} records`] : []),
    ...(x.count === y.count && differ(x.pages, y.pages) ? [`${x.pages} → ${y.pages} pages`] : []),
  ];
  return changes.length ? { same: false, change: changes.join(', ') } : { same: true };
}

/** The first change from the first of `answers` to a later one, or undefined when they all saw its vault. */
export function vaultChange(answers: readonly Exchange[]): string | undefined {
  for (const answer of answers.slice(1)) {
    const seen = sameVault(answers[0]!, answer);
    if (!seen.same) return seen.change;
  }
  return undefined;
}

/**
 * Times answers to be compared are asked for before a vault that keeps moving is observed instead of judged.
 * Another tester's change comes now and then, so the second asking almost always holds still and a third
 * covers one that met a second change; more would multiply the requests a busy or rate-limited sandbox
 * pays for a comparison the document does not owe.
 */
export const STILL_ATTEMPTS = 3;

/** Answers asked for until they saw one vault: the last asking's, and what changed in it when none held still. */
export type StillAnswers = { answers: Exchange[]; attempts: number; change?: string };

/**
 * Asks `ask` (the caller's requests, sent through its own client) until every answer it returns saw the vault
 * of the first (vaultChange), at most STILL_ATTEMPTS times. `attempt` counts from 1, so a caller can reuse
 * an answer it already holds on the first asking.
 */
export async function askStill(ask: (attempt: number) => Promise<Exchange[]>): Promise<StillAnswers> {
  let last: StillAnswers | undefined;
  for (let attempt = 1; attempt <= STILL_ATTEMPTS; attempt++) {
    const answers = await ask(attempt);
    const change = vaultChange(answers);
    if (change === undefined) return { answers, attempts: attempt };
    last = { answers, attempts: attempt, change };
  }
  return last!;
}

/**
 * The observation of comparisons left unjudged because the vault kept moving (kind `vault-changed`): `subject`
 * names what was to be compared, the same on every run ("walk at count=4"); each of `changes` says where and
 * what ("pages 6 and 7 at count=4: 32 → 34 records"). The value leaves out the totals, which grow with the
 * sandbox's data.
 */
export function vaultChangedObservation(
  subject: string,
  changes: readonly string[],
  attempts: number,
): { text: string; data: ObservationData } {
  const shown = changes.slice(0, 3).join('; ') + (changes.length > 3 ? `; … (${changes.length} in all)` : '');
  return {
    text:
      `${subject}: the vault changed between answers to compare, each of the ${attempts} time(s) they were ` +
      `asked (${shown}); another tester changing a shared sandbox is no violation, so they were not compared`,
    data: { kind: 'vault-changed', subject, value: 'not compared' },
  };
}
