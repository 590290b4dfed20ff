import { writeFileSync } from 'node:fs';
import { expect, test } from '../testing/fixtures.js';
import { madeUpRecord, madeUpRule } from '../testing/made-up/records.js';
import { unchanged, type Drift } from './drift/drift.js';
import { conformancePage } from './formats/html/conformance-html.js';
import { conformanceJson } from './conformance-reporter.js';
import { conformanceJunit } from './formats/junit.js';
import { conformanceMarkdown } from './formats/markdown.js';
import { conformanceReport } from './model/conformance-report.js';
import { ruleOutcomes, verdictOf } from './model/rule-outcomes.js';
import { RunWideRecords } from './model/run-wide-records.js';

/**
 * A repeated pg_id from the tests' records to every format: one observation under TOK-1, built once in the
 * report, that changes no outcome and no verdict, and that a baseline compares by its value, not its count.
 */

/** Each test's successful tokenize requests, as the pg_ids they were answered with. */
function reportOf(tests: string[][], baseline?: string) {
  const runWide = new RunWideRecords();
  tests.forEach((pgIds, i) =>
    runWide.collect({
      newCards: [`card-${i}`],
      pgIds: pgIds.map((pgId) => ({ digest: `digest of ${pgId}`, shown: pgId })),
    }),
  );
  const records = [madeUpRecord({ rules: ['TOK-1'] }), ...runWide.records()];
  const outcomes = ruleOutcomes([madeUpRule('TOK-1')], records, 'mock');
  return conformanceReport({
    target: 'mock',
    targetId: 'mock',
    started: '2026-11-26T21:00:00.000Z',
    finished: '2026-11-26T21:00:10.000Z',
    runStatus: 'passed',
    verdict: verdictOf(outcomes),
    unavailable: [],
    outcomes,
    baseline,
  });
}

const SHARED =
  '2 of 3 successful tokenize requests were answered with a pg_id another of them got too (1 pg_id, e.g. pg_1 to 2)';

test('distinct requests answered with one pg_id: an observation under TOK-1, with its count, and the same verdict', () => {
  const unique = reportOf([['pg_1'], ['pg_2']]);
  const repeated = reportOf([['pg_1'], ['pg_1', 'pg_2']]);
  expect(unique.rules[0]!.observations).toEqual([]);
  expect(repeated.verdict).toBe('CONFORMANT');
  expect(repeated.verdict).toBe(unique.verdict);
  expect(repeated.rules[0]!.status).toBe(unique.rules[0]!.status);
  expect(repeated.rules[0]!.observations).toEqual([
    {
      kind: 'repeated-pg-id',
      subject: 'tokenize',
      value: 'some pg_ids for more than one tokenization',
      count: 2,
      text: expect.stringContaining(SHARED),
    },
  ]);
});

test('every format writes the observation from the report, and none without it', () => {
  const repeated = reportOf([['pg_1'], ['pg_1', 'pg_2']]);
  const unique = reportOf([['pg_1'], ['pg_2']]);
  const json = JSON.parse(conformanceJson(repeated)) as typeof repeated;
  expect(json.rules[0]!.observations[0]).toMatchObject({ kind: 'repeated-pg-id', count: 2 });
  expect(conformanceMarkdown(repeated)).toContain(`- TOK-1: ${SHARED}`);
  expect(conformancePage(repeated)).toContain(SHARED);
  expect(conformanceJunit(repeated)).toContain(`Observed: ${SHARED}`);
  for (const written of [conformanceJson(unique), conformanceMarkdown(unique), conformancePage(unique)])
    expect(written).not.toMatch(/repeated-pg-id|another of them got too/);
  expect(conformanceJunit(unique)).not.toContain('Observed:');
});

test('against a baseline the observation appears or goes; a run that repeated more pg_ids is no change', ({}, testInfo) => {
  const baselineOf = (tests: string[][]) => {
    const path = testInfo.outputPath(`baseline-${tests.flat().join('-')}.json`);
    writeFileSync(path, conformanceJson(reportOf(tests)));
    return path;
  };
  const appeared = reportOf([['pg_1'], ['pg_1', 'pg_2']], baselineOf([['pg_1'], ['pg_2']])).drift as Drift;
  expect(appeared.appeared).toEqual([
    { what: 'TOK-1 repeated-pg-id (tokenize)', from: [], to: ['some pg_ids for more than one tokenization'] },
  ]);
  const gone = reportOf([['pg_1'], ['pg_2']], baselineOf([['pg_1'], ['pg_1', 'pg_2']])).drift as Drift;
  expect(gone.disappeared).toHaveLength(1);
  const busier = reportOf(
    [
      ['pg_1', 'pg_2'],
      ['pg_1', 'pg_2'],
    ],
    baselineOf([['pg_1'], ['pg_1', 'pg_2']]),
  );
  expect(busier.rules[0]!.observations[0]!.count).toBe(4);
  expect(unchanged(busier.drift as Drift)).toBe(true);
  const everyOne = reportOf([['pg_1'], ['pg_1']], baselineOf([['pg_1'], ['pg_1', 'pg_2']])).drift as Drift;
  expect(everyOne.changedValue).toEqual([
    {
      what: 'TOK-1 repeated-pg-id (tokenize)',
      from: ['some pg_ids for more than one tokenization'],
      to: ['one pg_id for every tokenization'],
    },
  ]);
});
