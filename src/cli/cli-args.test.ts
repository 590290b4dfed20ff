import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { parseConformanceArgs, ruleGrep, UsageError } from './cli-args.js';

const CATALOGUE = ['AUTH-1', 'TOK-1', 'TOK-8', 'TOK-9', 'TOK-10'];
const parse = (argv: string[], env: NodeJS.ProcessEnv = {}) => parseConformanceArgs(argv, env, () => CATALOGUE);
const grepOf = (argv: string[], env: NodeJS.ProcessEnv = {}) => {
  const args = parse(argv, env);
  if (args.help) throw new Error('help');
  const grep = args.playwright.find((a) => a.startsWith('--grep='))!.slice('--grep='.length);
  return new RegExp(grep.slice(1, -1));
};

test('--rule TOK-1 selects the tests tagged @TOK-1 and not those of TOK-10', () => {
  const grep = grepOf(['--rule', 'TOK-1']);
  // Playwright matches the grep against the title path joined with the tags.
  expect(grep.test('tokenize.spec.ts new cards TOK-1: a request without card_id @TOK-1')).toBe(true);
  expect(grep.test('properties formats TOK-1 TOK-3: well-formed exp_date @TOK-1 @TOK-3')).toBe(true);
  expect(grep.test('tokenize.spec.ts TOK-10: vendor key @TOK-10')).toBe(false);
  expect(grep.test('a title that names TOK-1 without the tag @TOK-10')).toBe(false);
});

test('rules repeat or come as a comma list, in any case, and PG_RULES names them without the flag', () => {
  expect(parse(['--rule', 'TOK-8', '--rule=tok-9'])).toMatchObject({
    rules: ['TOK-8', 'TOK-9'],
    playwright: [`--grep=${ruleGrep(['TOK-8', 'TOK-9'])}`],
  });
  expect(parse(['--rule', 'TOK-8, TOK-9'])).toMatchObject({ rules: ['TOK-8', 'TOK-9'] });
  expect(parse([], { PG_RULES: 'AUTH-1' })).toMatchObject({ rules: ['AUTH-1'] });
  expect(parse(['--rule', 'TOK-8'], { PG_RULES: 'AUTH-1' })).toMatchObject({ rules: ['TOK-8'] });
  expect(parse([])).toMatchObject({ rules: [], playwright: [] });
});

test('an unknown rule is refused with the rules of its family', () => {
  expect(() => parse(['--rule', 'TOK-99'])).toThrow(
    /--rule TOK-99: no such rule in spec\/rules.yaml; its family has TOK-1, TOK-8, TOK-9, TOK-10/,
  );
  expect(() => parse(['--rule', 'masking'])).toThrow(/rules are named like TOK-8 \(AUTH, TOK\)/);
  expect(() => parse(['--rule'])).toThrow(/--rule needs a value/);
  expect(() => parse(['--rule', ','])).toThrow(/--rule needs a rule ID/);
});

test('Playwright options that keep their meaning pass through, normalised to --name=value', () => {
  expect(
    parse(['--shard', '1/2', '-j', '1', '--workers=2', '-x', '--retries', '1', '--trace=on', 'tests/auth.spec.ts']),
  ).toMatchObject({
    rules: [],
    list: false,
    playwright: ['--shard=1/2', '--workers=1', '--workers=2', '-x', '--retries=1', '--trace=on', 'tests/auth.spec.ts'],
  });
  expect(parse(['-g', 'AUTH', '--list'])).toMatchObject({ list: true, playwright: ['--grep=AUTH', '--list'] });
});

test("--baseline is the suite's own, as before", () => {
  expect(parse(['--baseline', 'last/conformance.json', '--rule', 'TOK-8'])).toMatchObject({
    baseline: resolve('last/conformance.json'),
    rules: ['TOK-8'],
  });
  expect(() => parse(['--baseline'])).toThrow(UsageError);
});

test('an unknown option, or one that would change what the suite is, is a usage error with a sentence', () => {
  expect(() => parse(['--rulez', 'TOK-8'])).toThrow(
    '--rulez is not an option of npm run conformance; npm run conformance -- --help lists them.',
  );
  expect(() => parse(['--headed'])).toThrow(/--headed is not an option/);
  expect(() => parse(['--reporter=dot'])).toThrow(/--reporter is not available here: .*PG_BLOB_REPORT=1/);
  expect(() => parse(['--config', 'other.config.ts'])).toThrow(/--config is not available here/);
  expect(() => parse(['--workers'])).toThrow(/--workers needs a value/);
});

test("a malformed value of a pass-through option is a usage error with a sentence, not Playwright's stack trace", () => {
  expect(() => parse(['--workers=abc'])).toThrow(
    '--workers takes a whole number of workers from 1, or a share of the cores such as 50% (PG_WORKERS sets it too); got "abc".',
  );
  expect(() => parse(['--shard=3/2'])).toThrow(
    '--shard takes i/n, the shard and how many there are, with 1 ≤ i ≤ n (e.g. --shard=1/2); got "3/2".',
  );
  expect(() => parse(['--retries', 'two'])).toThrow(/--retries takes a whole number/);
  expect(() => parse(['--timeout=30s'])).toThrow(/--timeout takes a whole number of milliseconds/);
  expect(parse(['-j', '50%', '--shard=2/2', '--max-failures=0'])).toMatchObject({
    playwright: ['--workers=50%', '--shard=2/2', '--max-failures=0'],
  });
});

test('--rule with a test filter is refused: the rule would be judged on part of its tests', () => {
  expect(() => parse(['--rule', 'TOK-8', '--grep', 'masking'])).toThrow(/cannot be combined with --grep/);
  expect(() => parse(['--rule', 'TOK-8', 'tests/tokenize.spec.ts'])).toThrow(
    /cannot be combined with a test-file filter/,
  );
  expect(parse(['--rule', 'TOK-8', '--shard=1/2'])).toMatchObject({ rules: ['TOK-8'] });
});

test('-h and --help ask for the help, wherever they stand', () => {
  expect(parse(['--help'])).toEqual({ help: true });
  expect(parse(['--rule', 'TOK-8', '-h'])).toEqual({ help: true });
});

test('--list-rules and --version print and run nothing; --rule narrows the list', () => {
  expect(parse(['--list-rules'])).toMatchObject({ listRules: 'text', version: false, playwright: [] });
  expect(parse(['--list-rules', '--json'])).toMatchObject({ listRules: 'json' });
  expect(parse(['--list-rules', '--rule', 'TOK-8'])).toMatchObject({ listRules: 'text', rules: ['TOK-8'] });
  expect(parse(['--version'])).toMatchObject({ version: true, listRules: false });
  expect(parse([])).toMatchObject({ version: false, listRules: false });
});

test('--list-rules and --version refuse what would mean nothing with them', () => {
  expect(() => parse(['--json'])).toThrow('--json goes with --list-rules');
  expect(() => parse(['--list-rules', '--shard=1/2'])).toThrow(
    '--list-rules runs no test, so --shard means nothing with it',
  );
  expect(() => parse(['--version', '--list-rules'])).toThrow('ask for one at a time');
  expect(() => parse(['--version', '--rule', 'TOK-8'])).toThrow('--version takes no --rule');
  expect(() => parse(['--version=1'])).toThrow('--version takes no value');
});

test("--no-known-deviations and --record-known are the suite's own, never passed to Playwright, and exclude each other", () => {
  expect(parse([])).toMatchObject({ knownDeviations: true, recordKnown: false, playwright: [] });
  expect(parse(['--no-known-deviations'])).toMatchObject({
    knownDeviations: false,
    recordKnown: false,
    playwright: [],
  });
  expect(parse(['--record-known', '--rule', 'TOK-8'])).toMatchObject({
    knownDeviations: true,
    recordKnown: true,
    rules: ['TOK-8'],
  });
  expect(() => parse(['--record-known', '--no-known-deviations'])).toThrow(/use one of them/);
  expect(() => parse(['--record-known=yes'])).toThrow(UsageError);
});
