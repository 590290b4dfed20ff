import { expect, test } from '@playwright/test';
import { annotation } from '../../evidence/annotations.js';
import { outOfTime, rateLimitAnnotation } from './budget-outcome.js';

const RATE_LIMITED = annotation.rateLimited.type;

test('a test that ran out of time is target unavailable, with how long it had, how long it ran and its 429s', () => {
  const annotations: { type: string; description?: string }[] = [];
  rateLimitAnnotation({ rateLimited: { answers: 14, waitedMs: 11_400 } }, annotations);
  expect(annotations).toEqual([{ type: RATE_LIMITED, description: '14 answers HTTP 429, 11.4 s waited' }]);
  const text = outOfTime({ status: 'timedOut', duration: 90_250 }, 90_000, annotations);
  expect(text).toContain('ran out of its 90 s time-out after 90.3 s (14 answers HTTP 429, 11.4 s waited)');
  rateLimitAnnotation({ rateLimited: { answers: 15, waitedMs: 12_400 } }, annotations);
  expect(annotations).toEqual([{ type: RATE_LIMITED, description: '15 answers HTTP 429, 12.4 s waited' }]);
});

test('only a time-out is read as a budget; a client that met no 429 adds no annotation', () => {
  expect(outOfTime({ status: 'failed', duration: 10 }, 90_000, [])).toBeUndefined();
  expect(outOfTime({ status: 'passed', duration: 10 }, 90_000, [])).toBeUndefined();
  const annotations: { type: string }[] = [];
  rateLimitAnnotation({ rateLimited: { answers: 0, waitedMs: 0 } }, annotations);
  expect(annotations).toEqual([]);
});
