import { ACCOUNT_FIELDS, madeUpValueRefused, type AccountField } from './account-fields.js';

/**
 * Checks the run's configuration turns off, each with the variable that turns it on. A rule skipped for one
 * of these, or an operation never served because of one, keeps the run from CONFORMANT (NOT FULLY
 * EXERCISED names the variable): the gateway was not shown to keep that part of the document. Skips that no
 * variable lifts (control-API checks on a real target, disabling unknown webhooks in production) do not.
 */
export const CONFIGURATION_SKIPS = {
  writes: { reason: 'writes to production need PG_ALLOW_WRITES=1', set: 'PG_ALLOW_WRITES=1' },
  vendor: { reason: 'integrator checks need PG_VENDOR_ID and PG_VENDOR_API_KEY', set: 'PG_VENDOR_ID and PG_VENDOR_API_KEY' },
  webhook: { reason: 'webhook checks on this target need PG_WEBHOOK_ID (a webhook the suite may disable)', set: 'PG_WEBHOOK_ID' },
} as const;

/**
 * Skips that are properties of the target, each saying why no variable lifts it: they do not keep a run from
 * CONFORMANT, and a cutover lists the rules they skip as unjudgeable on production by design.
 */
export const TARGET_SKIPS = {
  unknownWebhookInProduction:
    'in production the suite disables only the webhook PG_WEBHOOK_ID names, never one it made up: its writes there touch ' +
    'only what the operator named, so no variable lifts this (the sandbox run judges it)',
} as const;

export type ConfigurationSkip = (typeof CONFIGURATION_SKIPS)[keyof typeof CONFIGURATION_SKIPS];

/** The configuration skip a test's skip reason is, if it is one. */
export function configurationSkip(reason: string | undefined): ConfigurationSkip | undefined {
  return Object.values(CONFIGURATION_SKIPS).find((s) => s.reason === reason);
}

/**
 * A part of a rule that ran but could not be judged for want of a variable (a `not-exercised` reason of a
 * rule that otherwise passed): TOK-11's account fields sent with made-up values the target refused. Like a
 * configuration skip it keeps the run from CONFORMANT, naming the variable.
 */
export function configurationGap(reason: string): { reason: string; set: string } | undefined {
  const field = (Object.keys(ACCOUNT_FIELDS) as AccountField[]).find((f) => madeUpValueRefused(f) === reason);
  return field && { reason, set: ACCOUNT_FIELDS[field].variable };
}

/**
 * Test annotation: a configuration problem a check found during the run (a PG_WEBHOOK_ID the target does not
 * know). The run's verdict is CONFIGURATION ERROR (exit 2) unless a rule failed.
 */
export const CONFIGURATION = 'configuration';
