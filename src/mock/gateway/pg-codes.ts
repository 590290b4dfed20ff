/**
 * The mock's payment gateway (/pg/) result codes. Section 7 leaves the real list "not shown", so this
 * table is the mock's own, kept stable: tests and docs/mock.md refer to these codes by value.
 * Every failure has its own three-digit rcode (never "000") and a message that says what to do.
 */
export type PgCode = { readonly rcode: string; readonly status: number; readonly rmsg: string };

export const PG_CODES = {
  ok: { rcode: '000', status: 200, rmsg: 'Approved' },

  authMissing: {
    rcode: '101',
    status: 401,
    rmsg: 'No Authorization header. Send Authorization: Basic base64(":" + API key).',
  },
  authMalformed: {
    rcode: '102',
    status: 401,
    rmsg: 'Authorization is not "Basic <token>" with a Base 64 token of ":" + API key.',
  },
  authUserPart: {
    rcode: '103',
    status: 401,
    rmsg: 'The token has a user part before the colon; it must be empty: base64(":" + API key).',
  },
  authUnknownKey: {
    rcode: '104',
    status: 401,
    rmsg: 'The API key is not recognised. Use the merchant API key or the vendor API key.',
  },

  unsupportedMediaType: {
    rcode: '201',
    status: 415,
    rmsg: 'Send the body as JSON with content-type: application/json.',
  },
  invalidJson: { rcode: '202', status: 400, rmsg: 'The body is not valid JSON.' },
  notAnObject: { rcode: '203', status: 400, rmsg: 'The body must be a JSON object.' },
  bodyTooLarge: { rcode: '204', status: 413, rmsg: 'The body is larger than 1 MiB.' },
  unknownField: { rcode: '205', status: 400, rmsg: 'The body has a field the operation does not take.' },
  fieldType: { rcode: '206', status: 400, rmsg: 'A field has the wrong JSON type.' },
  badRequest: { rcode: '207', status: 400, rmsg: 'The HTTP request could not be read (URL, headers or length).' },

  merchantMissing: { rcode: '301', status: 400, rmsg: 'merchant_id is required in every tokenize request.' },
  merchantMismatch: { rcode: '302', status: 403, rmsg: 'merchant_id is not the merchant the API key belongs to.' },
  vendorMissing: {
    rcode: '303',
    status: 400,
    rmsg: 'An integrator (vendor API key) must send its integrator ID in vendor_id.',
  },
  vendorMismatch: { rcode: '304', status: 403, rmsg: 'vendor_id is not the integrator the vendor API key belongs to.' },
  vendorWithMerchantKey: {
    rcode: '305',
    status: 403,
    rmsg: 'vendor_id is for integrators; authenticate with the vendor API key to send it.',
  },

  paymentMissing: { rcode: '401', status: 400, rmsg: 'Send one kind of payment information: card, ACH or wallet.' },
  paymentKindsMixed: {
    rcode: '402',
    status: 400,
    rmsg: 'Card, ACH and wallet data are alternatives; send fields of one kind only.',
  },
  cardNumberFormat: { rcode: '403', status: 400, rmsg: 'card_number must be 13 to 19 digits, nothing else.' },
  cardNumberLuhn: { rcode: '404', status: 200, rmsg: 'card_number is not a valid card number (Luhn check failed).' },
  expDateFormat: { rcode: '405', status: 400, rmsg: 'exp_date must be MMYY: four digits, month 01 to 12.' },
  cvv2Format: { rcode: '406', status: 400, rmsg: 'cvv2 must be 3 or 4 digits.' },
  cardSwipeUnreadable: { rcode: '407', status: 400, rmsg: 'card_swipe is not readable track 1 or track 2 data.' },
  cardIncomplete: { rcode: '408', status: 400, rmsg: 'A new card needs card_number and exp_date (or card_swipe).' },
  cardSourceTwice: { rcode: '409', status: 400, rmsg: 'Send card_number or card_swipe, not both.' },
  routingNumberFormat: { rcode: '411', status: 400, rmsg: 'tr_number must be exactly nine digits.' },
  accountNumberFormat: { rcode: '412', status: 400, rmsg: 'dda_number must be 4 to 17 digits.' },
  accountTypeUnknown: { rcode: '413', status: 400, rmsg: 'type_id must be S (savings) or C (checking).' },
  achIncomplete: { rcode: '414', status: 400, rmsg: 'New ACH data needs tr_number and dda_number.' },
  walletPayload: {
    rcode: '421',
    status: 400,
    rmsg: 'Send one non-empty wallet payload: payload_walletA_pay or payload_walletB_pay.',
  },
  cardIdUnknown: { rcode: '431', status: 200, rmsg: 'card_id names no stored card. Omit card_id to create a new one.' },
  cardIdKind: {
    rcode: '432',
    status: 200,
    rmsg: 'card_id holds another kind of payment information; an update must send the same kind.',
  },
  cardIdNothingToUpdate: { rcode: '433', status: 400, rmsg: 'card_id was sent without payment information to update.' },
  clientIpFormat: { rcode: '441', status: 400, rmsg: 'client_ip must be a dotted IPv4 address such as 203.0.113.7.' },
  nameValueList: {
    rcode: '442',
    status: 400,
    rmsg: 'echo_fields and report_data must be strings holding a JSON array of single-key objects.',
  },
  emailFormat: { rcode: '443', status: 400, rmsg: 'email_address must be an array of e-mail addresses.' },

  notFound: { rcode: '901', status: 404, rmsg: 'No such operation. The gateway family has POST /pg/tokenize.' },
  methodNotAllowed: {
    rcode: '902',
    status: 405,
    rmsg: 'The operation exists but not with this method; see the Allow header.',
  },
  internal: { rcode: '999', status: 500, rmsg: 'The mock failed unexpectedly; this is a bug in the mock.' },
} as const satisfies Record<string, PgCode>;

export type PgCodeName = keyof typeof PG_CODES;
