import { randomUUID } from 'node:crypto';
import { test } from '@playwright/test';
import { annotation } from '../src/evidence/annotations.js';
import { described, same } from '../src/checks/compared-answers.js';
import type { ResolvedConfig } from '../src/config/suite-env.js';
import { bodyField, succeeded, type Exchange } from '../src/transport/exchange.js';
import type { GatewayClient } from '../src/transport/gateway-client.js';

/**
 * HOOK-1 on a disable answer: code 0 and a non-empty data.message. Any test that disables the one
 * PG_WEBHOOK_ID of a remote target holds its answer to this, because only the run's first disable sees
 * an active webhook, and which test comes first is a matter of scheduling.
 */
export function disabledProblems(answer: Exchange): string[] {
  const data = bodyField(answer, 'data') as Record<string, unknown> | undefined;
  return [
    ...(succeeded(answer) ? [] : [`code is ${JSON.stringify(bodyField(answer, 'code'))}, expected 0`]),
    ...(typeof data?.message === 'string' && data.message.trim() !== ''
      ? []
      : [`data.message is ${JSON.stringify(data?.message)}, expected text stating the webhook is disabled`]),
  ];
}

export const DISABLED = 'code 0 and a non-empty data.message';

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
  const problem =
    `PG_WEBHOOK_ID names no webhook the target knows: disabling it answered exactly as disabling a ` +
    `made-up webhook ID does (${described(answer)}); ` +
    ('set PG_WEBHOOK_ID to an existing webhook of this merchant from the manager portal (if it is right, ' +
      'the target answers an inactive webhook as an unknown one: enable it there).');
  test.info().annotations.push(annotation.configuration.write(problem));
  return problem;
}
