import { DEFAULT_TEST_CARD, TEST_ACH, TEST_WALLET_PAYLOADS } from './test-cards.js';
import type { TokenizeRequest } from './types.js';

/** An expiry two years ahead, MMYY, so test cards never read as expired. */
export function futureExpiry(monthsAhead = 24, now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + monthsAhead, 1));
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCFullYear() % 100).padStart(2, '0')}`;
}

/** A new-card tokenize request (section 4.1 rule 1): card data, no card_id. */
export function newCardRequest(merchantId: string, over: Partial<TokenizeRequest> = {}): TokenizeRequest {
  return {
    merchant_id: merchantId,
    cardholder_name: 'Conformance Test',
    card_number: DEFAULT_TEST_CARD,
    exp_date: futureExpiry(),
    cvv2: '123',
    avs_zip: '10001',
    ...over,
  };
}

/** A new ACH tokenize request (section 4.1 rule 3), type_id S as the document uses it. */
export function newAchRequest(merchantId: string, over: Partial<TokenizeRequest> = {}): TokenizeRequest {
  return { merchant_id: merchantId, cardholder_name: 'Conformance Test', ...TEST_ACH, ...over };
}

/** A new wallet tokenize request (section 4.1 rule 3's third kind): one wallet's payload, for the mock alone. */
export function newWalletRequest(
  merchantId: string,
  wallet: keyof typeof TEST_WALLET_PAYLOADS = 'payload_walletA_pay',
  over: Partial<TokenizeRequest> = {},
): TokenizeRequest {
  return { merchant_id: merchantId, [wallet]: TEST_WALLET_PAYLOADS[wallet], ...over };
}

/** How tokenize carries the merchant ID: section 2.1's string, or a JSON number (TOK-12). */
export type MerchantIdForm = 'string' | 'number';

/**
 * The merchant ID as a JSON number, where it has one: all digits, no leading zero (the number would be
 * another text) and a safe integer. Section 2.1 gives merchant_id as a string; a gateway that takes it
 * only as a number (TOK-12) is sent this.
 */
export function merchantIdNumber(merchantId: string): number | undefined {
  if (!/^[1-9][0-9]*$/.test(merchantId)) return undefined;
  const n = Number(merchantId);
  return Number.isSafeInteger(n) ? n : undefined;
}

/**
 * A merchant ID of `merchantId`'s shape that is not it, the same every run: each digit the next one (a first
 * digit never 0), each letter the next of its case, everything else kept. A gateway that refuses a malformed
 * ID cannot refuse it for its form, so only the ID's owner tells it apart.
 */
export function otherMerchantIdLike(merchantId: string): string {
  const next = (c: string, i: number) => {
    if (/[0-9]/.test(c)) return i === 0 && c === '9' ? '1' : String((Number(c) + 1) % 10);
    if (/[a-z]/.test(c)) return String.fromCharCode(((c.charCodeAt(0) - 97 + 1) % 26) + 97);
    if (/[A-Z]/.test(c)) return String.fromCharCode(((c.charCodeAt(0) - 65 + 1) % 26) + 65);
    return c;
  };
  const other = [...merchantId].map(next).join('');
  // Nothing to vary (no digit, no letter): a longer ID of the same text.
  return other === merchantId ? `${merchantId}1` : other;
}
