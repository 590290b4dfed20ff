import fc from 'fast-check';
import { statedFormat } from '../catalogue/stated-formats.js';
import { routingCheckDigit } from '../catalogue/routing-numbers.js';
import { TEST_ACH } from '../catalogue/test-cards.js';

/**
 * Section 2.1's stated formats: exp_date MMYY, tr_number nine digits, client_ip dotted IPv4. Well-formed
 * values and values that break the format, each broken one built from one mistake a client makes and kept
 * only when spec/openapi.yaml's schema of the field refuses it (src/generate/generate.test.ts holds the
 * well-formed ones to the same schemas).
 */
const EXP_DATE = statedFormat('TOK-10', 'TokenizeRequest', 'exp_date');
const TR_NUMBER = statedFormat('TOK-10', 'TokenizeRequest', 'tr_number');
const CLIENT_IP = statedFormat('APP-1', 'TokenizeRequest', 'client_ip');

const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
const two = (n: number) => String(n).padStart(2, '0');

const month = fc.integer({ min: 1, max: 12 }).map(two);

/**
 * A well-formed expiry one to ten years ahead, built rather than drawn from the spec's pattern: a past one is
 * well formed too but may be declined as expired, which the pattern does not say.
 */
export function wellFormedExpDate(now = new Date()): fc.Arbitrary<string> {
  return fc
    .tuple(month, fc.integer({ min: 1, max: 10 }))
    .map(([mm, ahead]) => `${mm}${two((now.getUTCFullYear() + ahead) % 100)}`);
}

export const malformedExpDate: fc.Arbitrary<string> = fc
  .oneof(
    // The four digits look right but a year of four digits (or more) follows the month: a common client mistake.
    { weight: 3, arbitrary: fc.tuple(month, digits(3, 6)).map(([mm, rest]) => `${mm}${rest}`) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.oneof(fc.constant(0), fc.integer({ min: 13, max: 99 })), digits(2, 2))
        .map(([m, yy]) => `${two(m)}${yy}`),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(month, fc.constantFrom('/', '-', ' ', '.'), digits(2, 2))
        .map(([mm, sep, yy]) => `${mm}${sep}${yy}`),
    },
    { weight: 1, arbitrary: digits(0, 3) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(digits(4, 4), fc.integer({ min: 0, max: 3 }), fc.constantFrom('a', 'O', 'x', '#'))
        .map(([d, i, c]) => `${d.slice(0, i)}${c}${d.slice(i + 1)}`),
    },
  )
  .filter((s) => !EXP_DATE.fits(s));

/**
 * A routing number as a bank's system takes it: nine digits, the ninth the ABA check digit (routing-numbers.ts),
 * which a gateway may check though section 2.1 says only "nine digits". On the mock any eight digits and their
 * check digit; elsewhere only the published test routing number (a real one may be checked against a directory),
 * which passes it too.
 */
export function wellFormedTrNumber(target: string): fc.Arbitrary<string> {
  return target === 'mock'
    ? digits(8, 8).map((first) => `${first}${routingCheckDigit(first)}`)
    : fc.constant(TEST_ACH.tr_number);
}

/**
 * Broken in the format section 2.1 states (a length other than nine, a letter, dashes), whatever their check
 * digit: TOK-10 judges the stated nine digits, never the check digit the document leaves open.
 */
export const malformedTrNumber: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 2, arbitrary: digits(10, 17) },
    { weight: 1, arbitrary: digits(1, 8) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(digits(9, 9), fc.integer({ min: 0, max: 8 }), fc.constantFrom('A', 'o', '-', ' '))
        .map(([d, i, c]) => `${d.slice(0, i)}${c}${d.slice(i + 1)}`),
    },
    { weight: 1, arbitrary: fc.tuple(digits(3, 3), digits(3, 3), digits(3, 3)).map(([a, b, c]) => `${a}-${b}-${c}`) },
  )
  .filter((s) => !TR_NUMBER.fits(s));

export const wellFormedClientIp: fc.Arbitrary<string> = fc.ipV4();

const octet = fc.integer({ min: 0, max: 255 }).map(String);
/** Clearly not dotted IPv4; leading zeros are left out, since some parsers read them as octal and some do not. */
export const malformedClientIp: fc.Arbitrary<string> = fc
  .oneof(
    fc.tuple(octet, octet, octet, fc.integer({ min: 256, max: 999 })).map((p) => p.join('.')),
    fc.array(octet, { minLength: 2, maxLength: 3 }).map((p) => p.join('.')),
    fc.array(octet, { minLength: 5, maxLength: 6 }).map((p) => p.join('.')),
    fc.tuple(octet, octet, octet).map((p) => `${p.join('.')}.`),
    fc.ipV6(),
    fc.constantFrom('localhost', 'not-an-ip', '1.2.3.x'),
  )
  .filter((s) => !CLIENT_IP.fits(s));
