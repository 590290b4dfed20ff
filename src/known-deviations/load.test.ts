import { expect, test } from '../testing/fixtures.js';
import { KnownDeviationsError, knownDeviationsProblems, parseKnownDeviations } from './load.js';

const ctx = { ruleIds: ['TOK-8', 'TOK-9', 'AUTH-1'], today: '2026-11-25' };
const FILE = 'known-deviations.yaml';

function problemsOf(text: string): string[] {
  try {
    parseKnownDeviations(text, FILE, ctx);
  } catch (error) {
    if (error instanceof KnownDeviationsError) return error.problems;
    throw error;
  }
  return [];
}

const entry = (over: Record<string, string | undefined> = {}) => {
  const fields = {
    rule: 'TOK-8',
    operation: 'tokenize',
    found: 'card_number hides 6 digits',
    reason: 'reported',
    ticket: 'VENDOR-1',
    expires: '2026-12-20',
    ...over,
  };
  return Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v], i) => `${i === 0 ? '  - ' : '    '}${k}: ${JSON.stringify(v)}`)
    .join('\n');
};
const file = (...entries: string[]) => `# accepted deviations\ndeviations:\n${entries.join('\n')}\n`;

test('a valid entry is read with its place in the file; target defaults to any', () => {
  const read = parseKnownDeviations(
    file(entry(), entry({ rule: 'TOK-9', operation: undefined, target: 'sandbox' })),
    FILE,
    ctx,
  );
  expect(read.entries).toEqual([
    {
      rule: 'TOK-8',
      operation: 'tokenize',
      found: 'card_number hides 6 digits',
      reason: 'reported',
      ticket: 'VENDOR-1',
      expires: '2026-12-20',
      target: 'any',
      index: 1,
      line: 3,
    },
    {
      rule: 'TOK-9',
      found: 'card_number hides 6 digits',
      reason: 'reported',
      ticket: 'VENDOR-1',
      expires: '2026-12-20',
      target: 'sandbox',
      index: 2,
      line: 9,
    },
  ]);
});

test('an unknown rule ID is refused naming the file, the line and the entry, with the rules of its family', () => {
  expect(problemsOf(file(entry(), entry({ rule: 'TOK-80' })))).toEqual([
    'known-deviations.yaml:9: entry 2 (TOK-80): rule TOK-80 is not in spec/rules.yaml; its family has TOK-8, TOK-9',
  ]);
});

test('an empty or blank reason is refused at its line', () => {
  expect(problemsOf(file(entry({ reason: '' })))).toEqual([
    'known-deviations.yaml:6: entry 1 (TOK-8): reason is empty: say why the deviation is accepted for now before a run accepts the file',
  ]);
  expect(problemsOf(file(entry({ reason: '   ' })))[0]).toContain(':6: entry 1 (TOK-8): reason is empty');
});

test('expires is required, a date, and at most 180 days ahead; a past date is no error (it expires)', () => {
  expect(problemsOf(file(entry({ expires: undefined })))).toEqual([
    'known-deviations.yaml:3: entry 1 (TOK-8): expires is missing: give the last day it may hide its ' +
      'failure, YYYY-MM-DD, at most 180 days ahead',
  ]);
  expect(problemsOf(file(entry({ expires: '20.12.2026' })))).toEqual([
    'known-deviations.yaml:8: entry 1 (TOK-8): expires must be a date written YYYY-MM-DD; got "20.12.2026"',
  ]);
  expect(problemsOf(file(entry({ expires: '2027-05-24' })))).toEqual([]);
  expect(problemsOf(file(entry({ expires: '2027-05-25' })))).toEqual([
    'known-deviations.yaml:8: entry 1 (TOK-8): expires 2027-05-25 is more than 180 days ahead (2027-05-24 ' +
      'at the latest): look at the deviation again by then',
  ]);
  expect(problemsOf(file(entry({ expires: '2026-01-01' })))).toEqual([]);
});

test('an unquoted date reads as the date written', () => {
  const read = parseKnownDeviations(
    'deviations:\n  - rule: TOK-8\n    operation: tokenize\n    reason: r\n    ticket: ""\n    expires: 2026-12-20\n',
    FILE,
    ctx,
  );
  expect(read.entries[0]!.expires).toBe('2026-12-20');
});

test('an entry must say which failure it hides: operation, found or both', () => {
  expect(problemsOf(file(entry({ operation: undefined, found: undefined })))).toEqual([
    'known-deviations.yaml:3: entry 1 (TOK-8): names neither operation nor found: say which failure of ' +
      'the rule it hides (the operation, a text of its Found, or both), or it would hide every failure of ' +
      'the rule',
  ]);
});

test('unknown fields, operations and targets are refused by the schema, each at its line', () => {
  expect(problemsOf(file(entry({ operation: 'refund' })))).toEqual([
    'known-deviations.yaml:4: entry 1 (TOK-8): operation must be one of tokenize, listCustomers, disableWebhook; got "refund"',
  ]);
  expect(problemsOf(file(entry({ target: 'staging' })))).toEqual([
    'known-deviations.yaml:9: entry 1 (TOK-8): target must be one of sandbox, production, any; got "staging"',
  ]);
  expect(problemsOf(file(entry({ expiry: '2026-12-01' })))).toEqual([
    'known-deviations.yaml:3: entry 1 (TOK-8): expiry is not a field of an entry (rule, operation, found, reason, ticket, expires, target)',
  ]);
});

test('every problem of the file is named at once, not only the first', () => {
  expect(problemsOf(file(entry({ reason: '' }), entry({ rule: 'AUTH-99' })))).toHaveLength(2);
});

test('a file that is not YAML, or has no deviations list, says so; an empty file accepts nothing', () => {
  expect(problemsOf('deviations:\n  - rule: [TOK-8\n')[0]).toMatch(/^known-deviations\.yaml:\d+: not YAML: /);
  expect(problemsOf('entries: []\n')).toEqual([
    'known-deviations.yaml:1: the file holds no "deviations:" list; start it with "deviations:" and one entry per deviation',
    'known-deviations.yaml:1: entries is not a field of an entry (rule, operation, found, reason, ticket, expires, target)',
  ]);
  expect(parseKnownDeviations('# nothing accepted yet\n', FILE, ctx).entries).toEqual([]);
});

test('a file PG_KNOWN_DEVIATIONS names must exist, unless --record-known is about to write it', () => {
  const missing = { path: '/nonexistent/known.yaml', named: true };
  expect(knownDeviationsProblems(missing, { ...ctx, recordKnown: false })[0]).toContain(
    'PG_KNOWN_DEVIATIONS names /nonexistent/known.yaml, which does not exist',
  );
  expect(knownDeviationsProblems(missing, { ...ctx, recordKnown: true })).toEqual([]);
  expect(knownDeviationsProblems({ ...missing, named: false }, { ...ctx, recordKnown: false })).toEqual([]);
});
