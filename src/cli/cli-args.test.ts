import { resolve } from 'node:path';
import { expect, test } from '../testing/fixtures.js';
import { UsageError } from '../config/usage-error.js';
import { parseConformanceArgs, ruleGrep } from './cli-args.js';

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

test('--baseline and its path are taken out; every other argument goes to Playwright in order', () => {
  expect(parse(['--shard=1/2', '--baseline', 'last/conformance.json', '-g', 'AUTH'])).toMatchObject({
    baseline: resolve('last/conformance.json'),
    playwright: ['--shard=1/2', '--grep=AUTH'],
  });
  expect(parse(['--baseline=b.json'])).toMatchObject({ baseline: resolve('b.json'), playwright: [] });
});

test('PG_BASELINE names the baseline without the flag; the flag wins', () => {
  expect(parse([], { PG_BASELINE: 'env.json' })).toMatchObject({ baseline: resolve('env.json') });
  expect(parse(['--baseline', 'flag.json'], { PG_BASELINE: 'env.json' })).toMatchObject({
    baseline: resolve('flag.json'),
  });
  expect(parse(['--workers=1'])).toMatchObject({ baseline: undefined, playwright: ['--workers=1'] });
});

test('--baseline without a path is refused with what it needs', () => {
  expect(() => parse(['--baseline'])).toThrow(/needs the path/);
  expect(() => parse(['--baseline', '--shard=1/2'])).toThrow(/needs the path/);
});

// What each command line hands to `playwright test`, as `--name=value` whatever form it was typed in.
const FORWARDED: [string[], string[]][] = [
  [[], []],
  [['--shard', '1/2'], ['--shard=1/2']],
  [['-j', '3'], ['--workers=3']],
  [['-j3'], ['--workers=3']],
  [
    ['--workers=1', '-j', '2'],
    ['--workers=1', '--workers=2'],
  ],
  [['-gAUTH'], ['--grep=AUTH']],
  [['--grep=a=b'], ['--grep=a=b']],
  [['--grep=-5'], ['--grep=-5']],
  [['-G', 'x'], ['--grep-invert=x']],
  [['--x'], ['-x']],
  [['-xj1'], ['-x', '--workers=1']],
  [
    ['--max-failures', '0', '--retries=2', '--repeat-each', '3'],
    ['--max-failures=0', '--retries=2', '--repeat-each=3'],
  ],
  [
    ['--timeout=1000', '--global-timeout', '60000'],
    ['--timeout=1000', '--global-timeout=60000'],
  ],
  [
    ['--last-failed', '--pass-with-no-tests', '--forbid-only'],
    ['--last-failed', '--pass-with-no-tests', '--forbid-only'],
  ],
  [
    ['--fail-on-flaky-tests', '--quiet', '--output', 'out'],
    ['--fail-on-flaky-tests', '--quiet', '--output=out'],
  ],
  [['--output=-'], ['--output=-']],
  [
    ['tests/auth.spec.ts', '--list', 'tests/vault.spec.ts:12'],
    ['tests/auth.spec.ts', '--list', 'tests/vault.spec.ts:12'],
  ],
  [
    ['--', 'tests/auth.spec.ts'],
    ['--', 'tests/auth.spec.ts'],
  ],
  [
    ['--list', '--', '--weird'],
    ['--list', '--', '--weird'],
  ],
  [['--'], ['--']],
  [['-'], ['-']],
  [
    ['--rule=TOK-8', '--list'],
    [`--grep=${ruleGrep(['TOK-8'])}`, '--list'],
  ],
  [
    ['--rule', 'TOK-8', '--'],
    [`--grep=${ruleGrep(['TOK-8'])}`, '--'],
  ],
  [
    ['--rule', 'tok-8,TOK-9', '-j', '1', '--shard=1/2'],
    [`--grep=${ruleGrep(['TOK-8', 'TOK-9'])}`, '--workers=1', '--shard=1/2'],
  ],
  [['--baseline', 'b.json', '--no-known-deviations', '--list'], ['--list']],
  [['--record-known', '-x'], ['-x']],
  [['--list-rules', '--rule', 'TOK-8'], [`--grep=${ruleGrep(['TOK-8'])}`]],
];

test('what goes to Playwright, option by option', () => {
  for (const [argv, playwright] of FORWARDED) expect(parse(argv), argv.join(' ')).toMatchObject({ playwright });
});

test('parseArgs reads the command line: a value that looks like an option is none, a flag takes no value', () => {
  expect(() => parse(['--grep', '-5'])).toThrow('--grep needs a value; see npm run conformance -- --help');
  expect(() => parse(['-j', '-1'])).toThrow('--workers needs a value');
  expect(() => parse(['--workers=-1'])).toThrow('--workers takes a whole number of workers from 1');
  expect(() => parse(['--list=1'])).toThrow('--list takes no value; got "--list=1".');
  expect(() => parse(['-qfoo'])).toThrow('-q is not an option of npm run conformance');
  expect(() => parse(['-c', 'x'])).toThrow('-c is not an option of npm run conformance');
  expect(() => parse(['--project=p'])).toThrow('--project is not available here: the suite has one project.');
  expect(() => parse(['--only-changed'])).toThrow('--only-changed is not an option');
});

test('the first mistake in the order typed is the one said, unless -h comes before it', () => {
  expect(() => parse(['--workers=abc', '--bogus'])).toThrow('--workers takes a whole number');
  expect(() => parse(['--bogus', '--workers=abc'])).toThrow('--bogus is not an option');
  expect(() => parse(['--workers', '--bogus'])).toThrow('--workers needs a value');
  expect(() => parse(['--bogus', '-h'])).toThrow('--bogus is not an option');
  expect(parse(['-h', '--bogus'])).toEqual({ help: true });
  expect(parse(['-h', '--workers=abc'])).toEqual({ help: true });
  expect(parse(['-hx'])).toEqual({ help: true });
});
