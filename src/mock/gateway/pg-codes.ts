/**
 * The mock's payment gateway (/pg/) result codes. Section 7 leaves the real list "not shown", so this
 * table is the mock's own, kept stable: tests and docs/mock.md refer to these codes by value.
 * Every failure has its own three-digit rcode (never "000") and a message that says what to do.
 */
export type PgCode = { readonly rcode: string; readonly status: number; readonly rmsg: string };

const row = (rcode: string, status: number, rmsg: string): PgCode => ({ rcode, status, rmsg });

export const PG_CODES = {
  ok: row('000', 200, 'Approved'),

  authMissing: row('101', 401, 'No Authorization header. Send Authorization: Basic base64(":" + API key).'),
  authMalformed: row('102', 401, 'Authorization is not "Basic <token>" with a Base 64 token of ":" + API key.'),
  authUserPart: row('103', 401, 'The token has a user part before the colon; it must be empty: base64(":" + API key).'),
  authUnknownKey: row('104', 401, 'The API key is not recognised. Use the merchant API key or the vendor API key.'),

  unsupportedMediaType: row('201', 415, 'Send the body as JSON with content-type: application/json.'),
  invalidJson: row('202', 400, 'The body is not valid JSON.'),
  notAnObject: row('203', 400, 'The body must be a JSON object.'),
  bodyTooLarge: row('204', 413, 'The body is larger than 1 MiB.'),
  unknownField: row('205', 400, 'The body has a field the operation does not take.'),
  fieldType: row('206', 400, 'A field has the wrong JSON type.'),
  badRequest: row('207', 400, 'The HTTP request could not be read (URL, headers or length).'),

  merchantMissing: row('301', 400, 'merchant_id is required in every tokenize request.'),
  merchantMismatch: row('302', 403, 'merchant_id is not the merchant the API key belongs to.'),
  vendorMissing: row('303', 400, 'An integrator (vendor API key) must send its integrator ID in vendor_id.'),
  vendorMismatch: row('304', 403, 'vendor_id is not the integrator the vendor API key belongs to.'),
  vendorWithMerchantKey: row(
    '305',
    403,
    'vendor_id is for integrators; authenticate with the vendor API key to send it.',
  ),

  paymentMissing: row('401', 400, 'Send one kind of payment information: card, ACH or wallet.'),
  paymentKindsMixed: row('402', 400, 'Card, ACH and wallet data are alternatives; send fields of one kind only.'),
  cardNumberFormat: row('403', 400, 'card_number must be 13 to 19 digits, nothing else.'),
  cardNumberLuhn: row('404', 200, 'card_number is not a valid card number (Luhn check failed).'),
  expDateFormat: row('405', 400, 'exp_date must be MMYY: four digits, month 01 to 12.'),
  cvv2Format: row('406', 400, 'cvv2 must be 3 or 4 digits.'),
  cardSwipeUnreadable: row('407', 400, 'card_swipe is not readable track 1 or track 2 data.'),
  cardIncomplete: row('408', 400, 'A new card needs card_number and exp_date (or card_swipe).'),
  cardSourceTwice: row('409', 400, 'Send card_number or card_swipe, not both.'),
  routingNumberFormat: row('411', 400, 'tr_number must be exactly nine digits.'),
  accountNumberFormat: row('412', 400, 'dda_number must be 4 to 17 digits.'),
  accountTypeUnknown: row('413', 400, 'type_id must be S (savings) or C (checking).'),
  achIncomplete: row('414', 400, 'New ACH data needs tr_number and dda_number.'),
  walletPayload: row('421', 400, 'Send one non-empty wallet payload: payload_walletA_pay or payload_walletB_pay.'),
  cardIdUnknown: row('431', 200, 'card_id names no stored card. Omit card_id to create a new one.'),
  cardIdKind: row('432', 200, 'card_id holds another kind of payment information; an update must send the same kind.'),
  cardIdNothingToUpdate: row('433', 400, 'card_id was sent without payment information to update.'),
  clientIpFormat: row('441', 400, 'client_ip must be a dotted IPv4 address such as 203.0.113.7.'),
  nameValueList: row(
    '442',
    400,
    'echo_fields and report_data must be strings holding a JSON array of single-key objects.',
  ),
  emailFormat: row('443', 400, 'email_address must be an array of e-mail addresses.'),

  notFound: row('901', 404, 'No such operation. The gateway family has POST /pg/tokenize.'),
  methodNotAllowed: row('902', 405, 'The operation exists but not with this method; see the Allow header.'),
  internal: row('999', 500, 'The mock failed unexpectedly; this is a bug in the mock.'),
} satisfies Record<string, PgCode>;

export type PgCodeName = keyof typeof PG_CODES;
