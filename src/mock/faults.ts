/**
 * Deliberate faults: each breaks one rule of spec/rules.yaml so the suite can prove it notices.
 * A fault is a named check beside the line it breaks (`behaviour.faults.has(name)`); off, it costs a Set
 * lookup at most, and faults that reshape every answer install their hook only when they are on.
 * `modes` narrows where verify:suite expects it caught; a fault invisible to a black-box client says why.
 */
export type Mode = 'mock' | 'black-box';
export type Registered = { readonly name: string; readonly rule: string; readonly description: string; readonly modes?: readonly Mode[] };

/** Black-box runs may only disable PG_WEBHOOK_ID, which can be inactive already; a refusal there is observed. */
const DISABLE_REFUSAL_INVISIBLE = 'Mock mode only: black-box runs disable PG_WEBHOOK_ID, which may be inactive already, and how re-disabling answers is not shown, so a refusal there is observed, not judged.';

export const FAULTS = [
  // AUTH-1: a request without Authorization is rejected, on every operation.
  { name: 'tokenize-without-auth', rule: 'AUTH-1', description: 'POST /pg/tokenize serves a request without an Authorization header, as the merchant.' },
  { name: 'vault-without-auth', rule: 'AUTH-1', description: 'The vault listing serves a request without an Authorization header, as the merchant.' },
  { name: 'disable-without-auth', rule: 'AUTH-1', description: 'Disabling a webhook works without an Authorization header.' },
  // AUTH-2: the section 5 token with the merchant key is accepted, on every operation.
  { name: 'merchant-key-refused-on-tokenize', rule: 'AUTH-2', description: 'Tokenize refuses the merchant key (rcode 104) though the token is built as section 5 says; the vendor key still works.' },
  { name: 'merchant-key-refused-on-disable', rule: 'AUTH-2', modes: ['mock'], description: `Disabling a webhook refuses the merchant key (code 1004). ${DISABLE_REFUSAL_INVISIBLE}` },
  // AUTH-3: a key the gateway did not issue is rejected.
  { name: 'auth-key-prefix-match', rule: 'AUTH-3', description: 'Accepts any key that starts with the merchant key (compares only as many characters as the real key has).' },
  { name: 'vault-accepts-any-key', rule: 'AUTH-3', description: 'The vault listing serves a well-formed token carrying any key, as the merchant.' },
  // AUTH-4: a header that is not the stated construction is rejected.
  { name: 'auth-accepts-bearer', rule: 'AUTH-4', description: 'Accepts "Bearer <token>" as if it were "Basic <token>".' },
  { name: 'auth-accepts-unencoded-key', rule: 'AUTH-4', description: 'Accepts "Basic <merchant key>" with the key sent unencoded.' },
  { name: 'auth-accepts-empty-token', rule: 'AUTH-4', description: 'Accepts "Basic" with an empty token, as the merchant.' },
  // AUTH-5: the vendor key is accepted where the merchant key is.
  { name: 'vendor-key-refused-on-vault', rule: 'AUTH-5', description: 'The vault listing refuses the vendor key (code 1004).' },
  { name: 'vendor-key-refused-on-disable', rule: 'AUTH-5', modes: ['mock'], description: `Disabling a webhook refuses the vendor key (code 1004). ${DISABLE_REFUSAL_INVISIBLE}` },
  // AUTH-6: with valid credentials the vault listing succeeds (code 0).
  { name: 'vault-refuses-string-merchant-id', rule: 'AUTH-6', description: 'The listing takes merchant_id only as an integer and refuses the merchant\'s string ID (code 1205); section 4.2 allows a string.' },
  { name: 'vault-success-code-200', rule: 'AUTH-6', description: 'A successful listing answers code 200 (the HTTP status) instead of 0.' },
  // AUTH-7: a rejection discloses nothing.
  { name: 'rejection-leaks-customers', rule: 'AUTH-7', description: 'A vault listing refused for authentication still carries customer records in data.' },
  { name: 'rejection-leaks-card-id', rule: 'AUTH-7', description: 'A tokenize request refused for authentication still carries a card_id.' },

  // TOK-1: a new card answers a non-empty card_id and pg_id; two new cards never share a card_id.
  { name: 'card-id-from-card-number', rule: 'TOK-1', description: 'Derives card_id from the card number, so two tokenizations of one card share a card_id (the second overwrites the first).' },
  { name: 'card-id-missing-on-success', rule: 'TOK-1', description: 'A successful tokenization answers without card_id.' },
  { name: 'pg-id-missing-on-success', rule: 'TOK-1', description: 'A successful tokenization answers without pg_id.' },
  // TOK-2: an update keeps the card_id and stores the new values.
  { name: 'update-answers-new-card-id', rule: 'TOK-2', description: 'An update stores the data under a new card ID and answers that one instead of the card_id sent.' },
  { name: 'update-answers-old-number', rule: 'TOK-2', description: 'An update stores the new number but answers the masked number stored before it.' },
  { name: 'update-not-stored', rule: 'TOK-2', modes: ['mock'], description: 'An update answers as if stored but the stored card keeps its old values. Mock mode only: the stored side is visible through the control API alone.' },
  // TOK-3, TOK-4, TOK-5: ACH, wallet and integrator tokenizations succeed.
  { name: 'ach-refused', rule: 'TOK-3', description: 'ACH data is refused (rcode 401); only cards and wallets tokenize.' },
  { name: 'ach-type-s-refused', rule: 'TOK-3', description: 'type_id S is refused as an unknown account type (rcode 413); only C is taken.' },
  { name: 'wallet-refused', rule: 'TOK-4', description: 'Wallet payloads are refused (rcode 421).' },
  { name: 'vendor-id-refused', rule: 'TOK-5', description: 'vendor_id is refused even from an integrator (rcode 305), so an integrator cannot tokenize.' },
  // TOK-6: rcode "000" exactly when a card was produced.
  { name: 'tokenize-success-rcode-00', rule: 'TOK-6', description: 'A tokenization that stored a card answers rcode "00" instead of "000".' },
  { name: 'bad-expiry-answers-000', rule: 'TOK-6', description: 'A request refused for its exp_date answers rcode "000" (without a card).' },
  // TOK-7: merchant_id is required.
  { name: 'merchant-id-optional', rule: 'TOK-7', description: 'A tokenize request without merchant_id is served for the key\'s merchant.' },
  // TOK-8: first four, one x per hidden digit, last six.
  { name: 'mask-last-four-only', rule: 'TOK-8', description: 'The answer\'s card_number shows only the last four digits (x for the rest).' },
  { name: 'mask-fixed-six-x', rule: 'TOK-8', description: 'The answer\'s card_number always hides exactly six digits, whatever the length.' },
  { name: 'mask-full-19-digits', rule: 'TOK-8', description: 'The answer shows a 19-digit card number in full.' },
  { name: 'mask-asterisks', rule: 'TOK-8', description: 'The answer\'s card_number hides digits with * instead of x.' },
  { name: 'mask-first-six-last-four', rule: 'TOK-8', description: 'The answer\'s card_number shows the first six and last four digits.' },
  // TOK-9: echo_fields byte for byte.
  { name: 'echo-fields-reserialized', rule: 'TOK-9', description: 'echo_fields is parsed and serialized again, so its whitespace is lost.' },
  { name: 'echo-fields-trimmed', rule: 'TOK-9', description: 'echo_fields comes back with leading and trailing whitespace trimmed.' },
  { name: 'echo-fields-ascii-escaped', rule: 'TOK-9', description: 'Non-ASCII characters inside echo_fields come back as \\u escapes: the same JSON inside, a different string.' },
  { name: 'echo-fields-dropped', rule: 'TOK-9', description: 'A successful answer omits echo_fields.' },
  // TOK-10: a request breaking a stated format is not a success.
  { name: 'exp-month-13-accepted', rule: 'TOK-10', description: 'exp_date is checked for four digits only, so month 00 or 13 is stored.' },
  { name: 'exp-date-slash-accepted', rule: 'TOK-10', description: 'exp_date MM/YY is taken and stored as MMYY.' },
  { name: 'tr-number-length-unchecked', rule: 'TOK-10', description: 'tr_number is checked for digits only, not for nine of them.' },
  { name: 'unknown-card-id-creates-card', rule: 'TOK-10', description: 'A card_id that names no stored card creates a new card instead of failing.' },

  // VAULT-1: the stated envelope.
  { name: 'vault-total-records-string', rule: 'VAULT-1', description: 'totalRecords is a string of digits.' },
  { name: 'vault-data-object', rule: 'VAULT-1', description: 'data is an object keyed by customer_id instead of an array.' },
  // VAULT-2: page sizes.
  { name: 'vault-page-size-count-plus-one', rule: 'VAULT-2', description: 'Every page holds count + 1 records (each page repeats the next one\'s first record).' },
  { name: 'vault-count-capped-at-20', rule: 'VAULT-2', description: 'Pages hold at most 20 records whatever count says, while totalPages still follows count.' },
  // VAULT-3: totalPages = ceil(totalRecords / count), the same on every page.
  { name: 'vault-total-pages-floor', rule: 'VAULT-3', description: 'Computes totalPages as floor(totalRecords / count) instead of ceil.' },
  { name: 'vault-total-records-off-by-one', rule: 'VAULT-3', description: 'totalRecords is one more than the records there are.' },
  { name: 'vault-total-pages-remaining', rule: 'VAULT-3', description: 'totalPages counts the pages from the one asked for to the end, so it shrinks as the walk goes on.' },
  // VAULT-4: pages 0 … totalPages-1 hold every record once.
  { name: 'vault-page-overlap', rule: 'VAULT-4', description: 'Every page after the first starts one record early, repeating the previous page\'s last record.' },
  { name: 'vault-page-index-from-1', rule: 'VAULT-4', description: 'Pages count from 1: page 0 and page 1 both answer the first page.' },
  // VAULT-5: customer_id descends with order_by=desc.
  { name: 'vault-desc-ignored', rule: 'VAULT-5', description: 'order_by=desc is ignored; records always come in ascending order.' },
  { name: 'vault-desc-across-pages-only', rule: 'VAULT-5', description: 'With order_by=desc the pages come in descending order but each page lists its records ascending.' },
  // VAULT-6: a page past the last holds no records.
  { name: 'vault-past-end-repeats-last-page', rule: 'VAULT-6', description: 'A page past the last one answers the last page again.' },
  // VAULT-7: no full card number.
  { name: 'vault-full-primary-card-number', rule: 'VAULT-7', description: 'primary_card_number is the full card number.' },
  { name: 'vault-card-number-dashed', rule: 'VAULT-7', description: 'Billing card numbers are the full number in dashed groups of four (not masked, though not all digits).' },
  // VAULT-8: stated formats and types.
  { name: 'vault-verified-date-12-digits', rule: 'VAULT-8', description: 'verified_date has 12 digits (two-digit year).' },
  { name: 'vault-alpha-country-codes', rule: 'VAULT-8', description: 'Country codes are alphabetic (US) instead of numeric (840).' },
  { name: 'vault-exp-date-yymm', rule: 'VAULT-8', description: 'Billing cards\' exp_date is YYMM instead of MMYY.' },
  { name: 'vault-primary-as-string', rule: 'VAULT-8', description: 'primary flags are the strings "true" and "false".' },
  { name: 'vault-billing-email-string', rule: 'VAULT-8', description: 'billing_email is a string instead of an array of strings.' },

  // HOOK-1: disabling an existing webhook answers code 0 with data.message.
  { name: 'disable-without-data-message', rule: 'HOOK-1', description: 'A successful disable answers code 0 without data.' },
  { name: 'disable-empty-data-message', rule: 'HOOK-1', description: 'A successful disable answers data.message as an empty string.' },
  { name: 'disable-refuses-existing', rule: 'HOOK-1', modes: ['mock'], description: `Disabling an existing webhook answers code 1301 (not found) and leaves it active. ${DISABLE_REFUSAL_INVISIBLE}` },
  // HOOK-2 … HOOK-8: the webhook state machine and deliveries (section 3 and 6).
  { name: 'disable-unknown-answers-success', rule: 'HOOK-2', description: 'Disabling a webhook that does not exist answers code 0.' },
  { name: 'disable-keeps-active', rule: 'HOOK-3', description: 'A disable answers code 0 but leaves the webhook active.' },
  { name: 'inactive-queue-accepts-new', rule: 'HOOK-4', description: 'New requests still join the queue of an inactive webhook (held, not posted).' },
  { name: 'inactive-webhook-still-posts', rule: 'HOOK-4', description: 'The delivery worker ignores the inactive state: new requests are added and posted as if the webhook were active.' },
  { name: 'disable-drops-queue', rule: 'HOOK-5', description: 'Disabling drops the queued requests instead of holding them.' },
  { name: 'inactive-retries-continue', rule: 'HOOK-5', description: 'Requests queued before the disable keep being retried while the webhook is inactive.' },
  { name: 'enable-keeps-held', rule: 'HOOK-6', description: 'Enabling does not post held requests: they wait for their expiry and are dropped.' },
  { name: 'enable-drops-held', rule: 'HOOK-6', description: 'Enabling drops every held request instead of posting it.' },
  { name: 'enable-revives-expired', rule: 'HOOK-7', description: 'Enabling re-queues requests that expired while held, with a fresh hour, so they are posted.' },
  { name: 'deliveries-sent-with-put', rule: 'HOOK-8', description: 'Requests are delivered with PUT instead of POST.' },
  { name: 'deliveries-to-origin', rule: 'HOOK-8', description: 'Requests are posted to the notification_url\'s origin (path dropped), not to the notification_url.' },

  // ERR-1 … ERR-5: section 7 and section 2 on every answer.
  { name: 'pg-failure-rmsg-empty', rule: 'ERR-1', description: '/pg/ failures carry an empty rmsg.' },
  { name: 'pg-failure-without-rmsg', rule: 'ERR-1', description: '/pg/ failures carry no rmsg.' },
  { name: 'platform-failure-code-as-string', rule: 'ERR-2', description: '/platform/ failures carry code as a string of digits ("1004").' },
  { name: 'pg-answers-platform-scheme', rule: 'ERR-3', description: '/pg/ answers use the platform scheme: an integer code and message instead of rcode and rmsg.' },
  { name: 'platform-answers-pg-scheme', rule: 'ERR-3', description: '/platform/ answers use the payment gateway scheme: a string rcode and rmsg instead of code and message.' },
  { name: 'pg-rcode-as-number', rule: 'ERR-3', description: 'rcode is a JSON number ("000" becomes 0).' },
  { name: 'content-type-text-plain', rule: 'ERR-4', description: 'Every gateway answer is served as text/plain (the body is still JSON).' },
  { name: 'vault-content-type-missing', rule: 'ERR-4', description: 'Vault listings are served without a content-type header.' },
  { name: 'pg-id-as-number', rule: 'ERR-5', description: 'A successful tokenization answers pg_id as a JSON number.' },
  { name: 'vault-rec-id-as-string', rule: 'ERR-5', description: 'Customer records carry rec_id as a string of digits.' },
  { name: 'disable-message-as-number', rule: 'ERR-5', description: 'A successful disable answers message as the number 0.' },

  // Off the fixed examples' path (src/mock/off-path-faults.ts): only the generated-input properties (tests/properties/) reach them.
  { name: 'echo-fields-cut-at-1024', rule: 'TOK-9', description: 'An echo_fields longer than 1,024 characters comes back cut to its first 1,024.' },
  { name: 'vault-short-pages-mid-counts', rule: 'VAULT-2', description: 'For count 11 to 24 (sizes no fixed test uses) every page serves count - 1 records, so one record a page is never listed.' },
  { name: 'mask-off-for-non-visa-lengths', rule: 'TOK-8', modes: ['mock'], description: 'A 13-, 17- or 18-digit number not starting with 4 is masked as first six, last four. Mock mode only: real targets get published test card numbers alone, and the published ones of those lengths start with 4.' },
  { name: 'exp-date-first-four-read', rule: 'TOK-10', description: 'An exp_date longer than four characters is read by its first four, so MMYYYY (122029) is taken as MMYY.' },
  { name: 'card-id-reissued-every-50th', rule: 'TOK-1', description: 'Every 50th new card is stored and answered under the card_id of the new card 20 before it; caught only across the run.' },
] as const satisfies readonly Registered[];

export type FaultName = (typeof FAULTS)[number]['name'];
