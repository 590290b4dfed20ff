import { expect, test } from '../testing/fixtures.js';
import { nearMissKeys, type NearMissForm } from './near-miss-keys.js';

const keyOf = (key: string, form: NearMissForm) => nearMissKeys(key).find((n) => n.form === form)?.key;

test('each form differs from the key as it says, with a character of the same kind', () => {
  const key = 'Ab_3z9Z';
  expect(nearMissKeys(key)).toEqual([
    { form: 'its letters in the other case', key: 'aB_3Z9z' },
    { form: 'its last character changed', key: 'Ab_3z9A' },
    { form: 'its first character changed', key: 'Bb_3z9Z' },
    { form: 'a character added at its end', key: 'Ab_3z9ZA' },
    { form: 'a character added at its start', key: 'BAb_3z9Z' },
    { form: 'a character added in its middle', key: 'Ab_43z9Z' },
    { form: 'its last character removed', key: 'Ab_3z9' },
    { form: 'its first character removed', key: 'b_3z9Z' },
  ]);
});

test('every near miss is another key, whatever the key', () => {
  for (const key of ['mock_api_key_7f3a9c2e', '0000', 'zz', '-_-', 'ключ-9', 'a:b']) {
    expect(nearMissKeys(key).flatMap((n) => n.key ?? [])).not.toContain(key);
  }
  // Two removals meet only where the key starts and ends with the same character.
  const built = nearMissKeys('mock_api_key_7f3a9c2e').map((n) => n.key);
  expect(new Set(built).size).toBe(built.length);
});

test('a key without a letter has no other letter case; a key shorter than two has no near misses', () => {
  expect(nearMissKeys('0123-4567')[0]).toEqual({
    form: 'its letters in the other case',
    key: undefined,
    why: 'the key has no letter',
  });
  expect(keyOf('0123-4567', 'its last character changed')).toBe('0123-4568');
  expect(keyOf('-0-', 'its first character changed')).toBe('_0-');
  expect(nearMissKeys('k').every((n) => n.key === undefined)).toBe(true);
});
