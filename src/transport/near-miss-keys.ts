/**
 * Keys a gateway never issued that differ from an issued key only a little: in letter case, or by one
 * character changed, added or removed. A gateway that compares keys loosely (case-insensitively, a prefix,
 * all but one end) serves some of them. Each is derived from the key itself, so the same key always gives
 * the same near misses; a report hides them as it hides the key (withNearMisses).
 */

const CLASSES = ['0123456789', 'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];

/** Another character of the same kind as `c` (the next digit or letter, round the end), so the key keeps its shape. */
function otherThan(c: string): string {
  for (const chars of CLASSES) {
    const at = chars.indexOf(c);
    if (at >= 0) return chars[(at + 1) % chars.length]!;
  }
  return c === '-' ? '_' : '-';
}

/** Upper case for lower and lower for upper, for the ASCII letters; undefined when the key has none. */
function otherCase(key: string): string | undefined {
  if (!/[A-Za-z]/.test(key)) return undefined;
  return key.replace(/[A-Za-z]/g, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()));
}

/** Each form, in the order nearMissKeys gives them, and how it is made from a key of two characters or more. */
const FORMS = {
  'its letters in the other case': otherCase,
  'its last character changed': (key: string) => key.slice(0, -1) + otherThan(key[key.length - 1]!),
  'its first character changed': (key: string) => otherThan(key[0]!) + key.slice(1),
  'a character added at its end': (key: string) => key + otherThan(key[key.length - 1]!),
  'a character added at its start': (key: string) => otherThan(key[0]!) + key,
  'a character added in its middle': (key: string) => {
    const middle = Math.floor(key.length / 2);
    return key.slice(0, middle) + otherThan(key[middle]!) + key.slice(middle);
  },
  'its last character removed': (key: string) => key.slice(0, -1),
  'its first character removed': (key: string) => key.slice(1),
} satisfies Record<string, (key: string) => string | undefined>;

export type NearMissForm = keyof typeof FORMS;

/** A near miss of a key, or why the key cannot give that form (no letter to change the case of). */
export type NearMissKey = { form: NearMissForm; key: string } | { form: NearMissForm; key: undefined; why: string };

/** The near misses of `key`, one per form, in the order of FORMS; none for a key shorter than two. */
export function nearMissKeys(key: string): NearMissKey[] {
  const forms = Object.keys(FORMS) as NearMissForm[];
  if (key.length < 2) return forms.map((form) => ({ form, key: undefined, why: 'the key is one character' }));
  return forms.map((form) => {
    const nearMiss = FORMS[form](key);
    return nearMiss === undefined ? { form, key: undefined, why: 'the key has no letter' } : { form, key: nearMiss };
  });
}

/** `keys` and the near misses of each: what a redactor of the suite's output hides, since the suite sends both. */
export function withNearMisses(keys: readonly string[]): string[] {
  return keys.flatMap((key) => [key, ...nearMissKeys(key).flatMap((n) => n.key ?? [])]);
}
