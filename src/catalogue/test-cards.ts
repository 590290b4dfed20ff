/**
 * Issuer test card numbers (published for gateway sandboxes, never real cards), one or more per length
 * 13–19, so masking is checked at every length. Lengths 17 and 18 have no widely published test number:
 * those two are Luhn-completed numbers in the 400000 Visa test range.
 */
export const TEST_CARDS = [
  { brand: 'visa', number: '4222222222222' },
  { brand: 'diners', number: '30569309025904' },
  { brand: 'amex', number: '378282246310005' },
  { brand: 'visa', number: '4111111111111111' },
  { brand: 'mastercard', number: '5555555555554444' },
  { brand: 'visa', number: '40000000000000006' },
  { brand: 'visa', number: '400000000000000002' },
  { brand: 'maestro', number: '6799990100000000019' },
] as const;

export const DEFAULT_TEST_CARD = '4111111111111111';

/**
 * Published test numbers an update falls back to when a sandbox declines the brand or length a check
 * prefers: Mastercard, then two Visa numbers (some sandboxes take Visa alone).
 */
export const UPDATE_FALLBACK_CARDS = ['5555555555554444', '4012888888881881', DEFAULT_TEST_CARD] as const;

/** A well-known published test ABA routing number and a test account number. */
export const TEST_ACH = { tr_number: '011000015', dda_number: '000123456789', type_id: 'S' } as const;

/**
 * Made-up wallet payloads (Base 64 of a JSON test marker), one per wallet of section 2.1. A real wallet payload
 * cannot be forged, so only the mock is sent these.
 */
export const TEST_WALLET_PAYLOADS = {
  payload_walletA_pay: 'eyJ0ZXN0IjoiY29uZm9ybWFuY2Utd2FsbGV0LXBheWxvYWQifQ==',
  payload_walletB_pay: 'eyJ0ZXN0IjoiY29uZm9ybWFuY2Utd2FsbGV0LWItcGF5bG9hZCJ9',
} as const;
