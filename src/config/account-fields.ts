import type { AccountFields } from './config.js';
import { quotesKept, wrappedInQuotes } from './pasted-values.js';

/**
 * Which values of section 2.1 a conformant gateway may refuse because the suite made them up.
 *
 * TOK-11 sends every documented field, and a documented field sent as documented must not make the gateway
 * refuse an accepted request. That holds only for a value the gateway has no reason to refuse. Field by field:
 *
 * - profile_id ("Payment gateway profile of the merchant"), loc_id ("Store location identifier") and user_id
 *   ("User identifier", an integer, beside the store location: the merchant's clerk or portal user) name
 *   things set up on the merchant's account. The document shows no way to list or create them, so the
 *   suite cannot know a valid one, and a gateway may well refuse a profile, location or user the merchant
 *   does not have. Only the operator knows them (PG_PROFILE_ID, PG_LOC_ID, PG_USER_ID; the mock's own on
 *   the mock): with one given, a refusal fails TOK-11; without, it is observed and the field not exercised.
 * - merchant_id and vendor_id are the configured credentials (PG_MERCHANT_ID, PG_VENDOR_ID); vendor_id is
 *   sent only by the integrator checks (TOK-5, section 4.1 rule 4), never made up.
 * - card_id names a card too, but only ever one the suite itself stored in the same run (TOK-2): its own.
 * - developer_id is "a free-form identifier supplied by the caller" (section 9); session_id is the caller's
 *   session, a fresh value per request as a checkout makes one, nothing an operator could configure and
 *   nothing the document ties to the merchant's account; echo_fields and report_data are the caller's own
 *   data; single_use is a flag; client_ip, cardholder_name, avs_address, avs_zip and email_address describe
 *   the client and cardholder. None of them refers to the merchant's account, so any well-formed value
 *   is as valid as another and a refusal fails TOK-11 on every target.
 * - Card numbers, exp_date, cvv2, card_swipe and the ACH fields are published test data on real targets;
 *   wallet payloads are observed there already (they cannot be forged).
 */
export type AccountField = keyof AccountFields;

export const ACCOUNT_FIELDS: Record<AccountField, { variable: string; what: string; madeUp: string | number }> = {
  profile_id: { variable: 'PG_PROFILE_ID', what: "one of the merchant's payment gateway profiles", madeUp: 'default' },
  loc_id: { variable: 'PG_LOC_ID', what: "one of the merchant's store locations", madeUp: 'store-001' },
  user_id: { variable: 'PG_USER_ID', what: "one of the merchant's users, a whole number", madeUp: 1001 },
};

/**
 * Why a field sent with a made-up value was not judged, and what to set. One fixed sentence per field, so
 * the verdict can tell it for a gap of the configuration (configuration-skips.ts): the part after the last
 * ": " is what to do.
 */
export function madeUpValueRefused(field: AccountField): string {
  const { variable, what } = ACCOUNT_FIELDS[field];
  return (
    `${field} was sent with a made-up value, which the target refused, so whether it takes ${field} as ` +
    `documented was not seen: set ${variable} to ${what} (manager portal)`
  );
}

/** The values TOK-11 sends: the configured ones, made-up ones for the rest, and which are made up. */
export function accountFieldValues(configured: AccountFields): {
  values: Record<AccountField, string | number>;
  madeUp: Set<string>;
} {
  const fields = Object.keys(ACCOUNT_FIELDS) as AccountField[];
  const values = Object.fromEntries(fields.map((f) => [f, configured[f] ?? ACCOUNT_FIELDS[f].madeUp])) as Record<
    AccountField,
    string | number
  >;
  return { values, madeUp: new Set(fields.filter((f) => configured[f] === undefined)) };
}

/**
 * The sentence for a configured value wrapped in quotes that the target refused: profile_id and loc_id have
 * no documented format, so quotes may belong to them and only the target's refusal tells; then the refusal
 * is the operator's paste, a configuration problem, not the field's. Undefined for any other value.
 */
export function quotedValueRefused(
  field: AccountField,
  configured: AccountFields,
  refused: string,
): string | undefined {
  const value = configured[field];
  if (typeof value !== 'string' || !wrappedInQuotes(value)) return undefined;
  return quotesKept(ACCOUNT_FIELDS[field].variable, `the target refused it: ${refused}`);
}
