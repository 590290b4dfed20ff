/** Marks infrastructure trouble (network, TLS, time-out, 429, 5xx): the target could not be judged. */
export const UNAVAILABLE_TAG = '[TARGET UNAVAILABLE]';

export class TargetUnavailableError extends Error {
  constructor(what: string) {
    super(`${UNAVAILABLE_TAG} ${what}. This says nothing about conformance: check the base URL, the network and the target's status, then run again.`);
    this.name = 'TargetUnavailableError';
  }
}

/** The first line of a transport error, without Playwright's call log (which lists the request headers). */
export function transportProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const first = message.split('\n')[0] ?? message;
  return first.replace(/^apiRequestContext\.[a-z]+: /i, '').trim();
}

/** Seconds to wait as Retry-After says (delta-seconds or an HTTP date), capped; undefined when absent. */
export function retryAfterMs(header: string | undefined, capMs: number, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), capMs) : undefined;
}
