import { WHOLE_NUMBERS } from './numeric-variables.js';

/**
 * Values pasted with what came along: quotes the source kept, or the token section 5 builds in place of
 * the key it is built from. Found from the value alone, never quoting it.
 */

/** First and last character the same quote: `"wh_1"` as a shell, a CI secret or docker's --env-file keeps it. */
export function wrappedInQuotes(value: string): boolean {
  return /^(["'`]).*\1$/s.test(value);
}

/**
 * The sentence for a value wrapped in quotes, with what the target did with it where it was asked. dotenv
 * strips one pair of matching quotes from a .env line, so quotes left inside the value came from elsewhere:
 * a shell's nested quoting ('"…"'), a CI secret pasted with them, or docker's --env-file, which keeps them.
 */
export function quotesKept(variable: string, found?: string): string {
  return (
    `${variable} is wrapped in quotes ("…" kept inside the value by a shell, a CI secret or docker's --env-file)` +
    `${found ? `, and ${found}` : ''}; remove them`
  );
}

/**
 * The variables whose every valid value is a URL, a word of a list or a number: none of them can start and
 * end with a quote, so quotes there are refused before any request. An ID or a key the document gives no
 * format for (PG_MERCHANT_ID, PG_WEBHOOK_ID, PG_PROFILE_ID, PG_LOC_ID, the keys) may in theory be a quoted
 * one: the target decides, and the sentence of its refusal names the quotes.
 */
export const QUOTES_REFUSED: readonly string[] = [
  'PG_TARGET',
  'PG_BASE_URL',
  'PG_ALLOW_WRITES',
  'PG_MAX_RPS',
  // Section 2.1: vendor_id is a number; user_id (an integer) is one of the whole numbers.
  'PG_VENDOR_ID',
  ...WHOLE_NUMBERS.map((n) => n.name),
];

/**
 * One sentence per variable of `names` set to a quoted value, and the environment with those quotes taken
 * off, so that the other checks judge what is inside them rather than naming the same value twice.
 */
export function quotedValueProblems(
  env: NodeJS.ProcessEnv,
  names: readonly string[],
): { problems: string[]; unquoted: NodeJS.ProcessEnv } {
  const problems: string[] = [];
  const unquoted: NodeJS.ProcessEnv = { ...env };
  for (const name of names) {
    const v = env[name]?.trim();
    if (v === undefined || !wrappedInQuotes(v)) continue;
    problems.push(quotesKept(name));
    unquoted[name] = v.slice(1, -1);
  }
  return { problems, unquoted };
}

/**
 * True when `value` is the API token of section 5.3 rather than a key: Base 64 (padded or not, optionally
 * after "Basic ", the Authorization header's scheme) of a colon followed by a printable key, and perhaps
 * the line end `echo` adds. A key drawn at random decodes to a colon and printable text only by an extreme
 * coincidence: its first two characters must be O and one of g to v, and every decoded byte printable.
 */
export function isApiToken(value: string): boolean {
  const token = value.replace(/^basic\s+/i, '');
  const bare = token.replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]{2,}$/.test(bare) || bare.length % 4 === 1) return false;
  const decoded = Buffer.from(bare, 'base64');
  // Only the canonical text of those bytes: no stray bits, padding right or absent.
  const canonical = decoded.toString('base64');
  if (token !== canonical && token !== canonical.replace(/=+$/, '')) return false;
  return /^:[\x21-\x7e]+\r?\n?$/.test(decoded.toString('latin1'));
}

/** The sentence for a token set in a key's variable; neither the value nor the key inside it is said. */
export function tokenInsteadOfKey(variable: string): string {
  return (
    `${variable} looks like the token, not the key: it is the Base 64 of a colon and a key, as section 5 builds ` +
    'the token from the key; set the key itself (the suite builds the token)'
  );
}
