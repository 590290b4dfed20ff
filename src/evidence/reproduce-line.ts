import { apiToken } from '../transport/auth.js';
import { nearMissKeys, type NearMissForm } from '../transport/near-miss-keys.js';
import type { Exchange } from '../transport/exchange.js';
import type { Redactor } from './redact.js';
import type { ReproduceContext } from './reproduce-context.js';
import { TEST_ACH, TEST_CARDS } from '../catalogue/test-cards.js';

/**
 * The variables of README's Configuration that hold the keys, for the keys that are configured, and each key's
 * near misses (AUTH-3 sends them, the Redactor hides them as it hides the key) built from its variable.
 */
export function keyVariables(keys: { merchantKey?: string; vendorKey?: string }): ReproduceContext['variables'] {
  const named = [
    ...(keys.merchantKey ? [{ name: 'PG_API_KEY', value: keys.merchantKey }] : []),
    ...(keys.vendorKey ? [{ name: 'PG_VENDOR_API_KEY', value: keys.vendorKey }] : []),
  ].filter((v) => v.value.length >= 4); // as the Redactor: shorter would match inside ordinary text
  return named.flatMap((v) => [
    v,
    ...nearMissKeys(v.value).flatMap((n) => {
      const shell = n.key === undefined ? undefined : nearMissShell(n.form, v.name, v.value);
      return n.key === undefined || shell === undefined ? [] : [{ name: v.name, value: n.key, shell }];
    }),
  ]);
}

/** The characters otherThan (near-miss-keys.ts) turns each into, for tr: the next digit or letter, round the end. */
const TR_NEXT = "tr '0-9a-zA-Z-' '1-90b-zaB-ZA_'";

/**
 * sh that expands, inside double quotes, to the near miss of `$name` in `form`, from the variable alone: the
 * character changed or added is worked out in the shell too, so the line shows nothing of the key. Undefined
 * where a character the form works on is one tr's table does not turn the way the suite did.
 */
function nearMissShell(form: NearMissForm, name: string, key: string): string | undefined {
  // cut and tail count bytes: only a printable ASCII key is cut as the suite cut it.
  if (!PRINTABLE.test(key)) return undefined;
  const of = (cmd: string) => `$(printf '%s' "$${name}" | ${cmd})`;
  // The middle from the variable's length too, so the line does not tell the key's length either.
  const half = `\${#${name}} / 2`;
  // The character otherThan puts in place of (or beside) the key's one at `index`, as the shell turns it.
  const next = (index: number, cut: string) =>
    /^[0-9A-Za-z-]$/.test(key[index]!) ? of(`${cut} | ${TR_NEXT}`) : undefined;
  const first = next(0, 'cut -c1');
  const last = next(key.length - 1, 'tail -c1');
  const inMiddle = next(Math.floor(key.length / 2), `cut -c$((${half} + 1))`);
  const shells: Record<NearMissForm, string | undefined> = {
    'its letters in the other case': of("tr 'A-Za-z' 'a-zA-Z'"),
    'its last character changed': last && `\${${name}%?}${last}`,
    'its first character changed': first && `${first}\${${name}#?}`,
    'a character added at its end': last && `\${${name}}${last}`,
    'a character added at its start': first && `${first}\${${name}}`,
    'a character added in its middle':
      inMiddle && `${of(`cut -c1-$((${half}))`)}${inMiddle}${of(`cut -c$((${half} + 1))-`)}`,
    'its last character removed': `\${${name}%?}`,
    'its first character removed': `\${${name}#?}`,
  };
  return shells[form];
}

const PUBLISHED: ReadonlySet<string> = new Set([
  ...TEST_CARDS.map((c) => c.number),
  TEST_ACH.tr_number,
  TEST_ACH.dda_number,
]);

/** A value the reproduce line may write as sent (the Redactor asks for each value it would redact). */
function keeper(exchange: Exchange, context: ReproduceContext): (value: string, field?: string) => boolean {
  if (context.sender === 'suite on the mock') return () => true;
  const body = exchange.request.body;
  const card = body && typeof body === 'object' ? (body as Record<string, unknown>).card_number : undefined;
  // A security code goes with its card: the one of a published test card is test data too.
  const testCard = typeof card === 'string' && PUBLISHED.has(card.replace(/[ -]/g, ''));
  return (value, field) =>
    PUBLISHED.has(value.replace(/[ -]/g, '')) || (field === 'cvv2' && testCard && /^[0-9]{3,4}$/.test(value));
}

/** Single-quoted for sh: nothing inside expands. */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Text for inside sh double quotes: only the variables we put there expand. */
function inDoubleQuotes(s: string): string {
  return s.replace(/[\\"$`]/g, (c) => `\\${c}`).replace(/\t/g, `$(printf '\\t')`);
}

type Piece = { literal: string } | { variable: string; shell: string };

/** `text` cut at every occurrence of a key, longest key first. */
function pieces(text: string, variables: ReproduceContext['variables']): Piece[] {
  const sorted = [...variables].sort((a, b) => b.value.length - a.value.length);
  let out: Piece[] = [{ literal: text }];
  for (const v of sorted) {
    out = out.flatMap((p): Piece[] =>
      'variable' in p
        ? [p]
        : p.literal
            .split(v.value)
            .flatMap((part, i): Piece[] =>
              i ? [{ variable: v.name, shell: v.shell ?? `\${${v.name}}` }, { literal: part }] : [{ literal: part }],
            ),
    );
  }
  return out.filter((p) => !('literal' in p) || p.literal !== '');
}

/** A shell word (quoted) that expands to `text`, keys as variables and the rest redacted as `keep` allows. */
export function shellWord(
  text: string,
  redactor: Redactor,
  context: ReproduceContext,
  keep?: (value: string, field?: string) => boolean,
): string {
  const parts = pieces(text, context.variables);
  if (!parts.length) return "''";
  return parts.map((p) => ('variable' in p ? `"${p.shell}"` : shellQuote(redactor.text(p.literal, keep)))).join('');
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const PRINTABLE = /^[\x20-\x7e]*$/;

/**
 * `text` as the inside of sh double quotes that expands to exactly `text`, its keys as variables, each
 * layer of Base 64 or hex rebuilt by a pipe; undefined when it holds no key or something the redactor hides.
 */
function expression(text: string, redactor: Redactor, context: ReproduceContext, depth = 0): string | undefined {
  const parts = pieces(text, context.variables);
  if (parts.some((p) => 'variable' in p)) {
    if (parts.some((p) => 'literal' in p && redactor.text(p.literal) !== p.literal)) return undefined;
    return parts.map((p) => ('variable' in p ? p.shell : inDoubleQuotes(p.literal))).join('');
  }
  if (depth >= 2) return undefined;
  if (BASE64.test(text)) {
    const decoded = Buffer.from(text, 'base64').toString('utf8');
    const again = Buffer.from(decoded, 'utf8').toString('base64');
    const inner =
      PRINTABLE.test(decoded) && (again === text || again.replace(/=+$/, '') === text)
        ? expression(decoded, redactor, context, depth + 1)
        : undefined;
    if (inner !== undefined)
      return `$(printf '%s' "${inner}" | base64 | tr -d '${again === text ? '\\012' : '\\012='}')`;
  }
  if (/^(?:[0-9a-f]{2})+$/.test(text)) {
    const decoded = Buffer.from(text, 'hex').toString('utf8');
    const inner = PRINTABLE.test(decoded) ? expression(decoded, redactor, context, depth + 1) : undefined;
    if (inner !== undefined) return `$(printf '%s' "${inner}" | od -An -tx1 | tr -d ' \\012')`;
  }
  return undefined;
}

/**
 * Only the scheme of an Authorization header is ever shown: its credential may be the key in any encoding
 * (hex, Base 64 twice, none at all), which no redaction by value can know.
 */
export function authorizationShown(value: string): string {
  const scheme = /^([A-Za-z]{1,16})[ \t]/.exec(value)?.[1];
  return scheme ? `${scheme} [REDACTED]` : '[REDACTED]';
}

/**
 * The curl arguments that send this Authorization header exactly as it was sent, keys as variables: the
 * section 5 token as `-u ":$PG_API_KEY"`, anything else (a token without the colon, the key unencoded, Base
 * 64 twice) rebuilt as it was. Only the scheme is shown where that cannot be done without writing a secret.
 */
function authorizationArgs(value: string, redactor: Redactor, context: ReproduceContext): string {
  for (const v of context.variables) if (!v.shell && value === `Basic ${apiToken(v.value)}`) return `-u ":$${v.name}"`;
  // The credential may follow the scheme after any run of spaces, or none: try each cut, shortest prefix first.
  for (let cut = 0; cut <= value.length; cut++) {
    const prefix = value.slice(0, cut);
    if (!/^[A-Za-z]*[ \t]*$/.test(prefix)) break;
    const credential = expression(value.slice(cut), redactor, context);
    if (credential !== undefined) return `-H "authorization: ${inDoubleQuotes(prefix)}${credential}"`;
  }
  // The suite's own made-up credentials ("not-a-key", garbage) are no secret; an application's may be.
  if (context.sender !== 'application' && redactor.text(value) === value)
    return `-H ${shellQuote(`authorization: ${value}`)}`;
  return `-H ${shellQuote(`authorization: ${authorizationShown(value)}`)}`;
}

/**
 * A curl line that sends the request again as it was sent: the key the request used as its shell variable,
 * the exact Authorization header, the body in full where it holds no secret, and none of curl's own
 * defaults (accept, content-type) the original did not send.
 */
export function reproduceWithCurl(exchange: Exchange, redactor: Redactor): string {
  const context = redactor.reproduce;
  const { request } = exchange;
  const keep = keeper(exchange, context);
  const parts = ['curl', '-sS', '-X', request.method];
  const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), v]));
  if (headers.authorization !== undefined) parts.push(authorizationArgs(headers.authorization, redactor, context));
  for (const [name, value] of Object.entries(headers)) {
    if (name !== 'authorization') parts.push('-H', shellWord(`${name}: ${value}`, redactor, context, keep));
  }
  if (headers.accept === undefined) parts.push('-H', "'accept:'");
  if (request.body !== undefined) {
    if (headers['content-type'] === undefined) parts.push('-H', "'content-type:'");
    const body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
    parts.push('--data-raw', shellWord(body, redactor, context, keep));
  }
  parts.push(shellWord(request.url, redactor, context, keep));
  return parts.join(' ');
}
