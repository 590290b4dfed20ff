import fc from 'fast-check';
import { luhnValid } from '../checks/tokenize/card-number.js';
import { TEST_CARDS } from '../catalogue/test-cards.js';

/** The Luhn check digit that completes `body`. */
export function luhnComplete(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(`${body}${d}`)) return `${body}${d}`;
  throw new RangeError('unreachable: one check digit always completes a number');
}

/** Any Luhn-valid number of 13–19 digits: for the embedded mock only, where no number can be anyone's card. */
export const generatedCardNumber: fc.Arbitrary<string> = fc
  .constantFrom(13, 14, 15, 16, 17, 18, 19) // uniform: every length as likely as the others
  .chain((length) =>
    fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length - 1, maxLength: length - 1 }),
  )
  .map(luhnComplete);

/** Only published test card numbers, for any real target: a random Luhn number could be someone's card. */
export const publishedCardNumber: fc.Arbitrary<string> = fc.constantFrom(...TEST_CARDS.map((c) => c.number));

export function cardNumbers(target: string): fc.Arbitrary<string> {
  return target === 'mock' ? generatedCardNumber : publishedCardNumber;
}

/** How a report names a card number: its length and the digits masking shows anyway (the redactor would hide the length). */
export function describeCard(number: string): string {
  return `a ${number.length}-digit number ${number.slice(0, 4)}…${number.slice(-4)}`;
}
