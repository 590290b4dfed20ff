/**
 * Keys a gateway never issued that differ from an issued key only a little: in letter case, or by one
 * character changed, added or removed. A gateway that compares keys loosely (case-insensitively, a prefix,
 * all but one end) serves some of them. Each is derived from the key itself, so the same key always gives
 * the same near misses; a report hides them as it hides the key (withNearMisses).
 */

export const NEAR_MISS_FORMS = [
  'its letters in the other case',
  'its last character changed',
  'its first character changed',
  'a character added at its end',
  'a character added at its start',
  'a character added in its middle',
  'its last character removed',
  'its first character removed',
] as const;

export type NearMissForm = (typeof NEAR_MISS_FORMS)[number];

/** A near miss of a key, or why the key cannot give that form (no letter to change the case of). */
export type NearMissKey = { form: NearMissForm; key: string } | { form: NearMissForm; key: undefined; why: string };

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

/** The near misses of `key`, one per form, in the order of NEAR_MISS_FORMS; none for a key shorter than two. */
export function nearMissKeys(key: string): NearMissKey[] {
  if (key.length < 2) return NEAR_MISS_FORMS.map((form) => ({ form, key: undefined, why: 'the key is one character' }));
  const first = key[0]!;
  const last = key[key.length - 1]!;
  const middle = Math.floor(key.length / 2);
  const built: Record<NearMissForm, string | undefined> = {
    'its letters in the other case': otherCase(key),
    'its last character changed': key.slice(0, -1) + otherThan(last),
    'its first character changed': otherThan(first) + key.slice(1),
    'a character added at its end': key + otherThan(last),
    'a character added at its start': otherThan(first) + key,
    'a character added in its middle': key.slice(0, middle) + otherThan(key[middle]!) + key.slice(middle),
    'its last character removed': key.slice(0, -1),
    'its first character removed': key.slice(1),
  };
  return NEAR_MISS_FORMS.map((form) => {
    const nearMiss = built[form];
    return nearMiss === undefined ? { form, key: undefined, why: 'the key has no letter' } : { form, key: nearMiss };
  });
}

/** `keys` and the near misses of each: what a redactor of the suite's output hides, since the suite sends both. */
export function withNearMisses(keys: readonly string[]): string[] {
  return keys.flatMap((key) => [key, ...nearMissKeys(key).flatMap((n) => n.key ?? [])]);
}
