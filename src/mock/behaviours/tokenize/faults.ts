import { createHash } from 'node:crypto';
import { MockError } from '../../gateway/errors.js';
import { newCardId } from '../../state/ids.js';
import type { TokenizeInput } from '../../gateway/tokenize/request.js';
import type { CardStore, StoredCard } from '../../state/card-store.js';
import type { Behaviour } from '../behaviour.js';
import { onSuccess, TOKENIZE_ANSWER_FAULTS } from './answer.js';

/** Section 2.1, 2.2 and 4.1 behaviours: the tokenize request before it is judged, the store, the answer. */

type Read = (body: Record<string, unknown>, identity: 'merchant' | 'vendor') => TokenizeInput;

/** A judged request refused afterwards when `refused` says so. */
export const refuse =
  (refused: (input: TokenizeInput) => MockError | undefined) =>
  (next: Read): Read =>
  (body, identity) => {
    const input = next(body, identity);
    const error = refused(input);
    if (error) throw error;
    return input;
  };

type StoreCard = (input: TokenizeInput, store: CardStore) => StoredCard;

/** An update `moves` applies to is stored under a new card ID, answered instead of the one sent; the old card stays as it was. */
const updateMoved =
  (moves: (input: TokenizeInput) => boolean) =>
  (next: StoreCard): StoreCard =>
  (input, store) => {
    const before = input.cardId === undefined || !moves(input) ? undefined : store.get(input.cardId);
    const card = next(input, store);
    if (!before) return card;
    store.put(before);
    const moved = { ...card, card_id: newCardId() };
    store.put(moved);
    return moved;
  };

/** TOK-11: a gateway that refuses a request carrying `field` as an unknown field (rcode 205, "Invalid field"). */
function fieldRefused<F extends string>(field: F) {
  return {
    name: `refuses-${field.replace(/_/g, '-')}` as `refuses-${string}`,
    rule: 'TOK-11',
    description: `A tokenize request carrying ${field}, a field of section 2.1, is refused as an unknown field.`,
    readTokenize:
      (next: Read): Read =>
      (body, identity) => {
        if (body[field] !== undefined) throw new MockError('unknownField', `Invalid field: ${field}.`);
        return next(body, identity);
      },
  } as const;
}

/** The detail of echo-fields-declined's refusal, by which its failure answer is told from others. */
const ECHO_DECLINED = 'Invalid field: echo_fields.';

/** A merchant ID of digits, for a behaviour that takes merchant_id only as a number. */
const NUMERIC_MERCHANT_ID = '100234';

export const TOKENIZE_FAULTS = [
  // TOK-1: a new card answers a non-empty card_id and pg_id; two new cards never share a card_id.
  {
    name: 'card-id-from-card-number',
    rule: 'TOK-1',
    description:
      'Derives card_id from the card number, so two tokenizations of one card share a card_id (the second overwrites the first).',
    storeCard: (next) => (input, store) => {
      const card = next(input, store);
      if (input.cardId !== undefined || input.card?.number === undefined) return card;
      store.delete(card.card_id);
      const derived = {
        ...card,
        card_id: `tok_${createHash('sha256').update(input.card.number).digest('hex').slice(0, 24)}`,
      };
      store.put(derived);
      return derived;
    },
  },
  {
    name: 'card-id-missing-on-success',
    rule: 'TOK-1',
    description: 'A successful tokenization answers without card_id.',
    answer: onSuccess((b) => delete b.card_id),
  },
  {
    name: 'pg-id-missing-on-success',
    rule: 'TOK-1',
    description: 'A successful tokenization answers without pg_id.',
    answer: onSuccess((b) => delete b.pg_id),
  },
  // TOK-2: an update keeps the card_id and stores the new values.
  {
    name: 'update-answers-new-card-id',
    rule: 'TOK-2',
    description: 'An update stores the data under a new card ID and answers that one instead of the card_id sent.',
    storeCard: updateMoved(() => true),
  },
  {
    name: 'partial-update-answers-new-card-id',
    rule: 'TOK-2',
    description:
      'An update that carries card data without card_number (exp_date alone, say) is stored under a new card ID ' +
      'and answers that one instead of the card_id sent.',
    storeCard: updateMoved((input) => input.card !== undefined && input.card.number === undefined),
  },
  {
    name: 'ach-update-answers-new-card-id',
    rule: 'TOK-2',
    description:
      'An update that carries ACH data is stored under a new card ID and answers that one instead of the card_id sent.',
    storeCard: updateMoved((input) => input.kind === 'ach'),
  },
  {
    name: 'wallet-update-answers-new-card-id',
    rule: 'TOK-2',
    modes: ['mock'],
    description:
      'An update that carries a wallet payload is stored under a new card ID and answers that one instead of the ' +
      'card_id sent. Mock mode only: the suite sends wallet payloads to the mock alone, as real ones cannot be forged.',
    storeCard: updateMoved((input) => input.kind === 'wallet'),
  },
  {
    name: 'update-answers-old-number',
    rule: 'TOK-2',
    description: 'An update stores the new number but answers the masked number stored before it.',
    answer: onSuccess((b, { previous }) => previous && (b.card_number = previous.card_number)),
  },
  {
    name: 'update-not-stored',
    rule: 'TOK-2',
    modes: ['mock'],
    description:
      'An update answers as if stored but the stored card keeps its old values. Mock mode only: the stored ' +
      'side is visible through the control API alone.',
    storeCard: (next) => (input, store) => {
      const before = input.cardId === undefined ? undefined : store.get(input.cardId);
      const card = next(input, store);
      if (before) store.put(before);
      return card;
    },
  },
  // TOK-3, TOK-4, TOK-5: ACH, wallet and integrator tokenizations succeed.
  {
    name: 'ach-refused',
    rule: 'TOK-3',
    description: 'ACH data is refused (rcode 401); only cards and wallets tokenize.',
    readTokenize: refuse((i) =>
      i.kind === 'ach' ? new MockError('paymentMissing', 'ACH data is not accepted; send card data.') : undefined,
    ),
  },
  {
    name: 'ach-type-s-refused',
    rule: 'TOK-3',
    description: 'type_id S is refused as an unknown account type (rcode 413); only C is taken.',
    readTokenize: refuse((i) =>
      i.ach?.typeId === 'S' ? new MockError('accountTypeUnknown', 'type_id must be C (checking).') : undefined,
    ),
  },
  {
    name: 'wallet-refused',
    rule: 'TOK-4',
    description: 'Wallet payloads are refused (rcode 421).',
    readTokenize: refuse((i) =>
      i.kind === 'wallet' ? new MockError('walletPayload', 'Wallet payloads are not accepted.') : undefined,
    ),
  },
  {
    name: 'vendor-id-refused',
    rule: 'TOK-5',
    description: 'vendor_id is refused even from an integrator (rcode 305), so an integrator cannot tokenize.',
    readTokenize: (next) => (body, identity) => {
      if (identity === 'vendor' && body.vendor_id !== undefined)
        throw new MockError('vendorWithMerchantKey', 'vendor_id is not accepted.');
      return next(body, identity);
    },
  },
  // TOK-6: rcode "000" exactly when a card was produced.
  {
    name: 'tokenize-success-rcode-00',
    rule: 'TOK-6',
    description: 'A tokenization that stored a card answers rcode "00" instead of "000".',
    answer: onSuccess((b) => (b.rcode = '00')),
  },
  {
    name: 'bad-expiry-answers-000',
    rule: 'TOK-6',
    description: 'A request refused for its exp_date answers rcode "000" (without a card).',
    failure: (answer, { gateway, error }) => {
      if (gateway && error.failure === 'expDateFormat')
        Object.assign(answer, { status: 200, body: { ...answer.body, rcode: '000' } });
    },
  },
  // TOK-7: merchant_id is required.
  {
    name: 'merchant-id-optional',
    rule: 'TOK-7',
    description: "A tokenize request without merchant_id is served for the key's merchant.",
    readTokenize: (next, env) => (body, identity) =>
      next(body.merchant_id === undefined ? { ...body, merchant_id: env.credentials.merchantId } : body, identity),
  },
  // TOK-12: merchant_id is the string section 2.1 gives it.
  {
    name: 'tokenize-merchant-id-integer',
    rule: 'TOK-12',
    merchantId: NUMERIC_MERCHANT_ID,
    description:
      "Tokenize as the vendor's published OpenAPI document declares it: merchant_id an integer, so the string " +
      'section 2.1 gives is refused (HTTP 400, rcode 206), and exp_date required in every request, so ACH, wallet ' +
      `and card_id updates without it are refused (rcode 408). Its runs use a merchant ID of digits (${NUMERIC_MERCHANT_ID}; ` +
      `MOCK_MERCHANT_ID=${NUMERIC_MERCHANT_ID} with MOCK_FAULTS), as such a gateway has no other kind.`,
    readTokenize: (next) => (body, identity) => {
      if (typeof body.merchant_id === 'string') throw new MockError('fieldType', 'merchant_id must be an integer.');
      if (body.exp_date === undefined) throw new MockError('cardIncomplete', 'exp_date is required.');
      const id = body.merchant_id;
      return next(id === undefined ? body : { ...body, merchant_id: String(id) }, identity);
    },
  },
  ...TOKENIZE_ANSWER_FAULTS, // TOK-8, TOK-9: the answer's masked number and echo_fields
  // TOK-10: a request breaking a stated format is not a success.
  {
    name: 'exp-month-13-accepted',
    rule: 'TOK-10',
    description: 'exp_date is checked for four digits only, so month 00 or 13 is stored.',
    formats: (f) => ({ ...f, expDate: /^[0-9]{4}$/ }),
  },
  {
    name: 'exp-date-slash-accepted',
    rule: 'TOK-10',
    description: 'exp_date MM/YY is taken and stored as MMYY.',
    readTokenize: (next) => (body, identity) =>
      next(
        typeof body.exp_date === 'string' && /^[0-9]{2}\/[0-9]{2}$/.test(body.exp_date)
          ? { ...body, exp_date: body.exp_date.replace('/', '') }
          : body,
        identity,
      ),
  },
  {
    name: 'tr-number-length-unchecked',
    rule: 'TOK-10',
    description: 'tr_number is checked for digits only, not for nine of them.',
    formats: (f) => ({ ...f, routingNumber: /^[0-9]+$/ }),
  },
  {
    name: 'unknown-card-id-creates-card',
    rule: 'TOK-10',
    description: 'A card_id that names no stored card creates a new card instead of failing.',
    storeCard: (next) => (input, store) =>
      next(input.cardId !== undefined && !store.has(input.cardId) ? { ...input, cardId: undefined } : input, store),
  },
  // TOK-9: an ordinary echo_fields value comes back; a refusal that echoes it is TOK-11's, not TOK-9's.
  {
    name: 'echo-fields-declined',
    rule: 'TOK-9',
    description: `A tokenize request carrying echo_fields is declined (rcode 205, "${ECHO_DECLINED}"), and the failure does not echo it.`,
    readTokenize: (next) => (body, identity) => {
      if (body.echo_fields !== undefined) throw new MockError('unknownField', ECHO_DECLINED);
      return next(body, identity);
    },
    failure: (answer, { family, error }) => {
      if (family === 'pg' && error.detail === ECHO_DECLINED) delete answer.body?.echo_fields;
    },
  },
  // TOK-11: a documented field sent as documented does not make an accepted request refused.
  ...(['profile_id', 'developer_id', 'loc_id', 'session_id', 'user_id', 'single_use'] as const).map((field) =>
    fieldRefused(field),
  ),
  // ERR-5: stated JSON types.
  {
    name: 'pg-id-as-number',
    rule: 'ERR-5',
    description: 'A successful tokenization answers pg_id as a JSON number.',
    answer: onSuccess((b) => (b.pg_id = Date.now())),
  },
] as const satisfies readonly Behaviour[];
