import { createHash, timingSafeEqual } from 'node:crypto';
import type { Behaviour } from './behaviour.js';
import { MockError } from './errors.js';
import type { Credentials } from './options.js';

/** Who a request acts as: the merchant, or the integrator acting for that merchant (section 5.5). */
export type Identity = 'merchant' | 'vendor';

/** The gateway operation a request is for (the names of spec/openapi.yaml). */
export type Operation = 'tokenize' | 'listCustomers' | 'disableWebhook';

const BASIC = /^basic ([A-Za-z0-9+/]+={0,2})$/i;
const BEARER = /^bearer ([A-Za-z0-9+/]+={0,2})$/i;

/** Comparing equal-length digests keeps timingSafeEqual constant-time whatever the key lengths. */
function digest(s: string): Buffer {
  return createHash('sha256').update(s, 'utf8').digest();
}

/** Builds the section 5 check for one set of credentials: Basic base64(":" + key), merchant or vendor key. */
export function authenticator(credentials: Credentials, { faults, variants }: Behaviour): (header: string | undefined, operation: Operation) => Identity {
  const merchantKey = digest(credentials.apiKey);
  const vendorKey = digest(credentials.vendorApiKey);

  return (header, operation) => {
    if (header === undefined || header === '') {
      if (operation === 'tokenize' && faults.has('tokenize-without-auth')) return 'merchant';
      if (operation === 'listCustomers' && faults.has('vault-without-auth')) return 'merchant';
      if (operation === 'disableWebhook' && faults.has('disable-without-auth')) return 'merchant';
      throw new MockError('authMissing');
    }
    if (faults.has('auth-accepts-unencoded-key') && /^basic /i.test(header) && header.slice(6) === credentials.apiKey) return 'merchant';
    if (faults.has('auth-accepts-empty-token') && /^basic\s*$/i.test(header)) return 'merchant';
    const token = BASIC.exec(header)?.[1] ?? (faults.has('auth-accepts-bearer') ? BEARER.exec(header)?.[1] : undefined);
    if (!token) throw new MockError('authMalformed', 'Authorization must be "Basic " followed by a Base 64 token of ":" + API key.');
    const decoded = Buffer.from(token, 'base64').toString('utf8');
    // Node decodes Base 64 leniently; a token that does not round-trip was not valid Base 64.
    if (Buffer.from(decoded, 'utf8').toString('base64').replace(/=+$/, '') !== token.replace(/=+$/, '') || token.length % 4 !== 0) {
      throw new MockError('authMalformed', 'The Basic token is not valid Base 64. Encode ":" + API key.');
    }
    const colon = decoded.indexOf(':');
    if (colon < 0 && !variants.has('auth-accepts-no-colon')) throw new MockError('authMalformed', 'The decoded token has no colon. Encode ":" + API key, colon first.');
    if (colon > 0 && !variants.has('auth-accepts-user-part')) throw new MockError('authUserPart');
    const key = decoded.slice(colon + 1);
    if (faults.has('auth-key-prefix-match') && key.startsWith(credentials.apiKey)) return 'merchant';
    const sent = digest(key);
    // Both comparisons always run, so timing does not tell which key was close.
    const isMerchant = timingSafeEqual(sent, merchantKey);
    const isVendor = timingSafeEqual(sent, vendorKey);
    if (isMerchant) {
      if (operation === 'tokenize' && faults.has('merchant-key-refused-on-tokenize')) throw new MockError('authUnknownKey');
      if (operation === 'disableWebhook' && faults.has('merchant-key-refused-on-disable')) throw new MockError('authUnknownKey');
      return 'merchant';
    }
    if (isVendor) {
      if (operation === 'listCustomers' && faults.has('vendor-key-refused-on-vault')) throw new MockError('authUnknownKey');
      if (operation === 'disableWebhook' && faults.has('vendor-key-refused-on-disable')) throw new MockError('authUnknownKey');
      return 'vendor';
    }
    if (operation === 'listCustomers' && faults.has('vault-accepts-any-key')) return 'merchant';
    throw new MockError('authUnknownKey');
  };
}
