import { bodyField, succeeded, type Exchange } from '../src/contract/exchange.js';

/**
 * HOOK-1 on a disable answer: code 0 and a non-empty data.message. Any test that disables the one
 * PG_WEBHOOK_ID of a remote target holds its answer to this, because only the run's first disable sees
 * an active webhook, and which test comes first is a matter of scheduling.
 */
export function disabledProblems(answer: Exchange): string[] {
  const data = bodyField(answer, 'data') as Record<string, unknown> | undefined;
  return [
    ...(succeeded(answer) ? [] : [`code is ${JSON.stringify(bodyField(answer, 'code'))}, expected 0`]),
    ...(typeof data?.message === 'string' && data.message.trim() !== '' ? [] : [`data.message is ${JSON.stringify(data?.message)}, expected text stating the webhook is disabled`]),
  ];
}

export const DISABLED = 'code 0 and a non-empty data.message';
