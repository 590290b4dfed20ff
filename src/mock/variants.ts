import type { Registered } from './faults.js';

/**
 * Legitimate variations: choices the document leaves open ("not shown") where a real gateway may differ
 * from the mock's default. A conformant suite must pass with any of them on. `rule` names the rule whose
 * leeway the variation uses.
 */
export const VARIANTS = [
  // Section 7: HTTP statuses and the shape of error bodies are not shown.
  { name: 'failures-http-200', rule: 'AUTH-7', description: 'Every failure is answered with HTTP 200; only the body (rcode or code) says it failed.' },
  { name: 'auth-failures-403', rule: 'AUTH-7', description: 'Authentication failures are answered with HTTP 403 instead of 401.' },
  { name: 'validation-failures-422', rule: 'ERR-1', description: 'Malformed requests are answered with HTTP 422 instead of 400.' },
  { name: 'errors-non-family-shape', rule: 'ERR-2', description: 'Failures with an HTTP error status leave the family scheme: 401 answers {"error":"unauthorized"}, every other one an empty body.' },
  { name: 'other-messages', rule: 'ERR-1', description: 'Every rmsg, message and data.message has other wording.' },
  { name: 'success-statuses-2xx', rule: 'ERR-4', description: 'A new card is answered HTTP 201 and a disable HTTP 202; the bodies are the same.' },
  // Section 2: only what a field means is stated; more fields, fewer optional ones, other media-type spellings.
  { name: 'extra-fields', rule: 'ERR-5', description: 'Every answer, customer record, address and card carries extra fields the document does not list.' },
  { name: 'optional-fields-omitted', rule: 'ERR-5', description: 'Omits what no rule requires: rmsg on success, message on platform answers, pg_id on failures, empty customer fields; every fourth customer has no shipping address.' },
  { name: 'content-type-charset-upper', rule: 'ERR-4', description: 'Answers are served as application/json;charset=UTF-8.' },
  { name: 'content-type-without-charset', rule: 'ERR-4', description: 'Answers are served as application/json without a charset.' },
  { name: 'extra-headers', rule: 'ERR-4', description: 'Answers carry extra response headers (x-request-id, cache-control, x-ratelimit-remaining).' },
  { name: 'json-ascii-escaped', rule: 'TOK-9', description: 'Answers escape every non-ASCII character as \\u in the JSON text; parsed, every string is the same.' },
  // Section 8: time-outs and limits are not shown.
  { name: 'slow-answers', rule: 'ERR-4', description: 'Every gateway answer is delayed by 20 to 80 ms.' },
  { name: 'rate-limited', rule: 'ERR-4', description: 'Gateway requests beyond 20 a second (bursts of 20) are refused unprocessed: HTTP 429, Retry-After in seconds or as an HTTP date, a body in neither scheme.' },
  { name: 'slow-link', rule: 'ERR-4', description: 'Every gateway answer arrives 150 ms late (a distant sandbox behind proxies).' },
  // The link: what a multi-tenant gateway behind proxies and load balancers does that one process does not.
  { name: 'gzip-answers', rule: 'ERR-4', description: 'Every gateway answer is gzip-compressed when the client accepts it (content-encoding: gzip, vary: accept-encoding).' },
  { name: 'connection-close', rule: 'ERR-4', description: 'The server closes the connection after every gateway answer (connection: close): no keep-alive reuse.' },
  { name: 'reads-503-once', rule: 'ERR-4', description: 'Every fourth distinct read (GET URL) is answered once with HTTP 503, Retry-After: 1 and an HTML page, then served; writes never.' },
  { name: 'chunked-trickle', rule: 'ERR-4', description: 'Answers stream chunked, without content-length, the body in three pieces 15 ms apart.' },
  { name: 'vault-max-count-20', rule: 'VAULT-2', description: 'count above 20 is refused (code 1201, HTTP 400): the maximum count per page is not shown.' },
  { name: 'card-lengths-15-16-only', rule: 'TOK-8', description: 'Only 15- and 16-digit card numbers are taken; other lengths are refused (rcode 403).' },
  // Section 4.2: defaults of the listing's parameters are not shown, nor what a page past the end answers.
  { name: 'vault-parameters-required', rule: 'AUTH-6', description: 'The listing needs every section 4.2 parameter (count, page, order_on, order_by, merchant_id); a missing one is refused (code 1207).' },
  { name: 'vault-past-end-fails', rule: 'VAULT-6', description: 'A vault page past the last one answers a platform failure instead of code 0 with an empty page.' },
  { name: 'vault-mask-asterisk', rule: 'VAULT-7', description: 'Vault card numbers are masked with * (the document says only "masked" for them).' },
  { name: 'numeric-customer-ids', rule: 'VAULT-5', description: 'customer_id is a decimal number in a string, unpadded ("12"), so desc order is numeric, not code-point order.' },
  // Section 4.3 and 5.6: re-disabling is not shown; the try-it tool sends the merchant ID as user name.
  { name: 'redisable-fails', rule: 'HOOK-1', description: 'Re-disabling an inactive webhook answers HTTP 409 with {"error":"webhook already disabled"}, outside the platform scheme.' },
  { name: 'auth-accepts-user-part', rule: 'AUTH-4', description: 'Accepts a Basic token whose user part (before the colon) is not empty, as the try-it tool of section 5.6 sends it.' },
  { name: 'auth-accepts-no-colon', rule: 'AUTH-4', description: 'Accepts a Basic token of the key alone, without the leading colon.' },
] as const satisfies readonly Registered[];

export type VariantName = (typeof VARIANTS)[number]['name'];
