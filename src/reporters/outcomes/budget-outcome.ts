import type { TestResult } from '@playwright/test/reporter';
import { UNAVAILABLE_TAG } from '../../transport/target-unavailable.js';

/** Annotation type: the 429s a test's client met and the time it waited them out. */
export const RATE_LIMITED = 'rate-limited';

type Annotation = { type: string; description?: string };
type RateLimited = { answers: number; waitedMs: number };

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/**
 * Records a test's 429s so far, when it met any, so a report can say what its time went on: called at each
 * one, as a test that runs out of time may never get to its fixtures' teardown; one annotation, kept current.
 */
export function rateLimitAnnotation(client: { rateLimited: RateLimited }, annotations: Annotation[]): void {
  const { answers, waitedMs } = client.rateLimited;
  if (!answers) return;
  const description = `${answers} answer${answers > 1 ? 's' : ''} HTTP 429, ${seconds(waitedMs)} waited`;
  const held = annotations.find((a) => a.type === RATE_LIMITED);
  if (held) held.description = description;
  else annotations.push({ type: RATE_LIMITED, description });
}

/**
 * A test that ran out of its time says nothing about the contract: the target was too slow, or rate-limited,
 * for the time the test had. Without a rule violation seen, its error becomes a target-unavailable one with
 * the figures (how long it had, how long it ran, the 429s it met), so the reporter never reads it as a
 * failed rule. Returns undefined for any other result.
 */
export function outOfTime(
  result: Pick<TestResult, 'status' | 'duration'>,
  timeoutMs: number,
  annotations: readonly Annotation[],
): string | undefined {
  if (result.status !== 'timedOut') return undefined;
  const limited = annotations
    .filter((a) => a.type === RATE_LIMITED)
    .map((a) => a.description)
    .join('; ');
  return (
    `${UNAVAILABLE_TAG} the test ran out of its ${seconds(timeoutMs)} time-out after ${seconds(result.duration)}` +
    `${limited ? ` (${limited})` : ''}, with no rule violation seen. A test that runs out of time says nothing about conformance: ` +
    "the target was too slow or too rate-limited for it; set PG_MAX_RPS a little under the target's limit, or run when it is quieter"
  );
}
