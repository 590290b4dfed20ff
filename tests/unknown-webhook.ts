import { randomUUID } from 'node:crypto';
import { described, same } from '../src/checks/registry.js';
import {
  quotesKept,
  recordConfigurationProblem,
  succeeded,
  type Exchange,
  type GatewayClient,
  type ResolvedConfig,
  wrappedInQuotes,
} from './fixtures.js';

/**
 * The document has no way to look a webhook up, so a PG_WEBHOOK_ID the target does not know shows at its
 * first disable. A disable of it that did not succeed is compared with a disable of a webhook ID the suite
 * made up (as HOOK-2 sends): the same answer (HTTP status and code) means the target cannot tell the two
 * apart, a configuration problem, recorded for the verdict (CONFIGURATION ERROR, exit 2) and returned.
 * Not in production, where the suite disables nothing but PG_WEBHOOK_ID.
 */
export async function unknownWebhookProblem(
  gateway: GatewayClient,
  suite: ResolvedConfig,
  answer: Exchange,
  auth: 'merchant' | 'vendor' = 'merchant',
): Promise<string | undefined> {
  if (suite.target === 'mock' || suite.target === 'production' || succeeded(answer)) return undefined;
  const madeUp = await gateway.disableWebhook(`conformance-missing-${randomUUID()}`, auth);
  if (!same(answer, madeUp)) return undefined;
  const unknown = `disabling it answered exactly as disabling a made-up webhook ID does (${described(answer)})`;
  // A webhook ID has no documented format, so quotes may belong to it: only the target's answer tells.
  const problem = wrappedInQuotes(suite.webhookId ?? '')
    ? quotesKept('PG_WEBHOOK_ID', `the target knows no webhook by it: ${unknown}`)
    : `PG_WEBHOOK_ID names no webhook the target knows: ${unknown}; ` +
      ('set PG_WEBHOOK_ID to an existing webhook of this merchant from the manager portal (if it is right, ' +
        'the target answers an inactive webhook as an unknown one: enable it there).');
  recordConfigurationProblem(problem);
  return problem;
}
