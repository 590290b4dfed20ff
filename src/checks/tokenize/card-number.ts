import { statedFormat } from '../../catalogue/stated-formats.js';

/** Card-number rules: Luhn, the tokenize masking of section 2.2, and "is this a full number". */

export function luhnValid(digits: string): boolean {
  if (!/^[0-9]+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A card number section 2.2's masking applies to: 11 or more digits, so something is left to hide. */
export function maskable(cardNumber: unknown): cardNumber is string {
  return typeof cardNumber === 'string' && /^[0-9]{11,}$/.test(cardNumber);
}

/** Section 2.2: first four and last six digits visible, each digit between replaced by an x. */
export function maskCardNumber(cardNumber: string): string {
  if (!maskable(cardNumber)) {
    throw new RangeError(`maskCardNumber expects 11 or more digits, got ${String(cardNumber).length} characters`);
  }
  return cardNumber.slice(0, 4) + 'x'.repeat(cardNumber.length - 10) + cardNumber.slice(-6);
}

/** Section 2.2's masked form as spec/openapi.yaml states it beside x-rule: TOK-8. */
const MASKED = statedFormat('TOK-8', 'TokenizeResponse', 'card_number');

/**
 * Whether the characters between the visible digits are the stated mask: put between four and six digits (the
 * visible ones, compared with the number sent below) they fit the spec's masked form.
 */
const maskedMiddle = (middle: string) => MASKED.fits(`0000${middle}000000`);

/** Why `masked` is not the section 2.2 masking of `cardNumber`; empty when it is. Never echoes the full number. */
export function maskingProblems(masked: unknown, cardNumber: string): string[] {
  if (typeof masked !== 'string')
    return [`card_number is ${masked === undefined ? 'absent' : typeof masked}, expected a string`];
  const problems: string[] = [];
  const hidden = cardNumber.length - 10;
  if (masked.length !== cardNumber.length) {
    problems.push(`has ${masked.length} characters, expected ${cardNumber.length} (one x per hidden digit)`);
  }
  if (masked.slice(0, 4) !== cardNumber.slice(0, 4)) problems.push('does not start with the first four digits sent');
  if (masked.slice(-6) !== cardNumber.slice(-6)) problems.push('does not end with the last six digits sent');
  const middle = masked.slice(4, masked.length - 6);
  if (middle !== '' && !maskedMiddle(middle)) problems.push('has characters other than x between the visible digits');
  else if (middle.length !== hidden) problems.push(`hides ${middle.length} digits with x, expected ${hidden}`);
  return problems;
}

/** A string that, stripped of spaces and dashes, is 12–19 digits would disclose a whole card number. */
export function isFullCardNumber(value: string): boolean {
  return /^[0-9]{12,19}$/.test(value.replace(/[\s-]/g, ''));
}
