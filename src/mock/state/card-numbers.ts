/**
 * Card-number rules the mock applies. Written here rather than imported from the suite (src/checks) so the
 * mock and the suite that checks it never share a bug, and so a fault can live beside these lines.
 */

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Section 2.2: first four and last six digits visible, one x per hidden digit. Input: 13–19 digits. */
export function maskCardNumber(digits: string): string {
  return digits.slice(0, 4) + 'x'.repeat(digits.length - 10) + digits.slice(-6);
}

/** Account numbers keep only their last four digits. */
export function maskAccountNumber(digits: string): string {
  return 'x'.repeat(Math.max(0, digits.length - 4)) + digits.slice(-4);
}

export type SwipedCard = { number: string; expDate: string; name?: string };

const TRACK1 = /^%?B([0-9]{13,19})\^([^^]{2,26})\^([0-9]{2})([0-9]{2})[^?]*\??$/;
const TRACK2 = /^;?([0-9]{13,19})=([0-9]{2})([0-9]{2})[^?]*\??$/;

/** Reads track 1 or track 2 data; tracks store expiry as YYMM, the API wants MMYY. */
export function readSwipe(track: string): SwipedCard | undefined {
  const t1 = TRACK1.exec(track);
  if (t1) return { number: t1[1]!, name: t1[2]!.trim(), expDate: t1[4]! + t1[3]! };
  const t2 = TRACK2.exec(track);
  if (t2) return { number: t2[1]!, expDate: t2[3]! + t2[2]! };
  return undefined;
}
