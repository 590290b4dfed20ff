import { succeeded, type Exchange } from './fixtures.js';

/**
 * Why a check judged nothing, said once, each with what the operator can do so the next run exercises it.
 * The document shows no operation that creates customers or enables a webhook, so the remedy is the
 * sandbox's manager portal.
 */
export const WEBHOOK_INACTIVE =
  'PG_WEBHOOK_ID did not disable with code 0, most likely inactive from an earlier run (re-disabling is ' +
  'not shown): enable that webhook in the manager portal before the run';

export const WEBHOOK_UNKNOWN =
  'PG_WEBHOOK_ID names no webhook the target knows (a configuration problem, see above): set it to an existing webhook of this merchant';

export const NO_CUSTOMERS =
  "the vault holds no customers: create a few customers (with shipping addresses and billing cards) in the sandbox's manager portal";

/** No listing answered code 0 (a wrong PG_MERCHANT_ID, a refused listing): the vault was never seen, not seen empty. */
export const NO_LISTING =
  'no vault listing answered code 0, so the vault was never seen (it was not shown empty): AUTH-6 ' +
  'judges the listing, and a wrong PG_MERCHANT_ID looks like this';

/** Why a walk saw no customer: an empty vault, or a page 0 that did not succeed at all. */
export function noCustomersWhy(firstPage: Exchange): string {
  return succeeded(firstPage) ? NO_CUSTOMERS : NO_LISTING;
}

export const NO_CARD_NUMBERS =
  "no customer in the vault has a card number: add a billing card to a customer in the sandbox's manager portal";

export const FEWER_THAN_TWO =
  "the vault holds fewer than two customers, so no order can be seen: create at least two customers in the sandbox's manager portal";

/** A shared sandbox's vault changed during every walk: other users are adding or removing customers. */
export function vaultMoving(what: string, walks: number, evidence: string): string {
  return (
    `the vault changed during each of ${walks} walk(s) (${what}: ${evidence}); other users are changing ` +
    `the shared sandbox, which is no violation: run again when it is quiet`
  );
}
