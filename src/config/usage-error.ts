/**
 * A mistake on a command's line: exit 2 (configuration), with a sentence saying what to change. Each command
 * catches it around its own parser and prints the sentence; anything else thrown there is a bug, not a usage.
 */
export class UsageError extends Error {
  override name = 'UsageError';
}
