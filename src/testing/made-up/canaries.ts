import { apiToken, base64Carrying } from '../../transport/auth.js';
import { withNearMisses } from '../../transport/near-miss-keys.js';
import { TEST_ACH, TEST_CARDS } from '../../catalogue/test-cards.js';
import { REPRODUCE_LINE, searchBytes, searchTree } from '../readers/canary-search.js';

/** The canaries of the safety tests: what a run's or the proxy's output must never hold, and the search for them. */

export const MERCHANT_KEY = 'CanaryMerchantKey_Qx7Zt2';
export const VENDOR_KEY = 'CanaryVendorKey_Lm4Rw9';

/**
 * Every form in which a secret could be written: raw, as the Basic token, Base 64 of the bare key, and the Base 64
 * of any text carrying it (the key with spaces around it, as the user part).
 */
function forms(key: string): string[] {
  return [
    key,
    apiToken(key),
    apiToken(key).replace(/=+$/, ''),
    Buffer.from(key).toString('base64').replace(/=+$/, ''),
    ...base64Carrying(key),
  ];
}

/** Luhn-valid and on no list of published test numbers: it stands for a real customer's card. */
export const PRIVATE_CARD = '4929123456781236';

/**
 * Never written anywhere, reproduce lines included: the keys (a reproduce line names their variable), the near
 * misses of them AUTH-3 sends (each a key one character or the letter case away), and a private card.
 */
const SECRETS = [...withNearMisses([MERCHANT_KEY, VENDOR_KEY]).flatMap(forms), PRIVATE_CARD];
/**
 * Published test data: redacted everywhere except in a reproduce line, which must send the request again
 * as it was sent (a test card number is no secret; the line would not reproduce without it).
 */
const TEST_DATA = [...TEST_CARDS.map((c) => c.number), 'cvv2":"123"', TEST_ACH.tr_number, TEST_ACH.dda_number];

/** Hits of the secrets anywhere and of the test data outside reproduce lines. */
export function search(dir: string) {
  const secrets = searchTree([dir], SECRETS);
  const testData = searchTree([dir], TEST_DATA, REPRODUCE_LINE);
  return { hits: [...secrets.hits, ...testData.hits], files: secrets.files, bytes: secrets.bytes };
}
export const searchText = (text: string, where: string) => [
  ...searchBytes(Buffer.from(text), where, SECRETS),
  ...searchBytes(Buffer.from(text), where, TEST_DATA, [], REPRODUCE_LINE),
];
