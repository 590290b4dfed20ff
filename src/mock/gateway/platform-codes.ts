/**
 * The mock's platform (/platform/) result codes, also used for the control API and unknown paths.
 * Section 7 leaves the real list "not shown"; this table is the mock's own and stays stable.
 * 0 is success; every failure has its own non-zero integer.
 */
export type PlatformCode = { readonly code: number; readonly status: number; readonly message: string };

const row = (code: number, status: number, message: string): PlatformCode => ({ code, status, message });

export const PLATFORM_CODES = {
  ok: row(0, 200, 'Success'),

  authMissing: row(1001, 401, 'No Authorization header. Send Authorization: Basic base64(":" + API key).'),
  authMalformed: row(1002, 401, 'Authorization is not "Basic <token>" with a Base 64 token of ":" + API key.'),
  authUserPart: row(1003, 401, 'The token has a user part before the colon; it must be empty: base64(":" + API key).'),
  authUnknownKey: row(1004, 401, 'The API key is not recognised. Use the merchant API key or the vendor API key.'),

  unsupportedMediaType: row(1101, 415, 'Send the body as JSON with content-type: application/json.'),
  invalidJson: row(1102, 400, 'The body is not valid JSON.'),
  notAnObject: row(1103, 400, 'The body must be a JSON object.'),
  bodyTooLarge: row(1104, 413, 'The body is larger than 1 MiB.'),
  unknownField: row(1105, 400, 'The request has a field or parameter the operation does not take.'),
  fieldType: row(1106, 400, 'A field has the wrong type.'),
  badRequest: row(1107, 400, 'The HTTP request could not be read (URL, headers or length).'),

  countInvalid: row(1201, 400, 'count must be a whole number from 1 to 500.'),
  pageInvalid: row(1202, 400, 'page must be a whole number from 0 to 1000000.'),
  orderOnInvalid: row(1203, 400, 'order_on must be customer_id or rec_id.'),
  orderByInvalid: row(1204, 400, 'order_by must be asc or desc.'),
  merchantMismatch: row(1205, 403, 'merchant_id is not the merchant the API key belongs to.'),
  parameterRepeated: row(1206, 400, 'A query parameter was given more than once.'),
  parameterMissing: row(1207, 400, 'A query parameter the listing needs is missing.'),

  webhookNotFound: row(1301, 404, 'No webhook has this webhook_id.'),

  controlInvalid: row(1401, 400, 'The control request is not valid.'),
  webhookExists: row(1402, 409, 'A webhook with this webhook_id already exists.'),
  cardNotFound: row(1403, 404, 'No stored card has this card_id.'),
  settleTimeout: row(1404, 504, 'The webhook did not settle in time; deliveries are still in flight.'),

  notFound: row(
    1901,
    404,
    'No such path. Gateway operations: GET /platform/vault/customer, PUT /platform/webhook/{webhook_id}/disable.',
  ),
  methodNotAllowed: row(1902, 405, 'The path exists but not with this method; see the Allow header.'),
  internal: row(1999, 500, 'The mock failed unexpectedly; this is a bug in the mock.'),
} satisfies Record<string, PlatformCode>;

export type PlatformCodeName = keyof typeof PLATFORM_CODES;
