import { expect, test } from '@playwright/test';
import { emptyTally } from '../coverage/coverage-tally.js';
import { annotation, runWideAnnotations } from './annotations.js';
import { Redactor } from './redact.js';

test('every annotation type has a name of its own', () => {
  const names = Object.values(annotation).map((a) => a.type);
  expect(names.length).toBeGreaterThan(10);
  expect(new Set(names).size).toBe(names.length);
});

test('what a test writes, a reporter reads back; other types and unparsable texts are passed over', () => {
  const judged = { ruleId: 'VAULT-7', count: 212, what: 'card numbers in 25 records' };
  const written = [
    annotation.rule.write('TOK-1'),
    annotation.judged.write(judged),
    { type: annotation.judged.type, description: 'VAULT-7: no count here' },
    annotation.notExercised.write({ ruleId: 'VAULT-5', reason: 'the vault holds fewer than two customers' }),
    annotation.coverage.write(emptyTally()),
    annotation.runAnswers.write({ valid: 3, judged: 4 }),
    annotation.counterExample.write({ name: 'TOK-8 masking', lines: ['input: 1', 'found: 2'] }),
  ];
  expect(annotation.rule.read(written)).toEqual(['TOK-1']);
  expect(annotation.judged.read(written)).toEqual([judged]);
  expect(annotation.notExercised.read(written)).toEqual([
    { ruleId: 'VAULT-5', reason: 'the vault holds fewer than two customers' },
  ]);
  expect(annotation.coverage.read(written)).toEqual([emptyTally()]);
  expect(annotation.runAnswers.read(written)).toEqual([{ valid: 3, judged: 4 }]);
  expect(annotation.counterExample.read(written)).toEqual(['TOK-8 masking: input: 1; found: 2']);
  expect(annotation.served.read(written)).toEqual([]);
});

test('a test records run-wide figures only for what it did', () => {
  const keep = (text: string) => text;
  expect(runWideAnnotations({ newCards: [], answers: { valid: 0, judged: 0 }, pgIds: [] }, keep)).toEqual([]);
  expect(
    runWideAnnotations(
      { newCards: ['aaaa', 'bbbb'], answers: { valid: 5, judged: 6 }, pgIds: [{ digest: 'cccc', pgId: 'pg_1' }] },
      keep,
    ),
  ).toEqual([
    { type: 'run-new-cards', description: 'aaaa,bbbb' },
    { type: 'run-answers', description: '5/6' },
    { type: 'run-pg-ids', description: '[["cccc","pg_1"]]' },
  ]);
});

test('a pg_id leaves the worker redacted as the suite redacts everywhere, a long one cut, and reads back', () => {
  const redactor = new Redactor([]);
  const written = runWideAnnotations(
    {
      newCards: [],
      answers: { valid: 0, judged: 0 },
      pgIds: [
        // Digits that read as a card number: shown as the reports show a card number.
        { digest: 'd1', pgId: '4111111111111111' },
        { digest: 'd2', pgId: `pg_${'a'.repeat(60)}` },
        { digest: 'd3', pgId: 'pg_0a1b, "quoted"' },
      ],
    },
    (text) => redactor.text(text),
  );
  expect(annotation.runPgIds.read(written)).toEqual([
    [
      { digest: 'd1', shown: '[card …1111]' },
      { digest: 'd2', shown: `pg_${'a'.repeat(37)}…` },
      { digest: 'd3', shown: 'pg_0a1b, "quoted"' },
    ],
  ]);
  expect(annotation.runPgIds.read([{ type: 'run-pg-ids', description: '[["only the digest"]]' }])).toEqual([]);
});
