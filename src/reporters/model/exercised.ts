import { CONFIGURATION_SKIPS, configurationGap, configurationSkip } from '../../config/configuration-skips.js';
import { OPERATION_IDS, type OperationId } from '../../catalogue/spec.js';
import type { FinishedTest } from './rule-outcomes.js';

/**
 * "Passed means exercised" for the run as a whole: the document has three operations, and a run that never
 * had one of them served (a request answered with the family's success indicator) has not shown that the
 * gateway keeps that part of the document, however its rules came out. Sandbox without PG_WEBHOOK_ID has
 * disable only refuse unknown webhooks; production without PG_ALLOW_WRITES=1 neither tokenizes nor disables.
 */

export type OperationGap = { operation: OperationId; reason: string };

/** Operations no test of the run had served, each with why and what to set. */
export function operationGaps(records: readonly FinishedTest[]): OperationGap[] {
  const served = new Set(records.flatMap((r) => r.served ?? []));
  const skipped = new Set(
    records
      .filter((r) => r.outcome === 'skipped')
      .map((r) => configurationSkip(r.skipReason))
      .filter((s) => s !== undefined),
  );
  const because = (s: (typeof CONFIGURATION_SKIPS)[keyof typeof CONFIGURATION_SKIPS]) =>
    `never called to do its work, as ${s.reason}`;
  return OPERATION_IDS.filter((op) => !served.has(op)).map((operation) => {
    const writes = operation !== 'listCustomers' && skipped.has(CONFIGURATION_SKIPS.writes);
    let reason: string;
    if (writes) reason = because(CONFIGURATION_SKIPS.writes);
    else if (operation === 'disableWebhook' && skipped.has(CONFIGURATION_SKIPS.webhook))
      reason = because(CONFIGURATION_SKIPS.webhook);
    else if (operation === 'disableWebhook')
      reason =
        'no disable of PG_WEBHOOK_ID answered code 0 (inactive from an earlier run, or not a webhook of this ' +
        'merchant): check PG_WEBHOOK_ID and enable the webhook in the manager portal before the run';
    else reason = 'no request of the run was answered with success: see the rules that failed or were not exercised';
    return { operation, reason };
  });
}

/**
 * What to set so a rule skipped for want of configuration runs, or so a rule that passed judges the part a
 * variable's absence left unjudged (configurationGap); empty for any other status, skip or reason.
 */
export function configurationNeeds(outcome: {
  status: string;
  tests: readonly { note?: string }[];
  notExercised: readonly string[];
}): string[] {
  const skips = outcome.status === 'skipped' ? outcome.tests.map((t) => configurationSkip(t.note)?.set) : [];
  const gaps = outcome.status === 'passed' ? outcome.notExercised.map((r) => configurationGap(r)?.set) : [];
  return [...new Set([...skips, ...gaps].filter((s): s is NonNullable<typeof s> => s !== undefined))];
}
