import { closestKnown } from './known-variables.js';

/** Words people write for a value, and the value this suite calls it. */
const SAME_AS: Readonly<Record<string, string>> = {
  staging: 'sandbox',
  stage: 'sandbox',
  test: 'sandbox',
  testing: 'sandbox',
  uat: 'sandbox',
  sbx: 'sandbox',
  dev: 'sandbox',
  prod: 'production',
  live: 'production',
  local: 'mock',
  embedded: 'mock',
  true: '1',
  yes: '1',
  on: '1',
  false: '0',
  no: '0',
  off: '0',
};

/** Short words only: a value like that is no key put on the wrong line, so quoting it leaks nothing. */
const PLAIN_WORD = /^[A-Za-z][A-Za-z-]{0,15}$/;

/** The accepted value nearest to what was given (case, a typo, a common synonym), or undefined. */
export function closestValue(given: string, accepted: readonly string[]): string | undefined {
  const synonym = SAME_AS[given.toLowerCase()];
  if (synonym && accepted.includes(synonym)) return synonym;
  // Edit distance says nothing between one-character values (1 or 0): only a word can be mistyped into another.
  const words = accepted.filter((a) => a.length >= 3);
  return words.length ? closestKnown(given, words) : undefined;
}

/**
 * The sentence for an enumerated variable whose value is not one it takes: what was given (when it is near an
 * accepted value or a plain word, so never a key) and the closest accepted value. Undefined when it is accepted.
 */
export function enumeratedProblem(name: string, given: string, accepted: readonly string[]): string | undefined {
  if (accepted.includes(given)) return undefined;
  const near = closestValue(given, accepted);
  const list = accepted.length === 2 ? `${accepted[0]} or ${accepted[1]}` : `one of ${accepted.join(', ')}`;
  if (!near && !PLAIN_WORD.test(given)) {
    return `${name} must be ${list} (the value given is not repeated: it may be a key on the wrong line)`;
  }
  return `${name} is "${given}", not ${list}${near ? `; did you mean ${name}=${near}?` : ''}`;
}
