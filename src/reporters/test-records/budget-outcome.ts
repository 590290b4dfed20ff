import type { TestResult } from '@playwright/test/reporter';
import { annotation, seconds, type Annotation } from '../../evidence/annotations.js';

type RateLimited = { answers: number; waitedMs: number };
type LearnedLimit = { scope: string; perSecond: number };

/**
 * Records a test's 429s so far, when it met any, so a report can say what its time went on: called at each
 * one, as a test that runs out of time may never get to its fixtures' teardown; one annotation, kept current.
 */
export function rateLimitAnnotation(
  client: { rateLimited: RateLimited; learnedLimits?: () => LearnedLimit[] },
  annotations: Annotation[],
): void {
  if (!client.rateLimited.answers) return;
  const written = annotation.rateLimited.write({ ...client.rateLimited, learned: client.learnedLimits?.() });
  const held = annotation.rateLimited.find(annotations);
  if (held) held.description = written.description;
  else annotations.push(written);
}

/**
 * A test that ran out of its time says nothing about the contract: the target was too slow, or rate-limited,
 * for the time the test had. Without a finding, the reporter counts it target unavailable, with this
 * sentence of the figures (how long it had, how long it ran, the 429s it met). Undefined for any other result.
 */
export function outOfTime(
  result: Pick<TestResult, 'status' | 'duration'>,
  timeoutMs: number,
  annotations: readonly Annotation[],
): string | undefined {
  if (result.status !== 'timedOut') return undefined;
  const limited = annotation.rateLimited.read(annotations).join('; ');
  return (
    `the test ran out of its ${seconds(timeoutMs)} time-out after ${seconds(result.duration)}` +
    `${limited ? ` (${limited})` : ''}, with no rule violation seen. A test that runs out of time says nothing about conformance: ` +
    'the target was too slow or too rate-limited for it (each limit the run learned is named above); PG_MAX_RPS a little under ' +
    'a limit on the whole target avoids its 429s, or run when it is quieter'
  );
}
