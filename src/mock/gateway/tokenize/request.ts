import type { Identity } from '../auth.js';
import { luhnValid, readSwipe } from '../../state/card-numbers.js';
import { MockError } from '../errors.js';
import type { PaymentKind } from '../../state/card-store.js';
import type { Credentials } from '../credentials.js';

/** Section 2.1 field types; anything else in the body is refused rather than silently ignored. */
const FIELD_TYPES = {
  merchant_id: 'string',
  profile_id: 'string',
  developer_id: 'string',
  loc_id: 'string',
  vendor_id: 'number',
  cardholder_name: 'string',
  avs_address: 'string',
  avs_zip: 'string',
  email_address: 'string[]',
  card_number: 'string',
  exp_date: 'string',
  cvv2: 'string',
  card_id: 'string',
  card_swipe: 'string',
  client_ip: 'string',
  tr_number: 'string',
  dda_number: 'string',
  type_id: 'string',
  payload_walletA_pay: 'string',
  payload_walletB_pay: 'string',
  single_use: 'boolean',
  echo_fields: 'string',
  session_id: 'string',
  user_id: 'integer',
  report_data: 'string',
} as const;

type FieldName = keyof typeof FIELD_TYPES;
type FieldType = (typeof FIELD_TYPES)[FieldName];
type JsType<T extends FieldType> = T extends 'string'
  ? string
  : T extends 'number' | 'integer'
    ? number
    : T extends 'boolean'
      ? boolean
      : string[];
/** A body whose every field has been checked against FIELD_TYPES. */
type TokenizeBody = { [K in FieldName]?: JsType<(typeof FIELD_TYPES)[K]> };

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

/** Section 2.1 formats the request is judged by: a behaviour may loosen or narrow one (gateway/seams.ts). */
export type TokenizeFormats = {
  readonly expDate: RegExp;
  readonly routingNumber: RegExp;
  /** Card number lengths taken, within the 13 to 19 digits section 2.1 allows; `detail` says why when narrower. */
  readonly cardNumberLength: { readonly min: number; readonly max: number; readonly detail?: string };
};

export const TOKENIZE_FORMATS: TokenizeFormats = {
  expDate: /^(0[1-9]|1[0-2])[0-9]{2}$/,
  routingNumber: /^[0-9]{9}$/,
  cardNumberLength: { min: 13, max: 19 },
};

const IPV4_PART = '(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const IPV4 = new RegExp(`^${IPV4_PART}(\\.${IPV4_PART}){3}$`);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ACCOUNT_TYPES = ['S', 'C'];

function hasType(value: unknown, type: FieldType): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isSafeInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'string[]':
      return Array.isArray(value) && value.every((v) => typeof v === 'string');
  }
}

const TYPE_WORDS: Record<FieldType, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  'string[]': 'an array of strings',
};

/** Section 2.1: a string holding a JSON array of single-key objects. */
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

function checkShape(body: Record<string, unknown>): TokenizeBody {
  for (const [name, value] of Object.entries(body)) {
    const type = FIELD_TYPES[name as FieldName] as FieldType | undefined;
    if (!type || !Object.hasOwn(FIELD_TYPES, name)) {
      throw new MockError(
        'unknownField',
        `The body has a field tokenize does not take: ${JSON.stringify(name.slice(0, 64))}. See section 2.1.`,
      );
    }
    if (!hasType(value, type)) throw new MockError('fieldType', `${name} must be ${TYPE_WORDS[type]}.`);
  }
  return body as TokenizeBody;
}

function checkParties(b: TokenizeBody, identity: Identity, credentials: Credentials): void {
  const merchantId = b.merchant_id;
  if (merchantId === undefined || merchantId === '') throw new MockError('merchantMissing');
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
    if (!/^[0-9]{13,19}$/.test(number)) throw new MockError('cardNumberFormat');
    if (!luhnValid(number)) throw new MockError('cardNumberLuhn');
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
  if (b.cvv2 !== undefined && !/^[0-9]{3,4}$/.test(b.cvv2)) throw new MockError('cvv2Format');
  if (b.email_address !== undefined && !b.email_address.every((e) => EMAIL.test(e))) throw new MockError('emailFormat');
  if (isNew && (number === undefined || expDate === undefined)) throw new MockError('cardIncomplete');
  return { number, expDate, name };
}

function checkAch(b: TokenizeBody, isNew: boolean, formats: TokenizeFormats): NonNullable<TokenizeInput['ach']> {
  if (b.tr_number !== undefined && !formats.routingNumber.test(b.tr_number)) throw new MockError('routingNumberFormat');
  if (b.dda_number !== undefined && !/^[0-9]{4,17}$/.test(b.dda_number)) throw new MockError('accountNumberFormat');
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
  const b = checkShape(body);
  checkParties(b, identity, credentials);
  if (b.client_ip !== undefined && !IPV4.test(b.client_ip)) throw new MockError('clientIpFormat');
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
