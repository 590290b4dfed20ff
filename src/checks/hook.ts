import { bodyField, succeeded, type Exchange } from '../transport/exchange.js';
import { RuleTally, type ExchangeCheck, type FamilyChecks } from './tally.js';

/**
 * HOOK: sections 2.4, 2.5, 3, 4.3 and 6. One disable answer is judged here; the rest needs the webhook
 * receiver or the target's state and is judged by the spec files.
 */

type Body = Record<string, unknown>;

function objectOf(value: unknown): Body | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : undefined;
}

/** HOOK-1 on a successful disable: code 0 with a non-empty data.message. */
export function disableAnswerFindings(exchange: Exchange, j = new RuleTally()): RuleTally {
  if (!succeeded(exchange)) return j;
  const message = objectOf(bodyField(exchange, 'data'))?.message;
  j.add(
    'HOOK-1',
    typeof message === 'string' && message.trim() !== '' ? [] : [`data.message is ${JSON.stringify(message)}`],
    'code 0 with a non-empty data.message',
  );
  return j;
}

/**
 * HOOK-1's expectation where the suite knows the webhook exists and is active, so the disable must succeed
 * (`acceptanceProblems`); its data.message is judged on the answer itself, by `disableAnswerFindings`.
 */
export const DISABLED = 'code 0 for a webhook that exists and is active';

const judgeDisableAnswer: ExchangeCheck = (exchange, tally) => {
  if (exchange.operation === 'disableWebhook') disableAnswerFindings(exchange, tally);
};

export const HOOK_CHECKS: FamilyChecks = {
  'HOOK-1': { gateway: judgeDisableAnswer },
};
