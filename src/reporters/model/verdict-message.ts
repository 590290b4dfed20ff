import type { Verdict } from './rule-outcomes.js';

/**
 * What the conformance reporter tells `npm run conformance` over the IPC channel it was started with: the
 * verdict, the run's own status before any report was written (Playwright counts a reporter's failed write as
 * a failed run), and what could not be written. The verdict reaches the command even when
 * conformance.json never reached the disk.
 */
export type VerdictMessage = {
  kind: 'conformance-verdict';
  verdict: Verdict;
  /** Playwright's status of the run as the reporters' onEnd receive it. */
  runStatus: 'passed' | 'failed' | 'timedout' | 'interrupted';
  notWritten?: string;
};

export function isVerdictMessage(message: unknown): message is VerdictMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { kind?: unknown }).kind === 'conformance-verdict' &&
    typeof (message as { verdict?: unknown }).verdict === 'string'
  );
}
