import type { Identity } from '../auth.js';
import { componentFields } from '../../../catalogue/spec.js';
import type { TokenizeRequest } from '../../../catalogue/types.js';
import { fieldValidator, validateRequest, type SchemaFinding } from '../../../catalogue/validate.js';
import { luhnValid, readSwipe } from '../../state/card-numbers.js';
import { MockError } from '../errors.js';
import type { PaymentKind } from '../../state/card-store.js';
import type { Credentials } from '../credentials.js';

/** A body whose every field is one of section 2.1's, of the type spec/openapi.yaml gives it. */
type TokenizeBody = Partial<TokenizeRequest>;
type FieldName = keyof TokenizeBody;

/** Rule 3: three alternative kinds. cardholder_name belongs to card and ACH alike, so it picks no kind. */
export const KIND_FIELDS = {
  card: ['card_number', 'exp_date', 'cvv2', 'avs_address', 'avs_zip', 'email_address', 'card_swipe'],
  ach: ['tr_number', 'dda_number', 'type_id'],
  wallet: ['payload_walletA_pay', 'payload_walletB_pay'],
} as const satisfies Record<PaymentKind, readonly FieldName[]>;

/** Only what the store keeps or the answer needs; cvv2, routing and full account numbers go no further. */
export type TokenizeInput = {
  cardId?: string;
  kind?: PaymentKind;
  cardholderName?: string;
  card?: { number?: string; expDate?: string };
  ach?: { accountNumber?: string; typeId?: string };
  wallet?: 'walletA' | 'walletB';
};

/** How the mock judges one stated format; a behaviour may put a test of its own in its place (a RegExp will do). */
export type FormatTest = { readonly test: (value: string) => boolean };

/** Section 2.1 formats the request is judged by: a behaviour may loosen or narrow one (gateway/seams.ts). */
export type TokenizeFormats = {
  readonly expDate: FormatTest;
  readonly routingNumber: FormatTest;
  readonly clientIp: FormatTest;
  /** Card number lengths taken, within the mock's own 13 to 19 digits; `detail` says why when narrower. */
  readonly cardNumberLength: { readonly min: number; readonly max: number; readonly detail?: string };
};

/** A field's format as spec/openapi.yaml states it, its schema compiled on the first request that sends it. */
const specFormat = (field: FieldName): FormatTest => ({
  test: (value) => fieldValidator('TokenizeRequest', field)(value).length === 0,
});

/**
 * The formats the document states, judged field by field (card_swipe's expiry is judged as exp_date is) through
 * this seam rather than from the body's schema findings, so a behaviour can loosen one.
 */
export const TOKENIZE_FORMATS: TokenizeFormats = {
  expDate: specFormat('exp_date'),
  routingNumber: specFormat('tr_number'),
  clientIp: specFormat('client_ip'),
  cardNumberLength: { min: 13, max: 19 },
};

// The mock's own choices where the document states no format ("lengths and formats of fields other than
// merchant_id: not shown"): checks a gateway plausibly makes, which the suite must not rely on.
const CARD_NUMBER = /^[0-9]{13,19}$/;
const CVV2 = /^[0-9]{3,4}$/;
const ACCOUNT_NUMBER = /^[0-9]{4,17}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** S is the value the document shows; C is the mock's own. */
const ACCOUNT_TYPES = ['S', 'C'];

type Schema = { type?: string; items?: Schema };

let fields: Map<string, Schema> | undefined;
/** Section 2.1's fields and their schemas, as spec/openapi.yaml's request schema lists them. */
function specFields(): Map<string, Schema> {
  fields ??= new Map([...componentFields('TokenizeRequest')].map(([name, field]) => [name, field.schema as Schema]));
  return fields;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
};

/** The type a refusal names, in words, from the field's schema. */
function typeWords(schema: Schema): string {
  if (schema.type === 'array') return `an array of ${schema.items?.type ?? 'value'}s`;
  return TYPE_WORDS[schema.type ?? ''] ?? `of type ${String(schema.type)}`;
}

/** The mock's own: a whole number past 2^53 cannot be told from its neighbours, so it is not taken as one. */
const unsafeInteger = (schema: Schema, value: unknown) => schema.type === 'integer' && !Number.isSafeInteger(value);

/** Section 2.1: a string holding a JSON array of single-key objects, which no keyword of the schema states. */
function isNameValueList(text: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return false;
  }
  return (
    Array.isArray(parsed) &&
    parsed.every(
      (item) => item !== null && typeof item === 'object' && !Array.isArray(item) && Object.keys(item).length === 1,
    )
  );
}

/** The top-level field a schema finding is about: `/email_address/1` is email_address's. */
const fieldOf = (finding: SchemaFinding) => finding.pointer.split('/')[1] ?? '';

/**
 * The body against spec/openapi.yaml's request schema: each field of its section 2.1 type, the first wrong one
 * (in the body's order) refused. An unknown field is the mock's own refusal (the document does not forbid
 * extra fields), so a misspelt field never passes silently. Returns what the schema found missing.
 */
function checkShape(body: Record<string, unknown>): { b: TokenizeBody; missing: ReadonlySet<string> } {
  const found = validateRequest('tokenize', body);
  const mistyped = new Set(found.filter((f) => f.keyword === 'type').map(fieldOf));
  for (const [name, value] of Object.entries(body)) {
    const schema = specFields().get(name);
    if (!schema) {
      throw new MockError(
        'unknownField',
        `The body has a field tokenize does not take: ${JSON.stringify(name.slice(0, 64))}. See section 2.1.`,
      );
    }
    if (mistyped.has(name) || unsafeInteger(schema, value))
      throw new MockError('fieldType', `${name} must be ${typeWords(schema)}.`);
  }
  const missing = new Set(found.flatMap((f) => (f.missing === undefined ? [] : [f.missing])));
  return { b: body as TokenizeBody, missing };
}

function checkParties(
  b: TokenizeBody,
  missing: ReadonlySet<string>,
  identity: Identity,
  credentials: Credentials,
): void {
  const merchantId = b.merchant_id;
  // Required by the schema; an empty one is the mock's own refusal.
  if (missing.has('merchant_id') || merchantId === '') throw new MockError('merchantMissing');
  // The integrator acts for the mock's one merchant, so both keys name the same merchant_id.
  if (merchantId !== credentials.merchantId) throw new MockError('merchantMismatch');
  if (identity === 'vendor') {
    if (b.vendor_id === undefined) throw new MockError('vendorMissing');
    if (b.vendor_id !== credentials.vendorId) throw new MockError('vendorMismatch');
  } else if (b.vendor_id !== undefined) {
    throw new MockError('vendorWithMerchantKey');
  }
}

function kindOf(b: TokenizeBody): PaymentKind | undefined {
  const kinds = (Object.keys(KIND_FIELDS) as PaymentKind[]).filter((k) =>
    KIND_FIELDS[k].some((f) => b[f] !== undefined),
  );
  if (kinds.length > 1)
    throw new MockError(
      'paymentKindsMixed',
      `Card, ACH and wallet data are alternatives; this body mixes ${kinds.join(' and ')}.`,
    );
  return kinds[0];
}

function checkCard(
  b: TokenizeBody,
  isNew: boolean,
  formats: TokenizeFormats,
): NonNullable<TokenizeInput['card']> & { name?: string } {
  if (b.card_number !== undefined && b.card_swipe !== undefined) throw new MockError('cardSourceTwice');
  let number = b.card_number;
  let expDate = b.exp_date;
  let name: string | undefined;
  if (b.card_swipe !== undefined) {
    const swiped = readSwipe(b.card_swipe);
    if (!swiped) throw new MockError('cardSwipeUnreadable');
    number = swiped.number;
    expDate ??= swiped.expDate;
    name = swiped.name;
  }
  if (number !== undefined) {
    if (!CARD_NUMBER.test(number)) throw new MockError('cardNumberFormat');
    if (!luhnValid(number)) throw new MockError('cardNumberLuhn'); // the mock's own, as a real gateway's
    const { min, max, detail } = formats.cardNumberLength;
    if (number.length < min || number.length > max) throw new MockError('cardNumberFormat', detail);
  }
  if (expDate !== undefined && !formats.expDate.test(expDate)) {
    throw new MockError(
      'expDateFormat',
      b.card_swipe !== undefined && b.exp_date === undefined
        ? 'The expiry in card_swipe is not a valid month (track data holds YYMM).'
        : undefined,
    );
  }
  if (b.cvv2 !== undefined && !CVV2.test(b.cvv2)) throw new MockError('cvv2Format');
  if (b.email_address !== undefined && !b.email_address.every((e) => EMAIL.test(e))) throw new MockError('emailFormat');
  if (isNew && (number === undefined || expDate === undefined)) throw new MockError('cardIncomplete');
  return { number, expDate, name };
}

function checkAch(b: TokenizeBody, isNew: boolean, formats: TokenizeFormats): NonNullable<TokenizeInput['ach']> {
  if (b.tr_number !== undefined && !formats.routingNumber.test(b.tr_number)) throw new MockError('routingNumberFormat');
  if (b.dda_number !== undefined && !ACCOUNT_NUMBER.test(b.dda_number)) throw new MockError('accountNumberFormat');
  if (b.type_id !== undefined && !ACCOUNT_TYPES.includes(b.type_id)) throw new MockError('accountTypeUnknown');
  if (isNew && (b.tr_number === undefined || b.dda_number === undefined)) throw new MockError('achIncomplete');
  return { accountNumber: b.dda_number, typeId: b.type_id };
}

function checkWallet(b: TokenizeBody): 'walletA' | 'walletB' {
  const a = b.payload_walletA_pay;
  const w = b.payload_walletB_pay;
  if ((a !== undefined) === (w !== undefined) || (a ?? w) === '') throw new MockError('walletPayload');
  return a !== undefined ? 'walletA' : 'walletB';
}

/**
 * Checks a tokenize body (section 2.1 and 4.1) and reduces it to what the store needs. Throws the first
 * problem as a MockError; it reads nothing from the store, so a rejected body cannot have touched it.
 */
export function readTokenizeRequest(
  body: Record<string, unknown>,
  identity: Identity,
  credentials: Credentials,
  formats: TokenizeFormats = TOKENIZE_FORMATS,
): TokenizeInput {
  const { b, missing } = checkShape(body);
  checkParties(b, missing, identity, credentials);
  if (b.client_ip !== undefined && !formats.clientIp.test(b.client_ip)) throw new MockError('clientIpFormat');
  for (const field of ['echo_fields', 'report_data'] as const) {
    if (b[field] !== undefined && !isNameValueList(b[field])) {
      throw new MockError(
        'nameValueList',
        `${field} must be a string holding a JSON array of single-key objects, e.g. "[{\\"order\\":\\"42\\"}]".`,
      );
    }
  }

  const cardId = b.card_id;
  if (cardId === '') throw new MockError('cardIdUnknown', 'card_id is empty. Omit card_id to create a new card.');
  const isNew = cardId === undefined;
  const kind = kindOf(b);
  const cardholderName = b.cardholder_name;
  if (!kind) {
    if (isNew) throw new MockError('paymentMissing');
    if (cardholderName === undefined) throw new MockError('cardIdNothingToUpdate');
    return { cardId, cardholderName };
  }
  switch (kind) {
    case 'card': {
      const { name, ...card } = checkCard(b, isNew, formats);
      return { cardId, kind, cardholderName: cardholderName ?? name, card };
    }
    case 'ach':
      return { cardId, kind, cardholderName, ach: checkAch(b, isNew, formats) };
    case 'wallet':
      return { cardId, kind, cardholderName, wallet: checkWallet(b) };
  }
}
