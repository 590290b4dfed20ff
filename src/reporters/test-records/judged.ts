import type { Judged } from '../../evidence/annotations.js';

/**
 * "Passed means exercised": the `judged` annotations (evidence/annotations.ts) a rule's tests wrote, folded
 * per rule in words.
 */

/** The first plural word made singular: "card numbers in 25 records" → "card number in 25 records". */
function singular(what: string): string {
  const words = what.split(' ');
  const at = words.findIndex((w) => /[A-Za-z_]s$/.test(w));
  if (at < 0) return what;
  const word = words[at]!;
  words[at] = /ies$/.test(word)
    ? `${word.slice(0, -3)}y`
    : /(ss|ch|sh|x)es$/.test(word)
      ? word.slice(0, -2)
      : word.slice(0, -1);
  return words.join(' ');
}

/** "3 pages", "1 page". */
export function judgedText(count: number, what: string): string {
  return `${count} ${count === 1 ? singular(what) : what}`;
}

/** Sums one rule's counts by what was judged: ["212 card numbers in 25 records", "3 pages"]. */
export function sumJudged(items: Judged[]): { count: number; text: string }[] {
  const sums = new Map<string, number>();
  for (const j of items) sums.set(j.what, (sums.get(j.what) ?? 0) + j.count);
  return [...sums].map(([what, count]) => ({ count, text: judgedText(count, what) }));
}
