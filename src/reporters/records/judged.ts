/**
 * "Passed means exercised": a check records how many things it judged, as a test annotation of type
 * `judged` ("VAULT-7: 212 card numbers in 25 records", the noun always plural so counts can be summed),
 * and why it judged nothing as `not-exercised` ("VAULT-7: the vault holds no billing cards (…)").
 * The reporter folds them per rule.
 */
export const JUDGED = 'judged';
export const NOT_EXERCISED = 'not-exercised';

export type Judged = { ruleId: string; count: number; what: string };
export type NotExercised = { ruleId: string; reason: string };

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

export function judgedDescription(j: Judged): string {
  return `${j.ruleId}: ${j.count} ${j.what}`;
}

const RULE_PREFIX = /^([A-Z]+-[0-9]+): ([\s\S]*)$/;

export function parseJudged(description: string): Judged | undefined {
  const m = RULE_PREFIX.exec(description);
  const counted = m ? /^([0-9]+) ([\s\S]+)$/.exec(m[2]!) : null;
  return m && counted ? { ruleId: m[1]!, count: Number(counted[1]), what: counted[2]! } : undefined;
}

export function parseNotExercised(description: string): NotExercised | undefined {
  const m = RULE_PREFIX.exec(description);
  return m ? { ruleId: m[1]!, reason: m[2]! } : undefined;
}

/** Sums one rule's counts by what was judged: ["212 card numbers in 25 records", "3 pages"]. */
export function sumJudged(items: Judged[]): { count: number; text: string }[] {
  const sums = new Map<string, number>();
  for (const j of items) sums.set(j.what, (sums.get(j.what) ?? 0) + j.count);
  return [...sums].map(([what, count]) => ({ count, text: judgedText(count, what) }));
}
