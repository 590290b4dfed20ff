import { expect, test } from '../../testing/fixtures.js';
import { Redactor } from '../../evidence/redact.js';
import { TestRecorder } from '../../evidence/test-record.js';
import { messageFailures, outOfTime } from './rule-outcomes.js';

test('a test that ran out of time is target unavailable, with how long it had, how long it ran and its 429s', () => {
  const record = new TestRecorder(new Redactor([]));
  record.rateLimited({ answers: 14, waitedMs: 11_400 }, []);
  expect(record.recorded.rateLimited).toBe('14 answers HTTP 429, 11.4 s waited');
  const text = outOfTime({ status: 'timedOut', duration: 90_250 }, 90_000, record.recorded.rateLimited);
  expect(text).toContain('ran out of its 90 s time-out after 90.3 s (14 answers HTTP 429, 11.4 s waited)');
  record.rateLimited({ answers: 15, waitedMs: 12_400 }, [{ scope: 'pg', perSecond: 5 }]);
  expect(record.recorded.rateLimited).toBe(
    '15 answers HTTP 429, 12.4 s waited; limit learned: /pg/ 5 requests a second',
  );
});

test('only a time-out is read as a budget; a client that met no 429 records none', () => {
  expect(outOfTime({ status: 'failed', duration: 10 }, 90_000, undefined)).toBeUndefined();
  expect(outOfTime({ status: 'passed', duration: 10 }, 90_000, undefined)).toBeUndefined();
  const record = new TestRecorder(new Redactor([]));
  record.rateLimited({ answers: 0, waitedMs: 0 }, []);
  expect(record.recorded.rateLimited).toBeUndefined();
});

test('a failure without a finding keeps its message, cut to forty lines', () => {
  expect(messageFailures('Error: boom\n  at x')).toEqual([
    { exchanges: [], reproduce: [], message: 'Error: boom\n  at x' },
  ]);
  const long = Array.from({ length: 50 }, (_, i) => `line ${i}`).join('\n');
  expect(messageFailures(long)[0]?.message.split('\n')).toHaveLength(41);
  expect(messageFailures('')).toEqual([]);
});
