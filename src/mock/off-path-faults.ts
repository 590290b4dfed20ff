import type { Behaviour } from './behaviour.js';

/**
 * Faults that bite only off the fixed examples' beaten path (long input, one request in fifty, page sizes and
 * card lengths no fixed test uses): the generated-input properties catch them, the fixed examples do not.
 * Each is called with one line beside the value it changes.
 */
type Faults = Behaviour['faults'];

/** Fault echo-fields-cut-at-1024: a long echo_fields comes back cut to its first 1,024 characters. */
export function echoCut(echo: string, faults: Faults): string {
  return faults.has('echo-fields-cut-at-1024') && echo.length > 1024 ? echo.slice(0, 1024) : echo;
}

/** Fault vault-short-pages-mid-counts: for count 11 to 24 each page serves count - 1 records from where it should start. */
export function pageSize(count: number, faults: Faults): number {
  return faults.has('vault-short-pages-mid-counts') && count >= 11 && count <= 24 ? count - 1 : count;
}

/** Fault mask-off-for-non-visa-lengths: 13-, 17- and 18-digit numbers outside the 4 range show the first six and last four. */
export function nonVisaLengthMask(sent: string, faults: Faults): string | undefined {
  if (!faults.has('mask-off-for-non-visa-lengths') || ![13, 17, 18].includes(sent.length) || sent.startsWith('4')) return undefined;
  return sent.slice(0, 6) + 'x'.repeat(sent.length - 10) + sent.slice(-4);
}

/** Fault exp-date-first-four-read: an exp_date longer than four characters is read by its first four (MMYYYY taken). */
export function expDateRead(expDate: string | undefined, faults: Faults): string | undefined {
  return expDate !== undefined && expDate.length > 4 && faults.has('exp-date-first-four-read') ? expDate.slice(0, 4) : expDate;
}

const issuedBy = new WeakMap<object, string[]>();

/** Fault card-id-reissued-every-50th: every 50th new card of a store gets the card_id of the new card 20 before it. */
export function reissuedCardId(store: object, fresh: string, faults: Faults): string {
  if (!faults.has('card-id-reissued-every-50th')) return fresh;
  const issued = issuedBy.get(store) ?? [];
  issuedBy.set(store, issued);
  issued.push(fresh);
  return issued.length % 50 === 0 ? issued[issued.length - 21]! : fresh;
}
