import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../../testing/fixtures.js';
import { nightGridHtml } from '../formats/html/night-grid-html.js';
import { NIGHTS_KEPT, nightOf, readHistory, withNight, writeHistory, type Night } from './night-history.js';
import type { ConformanceJson } from '../model/read-report.js';

const report = (started: string, statuses: Record<string, string>): ConformanceJson => ({
  target: 'sandbox',
  targetId: 'sandbox 1a2b3c4d5e6f',
  catalogue: { rules: Object.keys(statuses).length, hash: 'c0ffee000000' },
  started,
  finished: started,
  verdict: Object.values(statuses).includes('failed') ? 'NON-CONFORMANT' : 'CONFORMANT',
  rules: Object.entries(statuses).map(([id, status]) => ({
    id,
    rule: `${id}'s sentence`,
    check: 'black-box',
    status,
    tests: [],
    observations: [],
  })),
  coverage: { exercised: 88, total: 90, fields: [] },
});

const night = (date: string, statuses: Record<string, string>, known: Night['known'] = []): Night =>
  nightOf(report(`${date}T02:23:00.000Z`, statuses), known);

test("a night records its date, verdict, each rule's outcome, the coverage figure and which target and catalogue", () => {
  expect(night('2026-11-23', { 'AUTH-1': 'passed', 'TOK-8': 'failed' })).toEqual({
    date: '2026-11-23',
    started: '2026-11-23T02:23:00.000Z',
    verdict: 'NON-CONFORMANT',
    fields: { exercised: 88, total: 90 },
    rules: { 'AUTH-1': 'passed', 'TOK-8': 'failed' },
    known: [],
    targetId: 'sandbox 1a2b3c4d5e6f',
    catalogue: 'c0ffee000000',
  });
});

test('known deviations are kept with their ticket and expiry, for rules of that night only', () => {
  const mark = { rule: 'TOK-8', ticket: 'VEND-7', expires: '2026-12-20' };
  const other = { rule: 'HOOK-9', ticket: 'VEND-8', expires: '2026-12-20' };
  expect(night('2026-11-23', { 'TOK-8': 'known deviation' }, [mark, other]).known).toEqual([mark]);
});

test('tonight is added in date order, and a second run of the same day replaces the first', () => {
  const a = night('2026-11-21', { 'AUTH-1': 'passed' });
  const b = night('2026-11-22', { 'AUTH-1': 'failed' });
  const again = night('2026-11-22', { 'AUTH-1': 'passed' });
  expect(withNight([b], a).map((n) => n.date)).toEqual(['2026-11-21', '2026-11-22']);
  expect(withNight([a, b], again)).toEqual([a, again]);
});

test(`only the last ${NIGHTS_KEPT} nights are kept`, () => {
  const day = (i: number) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);
  let history: Night[] = [];
  for (let i = 0; i < NIGHTS_KEPT + 5; i++) history = withNight(history, night(day(i), { 'AUTH-1': 'passed' }));
  expect(history).toHaveLength(NIGHTS_KEPT);
  expect(history[0]!.date).toBe(day(5));
  expect(history.at(-1)!.date).toBe(day(NIGHTS_KEPT + 4));
  const lastThree = withNight(history, night(day(NIGHTS_KEPT + 5), {}), 3).map((n) => n.date);
  expect(lastThree).toEqual([day(NIGHTS_KEPT + 3), day(NIGHTS_KEPT + 4), day(NIGHTS_KEPT + 5)]);
});

test('history.json reads back as it was written', ({}, testInfo) => {
  const mark = { rule: 'AUTH-1', ticket: 'T-1', expires: '2026-12-01' };
  const nights = [
    night('2026-11-22', { 'AUTH-1': 'passed' }),
    night('2026-11-23', { 'AUTH-1': 'known deviation' }, [mark]),
  ];
  const path = writeHistory(testInfo.outputPath('reports'), nights);
  expect(path).toBe(join(testInfo.outputPath('reports'), 'history.json'));
  expect(readHistory(path)).toEqual({ nights });
});

test('a missing history starts one; a file that is not one is said and set aside, never fatal', ({}, testInfo) => {
  const none = testInfo.outputPath('none.json');
  expect(readHistory(none)).toEqual({ nights: [], note: `No history at ${none}: tonight starts one.` });
  const broken = testInfo.outputPath('broken.json');
  writeFileSync(broken, '{"verdict":"CONFORMANT"}');
  expect(readHistory(broken)).toEqual({
    nights: [],
    note: `${broken} is not a history file (no "nights" list): tonight starts a new one.`,
  });
  const mixed = testInfo.outputPath('mixed.json');
  writeFileSync(
    mixed,
    JSON.stringify({ nights: [{ date: 'yesterday' }, { date: '2026-11-22', verdict: 'CONFORMANT', rules: {} }] }),
  );
  expect(readHistory(mixed)).toMatchObject({
    nights: [{ date: '2026-11-22', known: [] }],
    note: `${mixed}: 1 record(s) that are not a night were left out.`,
  });
});

test('the grid says since when a rule fails, what is new tonight and what passes again', () => {
  const html = nightGridHtml([
    night('2026-11-21', { 'AUTH-1': 'failed', 'TOK-8': 'passed', 'VAULT-2': 'failed', 'HOOK-1': 'passed' }),
    night('2026-11-22', { 'AUTH-1': 'failed', 'TOK-8': 'failed', 'VAULT-2': 'known deviation', 'HOOK-1': 'failed' }),
    night('2026-11-23', {
      'AUTH-1': 'failed',
      'TOK-8': 'known deviation',
      'VAULT-2': 'failed',
      'HOOK-1': 'passed',
      'ERR-1': 'failed',
    }),
  ]);
  const since = (id: string) =>
    new RegExp(`<tr data-rule="${id}"><td class="id">${id}</td><td class="since[^"]*">([^<]*)</td>`).exec(html)?.[1];
  expect(since('AUTH-1')).toBe('failing since 2026-11-21 or earlier (3 nights)');
  expect(since('TOK-8')).toBe('known since 2026-11-22 (2 nights)');
  expect(since('VAULT-2')).toBe('failing since 2026-11-21 or earlier (3 nights)');
  expect(since('HOOK-1')).toBe('passes again tonight');
  expect(since('ERR-1')).toBe('failing: new tonight');
  expect(html).toContain(
    '<strong>new tonight: ERR-1; failing before tonight too: AUTH-1, TOK-8, VAULT-2; passing again: HOOK-1.</strong>',
  );
});

test('a rule a night did not judge is a blank cell, its status on hover', () => {
  const html = nightGridHtml([night('2026-11-23', { 'AUTH-1': 'not selected', 'TOK-8': 'passed' })]);
  expect(html).toContain('<td class="n-none tonight" title="AUTH-1 on 2026-11-23: not selected"></td>');
});

test('one night alone is no news, and no nights draw nothing', () => {
  const html = nightGridHtml([night('2026-11-23', { 'AUTH-1': 'failed' })]);
  expect(html).toContain('<td class="since">failing since 2026-11-23 or earlier (1 night)</td>');
  expect(html).toContain('nothing new failing tonight');
  expect(nightGridHtml([])).toBe('');
});
