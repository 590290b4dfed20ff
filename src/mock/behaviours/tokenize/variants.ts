import { createHash } from 'node:crypto';
import { routingNumberValid } from '../../../catalogue/routing-numbers.js';
import { MOCK_DEFAULTS } from '../../defaults.js';
import { MockError } from '../../gateway/errors.js';
import { KIND_FIELDS } from '../../gateway/tokenize/request.js';
import type { Behaviour } from '../behaviour.js';
import { refuse } from './faults.js';
import { onSuccess } from './answer.js';

/**
 * Section 2.1, 2.2, 4.1 and 8 variations of tokenize: what a real sandbox takes, refuses and answers that the
 * document leaves open.
 */

/** A card number the sandbox does not take, new card or update alike (a decline, not a malformed request). */
const declines = (declined: (number: string) => boolean, error: () => MockError) =>
  refuse((i) => (i.card?.number !== undefined && declined(i.card.number) ? error() : undefined));

/** The merchant's own profile, store location and user on the mock (section 2.1's profile_id, loc_id, user_id). */
const ACCOUNT_VALUES = {
  profile_id: MOCK_DEFAULTS.profileId,
  loc_id: MOCK_DEFAULTS.locId,
  user_id: MOCK_DEFAULTS.userId,
} as const;

export const TOKENIZE_VARIANTS = [
  // Section 8: limits are not shown.
  {
    name: 'card-lengths-15-16-only',
    rule: 'TOK-8',
    description: 'Only 15- and 16-digit card numbers are taken; other lengths are refused (rcode 403).',
    formats: (f) => ({
      ...f,
      cardNumberLength: { min: 15, max: 16, detail: 'card_number must have 15 or 16 digits.' },
    }),
  },
  // Which brands and lengths a sandbox takes is not shown: some decline a few, on new cards and updates alike.
  {
    name: 'card-lengths-14-15-declined',
    rule: 'TOK-2',
    description:
      '14- and 15-digit card numbers (Diners, Amex) are declined, new cards and updates alike: HTTP 200, ' +
      'rcode 404, "Card type not accepted".',
    readTokenize: declines(
      (n) => n.length === 14 || n.length === 15,
      () => new MockError('cardNumberLuhn', 'Card type not accepted: this sandbox declines 14- and 15-digit cards.'),
    ),
  },
  {
    name: 'card-brands-visa-only',
    rule: 'TOK-2',
    description:
      'Only Visa numbers (starting with 4) are taken; every other brand is refused, new cards and updates alike: HTTP 400, rcode 403.',
    readTokenize: declines(
      (n) => !n.startsWith('4'),
      () => new MockError('cardNumberFormat', 'Only Visa cards are accepted on this sandbox.'),
    ),
  },
  // Section 2.1: profile_id, loc_id and user_id name the merchant's own profile, store location and user.
  {
    name: 'unknown-profile-refused',
    rule: 'TOK-11',
    description:
      `A profile_id, loc_id or user_id that is not the merchant's own (the mock's: ` +
      `${ACCOUNT_VALUES.profile_id}, ${ACCOUNT_VALUES.loc_id}, ${ACCOUNT_VALUES.user_id}) is refused: HTTP ` +
      `403, rcode 302, "profile_id is not a profile of this merchant"; the merchant's own are taken, as a ` +
      `gateway checking them against the account does.`,
    readTokenize: (next) => (body, identity) => {
      const input = next(body, identity);
      const unknown = (Object.keys(ACCOUNT_VALUES) as (keyof typeof ACCOUNT_VALUES)[]).find(
        (f) => body[f] !== undefined && body[f] !== ACCOUNT_VALUES[f],
      );
      if (unknown)
        throw new MockError(
          'merchantMismatch',
          `${unknown} is not a ${{ profile_id: 'profile', loc_id: 'store location', user_id: 'user' }[unknown]} of this merchant.`,
        );
      return input;
    },
  },
  // Which of a request's problems is answered first is not shown (nor the codes): this gateway judges the
  // payment data before the merchant and the integrator, so a body without it says nothing of its IDs.
  {
    name: 'tokenize-payment-judged-first',
    rule: 'ERR-1',
    description:
      'A new-card tokenize body without payment information is refused for that (HTTP 400, rcode 401) before its ' +
      'merchant_id and vendor_id are judged; the faithful mock judges the parties first.',
    readTokenize: (next) => (body, identity) => {
      const payment = Object.values(KIND_FIELDS)
        .flat()
        .some((field) => body[field] !== undefined);
      if (body.card_id === undefined && !payment) throw new MockError('paymentMissing');
      return next(body, identity);
    },
  },
  // Section 2.1: tr_number is an "ACH routing (transit) number, nine digits"; what else it must be is not shown.
  // The bank system behind this gateway checks the routing number's ABA check digit, as banks do.
  {
    name: 'routing-check-digit-refused',
    rule: 'TOK-3',
    description:
      'A tr_number of nine digits whose ninth is not the ABA check digit (3·(d1+d4+d7) + 7·(d2+d5+d8) + ' +
      '(d3+d6+d9) a multiple of 10) is refused: HTTP 400, rcode 411, "tr_number is not a routing number".',
    readTokenize: (next) => (body, identity) => {
      const input = next(body, identity); // the stated format first: nine digits
      if (typeof body.tr_number === 'string' && !routingNumberValid(body.tr_number))
        throw new MockError('routingNumberFormat', 'tr_number is not a routing number (its check digit is wrong).');
      return input;
    },
  },
  // Section 2.2: pg_id is the "identifier of the gateway transaction", its uniqueness not stated. This gateway
  // keys it to the stored card (the vault record's transaction), so the run sees one pg_id for many requests.
  {
    name: 'pg-id-repeats',
    rule: 'TOK-1',
    description:
      'pg_id names the transaction that stored the card: every successful tokenize answer for one card, the new ' +
      'card and each update of it, carries the same pg_id.',
    answer: onSuccess((body, { card }) => {
      body.pg_id = `pg_${createHash('sha256').update(card.card_id).digest('hex').slice(0, 20)}`;
    }),
  },
  // Section 2.1: merchant_id is the "Merchant ID that links to the API key"; that another one is refused is not
  // said. A notable leniency, passed and reported apart.
  {
    name: 'tokenize-serves-other-merchant-id',
    rule: 'TOK-7',
    leniency: 'other-merchant-id-served',
    description:
      "A tokenize naming a merchant_id that is not the key's merchant is served for the key's merchant (the card " +
      'stored as if the right ID had been sent); a missing or empty merchant_id, or one that is not a string, is still refused.',
    readTokenize: (next, env) => (body, identity) => {
      const id = body.merchant_id;
      const other = typeof id === 'string' && id !== '' && id !== env.credentials.merchantId;
      return next(other ? { ...body, merchant_id: env.credentials.merchantId } : body, identity);
    },
  },
] as const satisfies readonly Behaviour[];
