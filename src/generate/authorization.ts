import fc from 'fast-check';

/** What a conformant gateway must do with the header: serve it, reject it (and under which rule), or either. */
export type Expectation =
  { kind: 'accept'; rule: 'AUTH-2' } | { kind: 'reject'; rule: 'AUTH-3' | 'AUTH-4' } | { kind: 'open'; why: string };

/**
 * The Authorization header space of section 5: scheme, credential form, encoding and spacing. A header is
 * described by its parts, never by its value, so a report can show it without the key.
 */
export const authHeader = fc.record({
  scheme: fc.constantFrom('Basic', 'Basic', 'Basic', 'basic', 'BASIC', 'Bearer', 'Digest', 'Token', '(none)'),
  spacing: fc.constantFrom('one space', 'one space', 'one space', 'two spaces', 'a tab', 'no space'),
  credential: fc.constantFrom(
    'section 5 token',
    'section 5 token',
    'key unencoded',
    'another key',
    'empty key',
    'empty',
    'garbage',
    'merchant ID as user part',
    'key without the colon',
  ),
  encoding: fc.constantFrom('Base 64', 'Base 64', 'Base 64 without padding', 'Base 64 twice', 'hex'),
});
export type AuthHeader = typeof authHeader extends fc.Arbitrary<infer H> ? H : never;

const SPACES = { 'one space': ' ', 'two spaces': '  ', 'a tab': '\t', 'no space': '' } as const;

function encode(text: string, encoding: AuthHeader['encoding']): string {
  const b64 = Buffer.from(text, 'utf8').toString('base64');
  if (encoding === 'Base 64 without padding') return b64.replace(/=+$/, '');
  if (encoding === 'Base 64 twice') return Buffer.from(b64, 'utf8').toString('base64');
  if (encoding === 'hex') return Buffer.from(text, 'utf8').toString('hex');
  return b64;
}

/** The header value for `h` with the real credentials; only the request carries it, never a report. */
export function buildAuthHeader(h: AuthHeader, merchantId: string, apiKey: string): string {
  const credential = {
    'section 5 token': () => encode(`:${apiKey}`, h.encoding),
    'key unencoded': () => apiKey,
    'another key': () => encode(`:${apiKey}-not-issued`, h.encoding),
    // The section 5 construction of an empty key: ":" alone, a key no gateway issues.
    'empty key': () => encode(':', h.encoding),
    empty: () => '',
    garbage: () => '!!not*base64!!',
    'merchant ID as user part': () => encode(`${merchantId}:${apiKey}`, h.encoding),
    'key without the colon': () => encode(apiKey, h.encoding),
  }[h.credential]();
  return h.scheme === '(none)' ? credential : `${h.scheme}${SPACES[h.spacing]}${credential}`;
}

/**
 * Judged strictly where section 5 is plain (scheme, credential, encoding); left open where HTTP itself allows
 * more than the document's one example: the scheme's case and the run of spaces (RFC 7235: case-insensitive
 * scheme, 1*SP), unpadded Base 64 that lenient decoders read, and the two forms the suite already observes.
 * Open to the gateway, not to a layer in front: all but the section 5 token are out of 5.4's exact form
 * (who-answered.ts), and a WAF's refusal of one is a clean rejection, observed, never an ERR-1/ERR-2 failure.
 */
export function expectationOf(h: AuthHeader): Expectation {
  if (h.scheme === '(none)' || !/^basic$/i.test(h.scheme) || h.spacing === 'no space')
    return { kind: 'reject', rule: 'AUTH-4' };
  if (['key unencoded', 'empty', 'garbage'].includes(h.credential)) return { kind: 'reject', rule: 'AUTH-4' };
  // Every credential left here is encoded: the unencoded ones were rejected just above.
  if (h.encoding === 'hex' || h.encoding === 'Base 64 twice') return { kind: 'reject', rule: 'AUTH-4' };
  if (h.credential === 'another key' || h.credential === 'empty key') return { kind: 'reject', rule: 'AUTH-3' };
  const open: string[] = [];
  if (h.scheme !== 'Basic') open.push(`the scheme written "${h.scheme}"`);
  if (h.spacing !== 'one space') open.push(`${h.spacing} after the scheme`);
  if (h.encoding === 'Base 64 without padding') open.push('unpadded Base 64');
  if (h.credential !== 'section 5 token') open.push(`the ${h.credential}`);
  return open.length ? { kind: 'open', why: open.join(', ') } : { kind: 'accept', rule: 'AUTH-2' };
}

export function describeAuthHeader(h: AuthHeader): string {
  return h.scheme === '(none)'
    ? `no scheme, the ${h.credential} (${h.encoding})`
    : `scheme "${h.scheme}", ${h.spacing}, the ${h.credential} (${h.encoding})`;
}
