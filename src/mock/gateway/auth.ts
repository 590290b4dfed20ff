import { createHash, timingSafeEqual } from 'node:crypto';
import { MockError } from './errors.js';
import type { Credentials } from './credentials.js';

/** Who a request acts as: the merchant, or the integrator acting for that merchant (section 5.5). */
export type Identity = 'merchant' | 'vendor';

/** The gateway operation a request is for (the names of spec/openapi.yaml). */
export type Operation = 'tokenize' | 'listCustomers' | 'disableWebhook';

const BASIC = /^basic ([A-Za-z0-9+/]+={0,2})$/i;

/** Comparing equal-length digests keeps timingSafeEqual constant-time whatever the key lengths. */
function digest(s: string): Buffer {
  return createHash('sha256').update(s, 'utf8').digest();
}

/** The decoded text of a "Basic <token>" header whose token is valid Base 64; undefined otherwise. */
export function decodedBasic(header: string): string | undefined {
  const token = BASIC.exec(header)?.[1];
  if (!token) return undefined;
  const decoded = Buffer.from(token, 'base64').toString('utf8');
  // Node decodes Base 64 leniently; a token that does not round-trip was not valid Base 64.
  if (
    Buffer.from(decoded, 'utf8').toString('base64').replace(/=+$/, '') !== token.replace(/=+$/, '') ||
    token.length % 4 !== 0
  )
    return undefined;
  return decoded;
}

/** The header section 5 describes for `decoded` (":" + key when built as stated). */
export function basicHeader(decoded: string): string {
  return `Basic ${Buffer.from(decoded, 'utf8').toString('base64')}`;
}

/**
 * Section 5: Basic base64(":" + key), with the merchant key or the vendor key, on every operation.
 * Throws the refusal as a MockError.
 */
export function authenticator(
  credentials: Credentials,
): (header: string | undefined, operation: Operation) => Identity {
  const merchantKey = digest(credentials.apiKey);
  const vendorKey = digest(credentials.vendorApiKey);
  return (header) => {
    if (header === undefined || header === '') throw new MockError('authMissing');
    if (!BASIC.test(header))
      throw new MockError(
        'authMalformed',
        'Authorization must be "Basic " followed by a Base 64 token of ":" + API key.',
      );
    const decoded = decodedBasic(header);
    if (decoded === undefined)
      throw new MockError('authMalformed', 'The Basic token is not valid Base 64. Encode ":" + API key.');
    const colon = decoded.indexOf(':');
    if (colon < 0)
      throw new MockError('authMalformed', 'The decoded token has no colon. Encode ":" + API key, colon first.');
    if (colon > 0) throw new MockError('authUserPart');
    const sent = digest(decoded.slice(colon + 1));
    // Both comparisons always run, so timing does not tell which key was close.
    const isMerchant = timingSafeEqual(sent, merchantKey);
    const isVendor = timingSafeEqual(sent, vendorKey);
    if (!isMerchant && !isVendor) throw new MockError('authUnknownKey');
    return isMerchant ? 'merchant' : 'vendor';
  };
}
