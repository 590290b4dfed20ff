import { basicHeader, decodedBasic, type Identity, type Operation } from '../gateway/auth.js';
import { MockError } from '../gateway/errors.js';
import type { Env, Behaviour } from './behaviour.js';

/** Section 5 behaviours, at the seam where a request's Authorization header is judged. */

type Authenticate = (header: string | undefined, operation: Operation) => Identity;

/** AUTH-1: an operation served without credentials, as the merchant. */
const servedWithoutAuth =
  (operation: Operation) =>
  (next: Authenticate): Authenticate =>
  (header, op) =>
    op === operation && !header ? 'merchant' : next(header, op);

/** AUTH-2, AUTH-5: a valid key of `who` refused on one operation. */
const keyRefused =
  (who: Identity, operation: Operation) =>
  (next: Authenticate): Authenticate =>
  (header, op) => {
    const identity = next(header, op);
    if (op === operation && identity === who) throw new MockError('authUnknownKey');
    return identity;
  };

/** Runs `next`; where it refuses an unknown key, `accept` may let the request in, as whom it names. */
const unknownKeyServed =
  (accept: (header: string, op: Operation) => Identity | undefined) =>
  (next: Authenticate): Authenticate =>
  (header, op) => {
    try {
      return next(header, op);
    } catch (e) {
      const as = e instanceof MockError && e.failure === 'authUnknownKey' && header ? accept(header, op) : undefined;
      if (as) return as;
      throw e;
    }
  };

/** Runs `next`; where it refuses an unknown key, `accept` may let the request in as the merchant. */
const unknownKeyAccepted = (accept: (header: string, op: Operation) => boolean) =>
  unknownKeyServed((header, op) => (accept(header, op) ? 'merchant' : undefined));

/**
 * Keys compared loosely: an unknown key that `near` takes for the merchant key or the vendor key is served as
 * that party (the integrator's near miss as the integrator, so its tokenize names vendor_id as for the real key).
 */
const keyComparedLoosely =
  (near: (sent: string, issued: string) => boolean) =>
  (next: Authenticate, env: Env): Authenticate =>
    unknownKeyServed((header) => {
      const decoded = decodedBasic(header) ?? '';
      const sent = decoded.slice(decoded.indexOf(':') + 1);
      if (near(sent, env.credentials.apiKey)) return 'merchant';
      if (near(sent, env.credentials.vendorApiKey)) return 'vendor';
      return undefined;
    })(next);

/** `longer` is `shorter` with one character more, anywhere. */
function oneCharacterMore(longer: string, shorter: string): boolean {
  if (longer.length !== shorter.length + 1) return false;
  for (let i = 0; i < longer.length; i++) if (longer.slice(0, i) + longer.slice(i + 1) === shorter) return true;
  return false;
}

/** The vendor key's refusals on the disable, under fault vendor-key-refused-on-disable. */
const refusedOnDisable = new WeakSet<MockError>();
const UNAUTHORIZED_401 = { code: 401, message: 'Unauthorized' };

export const AUTH_FAULTS = [
  // AUTH-1: a request without Authorization is rejected, on every operation.
  {
    name: 'tokenize-without-auth',
    rule: 'AUTH-1',
    description: 'POST /pg/tokenize serves a request without an Authorization header, as the merchant.',
    authenticate: servedWithoutAuth('tokenize'),
  },
  {
    name: 'vault-without-auth',
    rule: 'AUTH-1',
    description: 'The vault listing serves a request without an Authorization header, as the merchant.',
    authenticate: servedWithoutAuth('listCustomers'),
  },
  {
    name: 'disable-without-auth',
    rule: 'AUTH-1',
    description: 'Disabling a webhook works without an Authorization header.',
    authenticate: servedWithoutAuth('disableWebhook'),
  },
  // AUTH-2: the section 5 token with the merchant key is accepted, on every operation.
  {
    name: 'merchant-key-refused-on-tokenize',
    rule: 'AUTH-2',
    description:
      'Tokenize refuses the merchant key (rcode 104) though the token is built as section 5 says; the vendor key still works.',
    authenticate: keyRefused('merchant', 'tokenize'),
  },
  {
    name: 'merchant-key-refused-on-disable',
    rule: 'AUTH-2',
    description: 'Disabling a webhook refuses the merchant key (code 1004); the vendor key disables it.',
    authenticate: keyRefused('merchant', 'disableWebhook'),
  },
  // AUTH-3: a key the gateway did not issue is rejected.
  {
    name: 'auth-key-prefix-match',
    rule: 'AUTH-3',
    description:
      'Accepts any key that starts with the merchant key (compares only as many characters as the real key has).',
    authenticate: (next, env) =>
      unknownKeyAccepted((header) => {
        const decoded = decodedBasic(header) ?? '';
        return decoded.slice(decoded.indexOf(':') + 1).startsWith(env.credentials.apiKey);
      })(next),
  },
  {
    name: 'key-compared-case-insensitively',
    rule: 'AUTH-3',
    description:
      'Compares keys without regard to letter case: ' +
      'the merchant key or the vendor key with its letters in the other case is served as that party.',
    authenticate: keyComparedLoosely((sent, issued) => sent.toLowerCase() === issued.toLowerCase()),
  },
  {
    name: 'key-last-char-ignored',
    rule: 'AUTH-3',
    description:
      'Compares all but the last character of a key: ' +
      'the merchant key or the vendor key with its last character changed is served as that party.',
    authenticate: keyComparedLoosely(
      (sent, issued) => sent.length === issued.length && sent.slice(0, -1) === issued.slice(0, -1),
    ),
  },
  {
    name: 'key-first-char-ignored',
    rule: 'AUTH-3',
    description:
      'Compares all but the first character of a key: ' +
      'the merchant key or the vendor key with its first character changed is served as that party.',
    authenticate: keyComparedLoosely(
      (sent, issued) => sent.length === issued.length && sent.slice(1) === issued.slice(1),
    ),
  },
  {
    name: 'key-extra-char-ignored',
    rule: 'AUTH-3',
    description:
      'Serves the merchant key or the vendor key with one character added anywhere (start, middle or end), as that party.',
    authenticate: keyComparedLoosely((sent, issued) => oneCharacterMore(sent, issued)),
  },
  {
    name: 'key-missing-char-accepted',
    rule: 'AUTH-3',
    description:
      'Serves the merchant key or the vendor key with one character removed anywhere (its first or last included), as that party.',
    authenticate: keyComparedLoosely((sent, issued) => oneCharacterMore(issued, sent)),
  },
  {
    name: 'vault-accepts-any-key',
    rule: 'AUTH-3',
    description: 'The vault listing serves a well-formed token carrying any key, as the merchant.',
    authenticate: unknownKeyAccepted((_h, op) => op === 'listCustomers'),
  },
  {
    name: 'empty-key-accepted',
    rule: 'AUTH-3',
    description:
      'Serves a well-formed token of an empty key (Basic and the Base 64 of ":"), as the merchant, on every operation.',
    authenticate: unknownKeyAccepted((header) => decodedBasic(header) === ':'),
  },
  // AUTH-4: a header that is not the stated construction is rejected.
  {
    name: 'auth-accepts-bearer',
    rule: 'AUTH-4',
    description: 'Accepts "Bearer <token>" as if it were "Basic <token>".',
    authenticate: (next) => (header, op) => next(header?.replace(/^bearer (?=[A-Za-z0-9+/]+={0,2}$)/i, 'Basic '), op),
  },
  {
    name: 'auth-accepts-bearer-key',
    rule: 'AUTH-4',
    description: 'Also serves "Bearer <merchant key>", the key itself as a bearer token, as the merchant.',
    authenticate: (next, env) => (header, op) =>
      header && /^bearer /i.test(header) && header.slice(7) === env.credentials.apiKey ? 'merchant' : next(header, op),
  },
  {
    name: 'auth-accepts-unencoded-key',
    rule: 'AUTH-4',
    description: 'Accepts "Basic <merchant key>" with the key sent unencoded.',
    authenticate: (next, env) => (header, op) =>
      header && /^basic /i.test(header) && header.slice(6) === env.credentials.apiKey ? 'merchant' : next(header, op),
  },
  {
    name: 'auth-accepts-empty-token',
    rule: 'AUTH-4',
    description: 'Accepts "Basic" with an empty token, as the merchant.',
    authenticate: (next) => (header, op) => (header && /^basic\s*$/i.test(header) ? 'merchant' : next(header, op)),
  },
  // AUTH-5: the vendor key is accepted where the merchant key is.
  {
    name: 'vendor-key-refused-on-vault',
    rule: 'AUTH-5',
    description: 'The vault listing refuses the vendor key (code 1004).',
    authenticate: keyRefused('vendor', 'listCustomers'),
  },
  {
    name: 'vendor-key-refused-on-disable',
    rule: 'AUTH-5',
    description:
      'Disabling a webhook refuses the vendor key, whatever the webhook ID: HTTP 401 with {"code":401,"message":"Unauthorized"}; ' +
      'the merchant key disables it, and the vendor key works on the other operations.',
    authenticate: (next) => (header, op) => {
      const identity = next(header, op);
      if (op !== 'disableWebhook' || identity !== 'vendor') return identity;
      const refused = new MockError('authUnknownKey');
      refusedOnDisable.add(refused);
      throw refused;
    },
    failure: (answer, context) => {
      if (refusedOnDisable.has(context.error)) Object.assign(answer, { status: 401, body: UNAUTHORIZED_401 });
    },
  },
] as const satisfies readonly Behaviour[];

/** Re-sends a decoded token as section 5 builds it when `rebuild` says how; otherwise judges it as it came. */
const reread =
  (rebuild: (decoded: string) => string | undefined) =>
  (next: Authenticate): Authenticate =>
  (header, op) => {
    const decoded = header ? decodedBasic(header) : undefined;
    const fixed = decoded === undefined ? undefined : rebuild(decoded);
    return next(fixed === undefined ? header : basicHeader(fixed), op);
  };

export const AUTH_VARIANTS = [
  // Section 5.6: the try-it tool sends the merchant ID as user name.
  {
    name: 'auth-accepts-user-part',
    rule: 'AUTH-4',
    description:
      'Accepts a Basic token whose user part (before the colon) is not empty, as the try-it tool of section 5.6 sends it.',
    authenticate: reread((d) => (d.indexOf(':') > 0 ? d.slice(d.indexOf(':')) : undefined)),
  },
  {
    name: 'auth-accepts-no-colon',
    rule: 'AUTH-4',
    description: 'Accepts a Basic token of the key alone, without the leading colon.',
    authenticate: reread((d) => (d.includes(':') ? undefined : `:${d}`)),
  },
  // Notable leniencies: not forbidden outright, so the suite passes them and reports each in a section of its own.
  {
    name: 'key-as-user-part',
    rule: 'AUTH-4',
    leniency: 'key-as-user-part',
    description:
      'Also takes the key from the user part when nothing follows the colon ("KEY:" in place of ":KEY"), on every ' +
      'operation, as a server reading user:password and taking whichever half is filled does.',
    authenticate: reread((d) =>
      d.endsWith(':') && d.indexOf(':') === d.length - 1 ? `:${d.slice(0, -1)}` : undefined,
    ),
  },
  {
    name: 'trims-key-whitespace',
    rule: 'AUTH-3',
    leniency: 'key-whitespace-trimmed',
    description:
      'Compares the key without the whitespace around it (a space, a tab, a line end), on every operation, as a ' +
      'gateway forgiving pasted keys does; no near miss of AUTH-3 is whitespace, so every one is still refused.',
    authenticate: reread((d) => {
      const colon = d.indexOf(':');
      const key = d.slice(colon + 1);
      return colon === 0 && key.trim() !== key ? `:${key.trim()}` : undefined;
    }),
  },
] as const satisfies readonly Behaviour[];
