/**
 * The mock's platform (/platform/) result codes, also used for the control API and unknown paths.
 * Section 7 leaves the real list "not shown"; this table is the mock's own and stays stable.
 * 0 is success; every failure has its own non-zero integer.
 */
export type PlatformCode = { readonly code: number; readonly status: number; readonly message: string };

export const PLATFORM_CODES = {
  ok: { code: 0, status: 200, message: 'Success' },

  authMissing: {
    code: 1001,
    status: 401,
    message: 'No Authorization header. Send Authorization: Basic base64(":" + API key).',
  },
  authMalformed: {
    code: 1002,
    status: 401,
    message: 'Authorization is not "Basic <token>" with a Base 64 token of ":" + API key.',
  },
  authUserPart: {
    code: 1003,
    status: 401,
    message: 'The token has a user part before the colon; it must be empty: base64(":" + API key).',
  },
  authUnknownKey: {
    code: 1004,
    status: 401,
    message: 'The API key is not recognised. Use the merchant API key or the vendor API key.',
  },

  unsupportedMediaType: {
    code: 1101,
    status: 415,
    message: 'Send the body as JSON with content-type: application/json.',
  },
  invalidJson: { code: 1102, status: 400, message: 'The body is not valid JSON.' },
  notAnObject: { code: 1103, status: 400, message: 'The body must be a JSON object.' },
  bodyTooLarge: { code: 1104, status: 413, message: 'The body is larger than 1 MiB.' },
  unknownField: {
    code: 1105,
    status: 400,
    message: 'The request has a field or parameter the operation does not take.',
  },
  fieldType: { code: 1106, status: 400, message: 'A field has the wrong type.' },
  badRequest: { code: 1107, status: 400, message: 'The HTTP request could not be read (URL, headers or length).' },

  countInvalid: { code: 1201, status: 400, message: 'count must be a whole number from 1 to 500.' },
  pageInvalid: { code: 1202, status: 400, message: 'page must be a whole number from 0 to 1000000.' },
  orderOnInvalid: { code: 1203, status: 400, message: 'order_on must be customer_id or rec_id.' },
  orderByInvalid: { code: 1204, status: 400, message: 'order_by must be asc or desc.' },
  merchantMismatch: { code: 1205, status: 403, message: 'merchant_id is not the merchant the API key belongs to.' },
  parameterRepeated: { code: 1206, status: 400, message: 'A query parameter was given more than once.' },
  parameterMissing: { code: 1207, status: 400, message: 'A query parameter the listing needs is missing.' },

  webhookNotFound: { code: 1301, status: 404, message: 'No webhook has this webhook_id.' },

  controlInvalid: { code: 1401, status: 400, message: 'The control request is not valid.' },
  webhookExists: { code: 1402, status: 409, message: 'A webhook with this webhook_id already exists.' },
  cardNotFound: { code: 1403, status: 404, message: 'No stored card has this card_id.' },
  settleTimeout: {
    code: 1404,
    status: 504,
    message: 'The webhook did not settle in time; deliveries are still in flight.',
  },

  notFound: {
    code: 1901,
    status: 404,
    message:
      'No such path. Gateway operations: GET /platform/vault/customer, PUT /platform/webhook/{webhook_id}/disable.',
  },
  methodNotAllowed: {
    code: 1902,
    status: 405,
    message: 'The path exists but not with this method; see the Allow header.',
  },
  internal: { code: 1999, status: 500, message: 'The mock failed unexpectedly; this is a bug in the mock.' },
} as const satisfies Record<string, PlatformCode>;

export type PlatformCodeName = keyof typeof PLATFORM_CODES;
