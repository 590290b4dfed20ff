import { expect, test } from '@playwright/test';
import { findingDetail, messageDetails } from './failure-details.js';

test('a finding is shown field by field, each text redacted of the configured keys once more', () => {
  const redact = (text: string) => text.replaceAll('k3y', '[REDACTED]');
  expect(
    findingDetail(
      {
        ruleId: 'TOK-8',
        operations: ['tokenize'],
        expected: 'first four and last six digits',
        found: 'card_number hides 4 digits with x, expected 6 (k3y)',
        exchanges: ['Sent: POST http://127.0.0.1:4010/pg/tokenize\nReceived: HTTP 200'],
        reproduce: [`curl -sS -X POST -u ":k3y" 'http://127.0.0.1:4010/pg/tokenize'`],
      },
      redact,
    ),
  ).toEqual({
    ruleId: 'TOK-8',
    operations: ['tokenize'],
    expected: 'first four and last six digits',
    found: 'card_number hides 4 digits with x, expected 6 ([REDACTED])',
    exchanges: ['Sent: POST http://127.0.0.1:4010/pg/tokenize\nReceived: HTTP 200'],
    reproduce: [`curl -sS -X POST -u ":[REDACTED]" 'http://127.0.0.1:4010/pg/tokenize'`],
  });
});

test('a failure without a finding keeps its message, cut to forty lines', () => {
  expect(messageDetails('Error: boom\n  at x')).toEqual([
    { exchanges: [], reproduce: [], message: 'Error: boom\n  at x' },
  ]);
  const long = Array.from({ length: 50 }, (_, i) => `line ${i}`).join('\n');
  expect(messageDetails(long)[0]?.message?.split('\n')).toHaveLength(41);
  expect(messageDetails('')).toEqual([]);
});
