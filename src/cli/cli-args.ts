import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { UsageError } from '../config/usage-error.js';

export type ConformanceArgs =
  | { help: true }
  | {
      help: false;
      baseline?: string;
      /** Rule IDs of `--rule` / PG_RULES, upper-case, in catalogue form; empty = every rule. */
      rules: string[];
      /** `--list`: Playwright lists the tests and runs none; no report is written. */
      list: boolean;
      /** False with `--no-known-deviations`: the known-deviations file is ignored for this run. */
      knownDeviations: boolean;
      /** `--record-known`: each failure of the run is written into the known-deviations file. */
      recordKnown: boolean;
      /** What goes to `playwright test`, the exact grep of `--rule` included. */
      playwright: string[];
      /** `--list-rules` (`--json`): print the catalogue against the configured target; nothing runs. */
      listRules: false | 'text' | 'json';
      /** `--version`: the package, the catalogue and the spec's hashes; nothing runs. */
      version: boolean;
    };

/**
 * The suite's own options, read by `parseArgs` with Playwright's beside them. `--baseline` is made absolute
 * because the reporter may run in another working directory.
 */
const OWN_OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  rule: { type: 'string', multiple: true },
  baseline: { type: 'string' },
  'list-rules': { type: 'boolean' },
  json: { type: 'boolean' },
  version: { type: 'boolean' },
  'no-known-deviations': { type: 'boolean' },
  'record-known': { type: 'boolean' },
} as const;

/**
 * Playwright's options that keep their meaning under this command, declared so their values are read and
 * checked here. The rest (a browser, a UI, another config, another reporter) would change what the suite is,
 * or lose its report and verdict: refused.
 */
const PASS_THROUGH = {
  shard: { type: 'string' },
  workers: { type: 'string', short: 'j' },
  grep: { type: 'string', short: 'g' },
  'grep-invert': { type: 'string', short: 'G' },
  list: { type: 'boolean' },
  'max-failures': { type: 'string' },
  x: { type: 'boolean', short: 'x' },
  retries: { type: 'string' },
  'repeat-each': { type: 'string' },
  timeout: { type: 'string' },
  'global-timeout': { type: 'string' },
  trace: { type: 'string' },
  'last-failed': { type: 'boolean' },
  'pass-with-no-tests': { type: 'boolean' },
  'forbid-only': { type: 'boolean' },
  'fail-on-flaky-tests': { type: 'boolean' },
  quiet: { type: 'boolean' },
  output: { type: 'string' },
} as const;

const OPTIONS = { ...OWN_OPTIONS, ...PASS_THROUGH };
type OptionName = keyof typeof OPTIONS;
const isOption = (name: string): name is OptionName => Object.hasOwn(OPTIONS, name);

const REFUSED: Record<string, string> = {
  reporter:
    "the suite's reporters write reports/ and the verdict the exit code comes from; for shards set PG_BLOB_REPORT=1 instead",
  'add-reporter': "the suite's reporters write reports/ and the verdict; add nothing to them here",
  config: 'the suite runs with its own playwright.config.ts; choose the target with PG_TARGET and PG_BASE_URL',
  project: 'the suite has one project',
};

/**
 * Values Playwright would otherwise refuse with a stack trace and exit 1 (the code of NON-CONFORMANT):
 * checked here, so a mistyped value is a sentence and exit 2 like any other mistake on the command line.
 */
const WHOLE = /^[0-9]+$/;
const VALUE_PROBLEM: Partial<Record<OptionName, (value: string) => string | undefined>> = {
  shard: (v) => {
    const m = /^([0-9]+)\/([0-9]+)$/.exec(v);
    return m && Number(m[1]) >= 1 && Number(m[1]) <= Number(m[2])
      ? undefined
      : 'takes i/n, the shard and how many there are, with 1 ≤ i ≤ n (e.g. --shard=1/2)';
  },
  workers: (v) =>
    /^[1-9][0-9]*%?$/.test(v)
      ? undefined
      : 'takes a whole number of workers from 1, or a share of the cores such as 50% (PG_WORKERS sets it too)',
  'max-failures': (v) => (WHOLE.test(v) ? undefined : 'takes a whole number of failed tests'),
  retries: (v) => (WHOLE.test(v) ? undefined : 'takes a whole number of retries'),
  'repeat-each': (v) => (/^[1-9][0-9]*$/.test(v) ? undefined : 'takes a whole number from 1'),
  timeout: (v) => (WHOLE.test(v) ? undefined : 'takes a whole number of milliseconds'),
  'global-timeout': (v) => (WHOLE.test(v) ? undefined : 'takes a whole number of milliseconds'),
};

/** What an option missing its value needs, where "a value" says too little. */
const NEEDS: Partial<Record<OptionName, string>> = {
  baseline: "--baseline needs the path of a previous run's conformance.json",
};

/** Options that pick tests by something other than their rule: with --rule, a rule would be part-checked. */
const TEST_FILTERS = ['grep', 'grep-invert', 'last-failed'] as const;

const RULE_ID = /^[A-Z]+-[0-9]+$/;

/**
 * The grep that selects exactly the tests of `rules`: each test carries its rules as tags (`@TOK-8`), and
 * Playwright matches the grep against title and tags; the boundary keeps `@TOK-1` from matching `@TOK-10`.
 * Written as /…/ so Playwright adds no `g` flag (a global RegExp keeps state between tests).
 */
export function ruleGrep(rules: string[]): string {
  return `/@(?:${rules.join('|')})(?![0-9])/`;
}

function splitRules(values: string[], known: () => string[]): string[] {
  const ids = [
    ...new Set(
      values
        .flatMap((v) => v.split(','))
        .map((v) => v.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
  if (!ids.length) throw new UsageError('--rule needs a rule ID, e.g. --rule TOK-8 (several: --rule TOK-8,TOK-9)');
  const catalogue = known();
  for (const id of ids) {
    if (catalogue.includes(id)) continue;
    const family = RULE_ID.test(id) ? catalogue.filter((r) => r.startsWith(`${id.split('-')[0]}-`)) : [];
    const hint = family.length
      ? `; its family has ${family.join(', ')}`
      : `; rules are named like TOK-8 (${[...new Set(catalogue.map((r) => r.split('-')[0]))].join(', ')})`;
    throw new UsageError(`--rule ${id}: no such rule in spec/rules.yaml${hint}`);
  }
  return ids;
}

type Token = NonNullable<ReturnType<typeof parseArgs>['tokens']>[number];

/** What goes to Playwright, in the order given; `first` names its first argument in a sentence. */
type Forwarded = { playwright: string[]; first?: string; positional: boolean };

/**
 * Walks the tokens as they were typed: `-h` ends the walk wherever it stands, and the first problem before
 * it is the one said (an unknown option or a missing value is found only in what parseArgs refused).
 * Playwright's options go on as `--name=value` (`-x` as itself), test files and all after `--` as given.
 */
function walk(tokens: Token[], args: string[]): Forwarded | 'help' {
  const out: Forwarded = { playwright: [], positional: false };
  const forward = (arg: string, shown = arg) => {
    out.playwright.push(arg);
    out.first ??= shown;
  };
  for (const token of tokens) {
    if (token.kind === 'option-terminator') {
      out.positional ||= token.index + 1 < args.length;
      for (const arg of args.slice(token.index)) forward(arg, '--');
      break;
    }
    if (token.kind === 'positional') {
      out.positional = true;
      forward(token.value);
      continue;
    }
    const { name, value } = token;
    if (name === 'help') return 'help';
    if (!isOption(name)) {
      const why = REFUSED[name];
      throw new UsageError(
        why
          ? `--${name} is not available here: ${why}.`
          : `${token.rawName} is not an option of npm run conformance; npm run conformance -- --help lists them.`,
      );
    }
    if (OPTIONS[name].type === 'boolean') {
      if (value !== undefined) throw new UsageError(`--${name} takes no value; got "${args[token.index]}".`);
      if (name in PASS_THROUGH) forward(name === 'x' ? '-x' : `--${name}`);
      continue;
    }
    // A separate value that looks like an option is the next option, not this one's value.
    if (value === undefined || (!token.inlineValue && value.startsWith('-')))
      throw new UsageError(NEEDS[name] ?? `--${name} needs a value; see npm run conformance -- --help`);
    const problem = VALUE_PROBLEM[name]?.(value);
    if (problem) throw new UsageError(`--${name} ${problem}; got "${value}".`);
    if (name in PASS_THROUGH) forward(`--${name}=${value}`, `--${name}`);
  }
  return out;
}

/**
 * Reads `npm run conformance`'s arguments: the suite's own (--help, --rule, --baseline, …) and the Playwright
 * options that pass through. `knownRules` is asked only when rules are named (it reads spec/rules.yaml).
 */
export function parseConformanceArgs(
  argv: string[],
  env: NodeJS.ProcessEnv,
  knownRules: () => string[],
): ConformanceArgs {
  // parseArgs reports a refusal only by its error code, so the tokens are read leniently and the walk names it in
  // this command's words; what the walk lets through is then read strictly for its values.
  const { tokens } = parseArgs({ args: argv, options: OPTIONS, strict: false, allowPositionals: true, tokens: true });
  const walked = walk(tokens, argv);
  if (walked === 'help') return { help: true };
  const { values } = parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: true });
  const { playwright, first, positional } = walked;
  const named = values.rule ?? (env.PG_RULES?.trim() ? [env.PG_RULES] : []); // the flag wins, as --baseline does
  const rules = named.length ? splitRules(named, knownRules) : [];
  const baselineGiven = values.baseline ?? (env.PG_BASELINE || undefined);
  const baseline = baselineGiven && resolve(baselineGiven);
  if (values.json && !values['list-rules']) {
    throw new UsageError('--json goes with --list-rules: npm run conformance -- --list-rules --json');
  }
  const printOnly = (['list-rules', 'version'] as const).filter((f) => values[f]);
  if (printOnly.length > 1)
    throw new UsageError('--list-rules and --version print one thing each; ask for one at a time.');
  if (printOnly.length && (playwright.length || baseline)) {
    const extra = first ?? '--baseline';
    const advice = 'leave it out (only --rule narrows --list-rules)';
    throw new UsageError(`--${printOnly[0]} runs no test, so ${extra} means nothing with it; ${advice}.`);
  }
  if (values.version && values.rule)
    throw new UsageError('--version takes no --rule; --list-rules --rule TOK-8 lists one rule.');
  if (rules.length) {
    const clash = TEST_FILTERS.filter((f) => values[f] !== undefined);
    if (clash.length || positional) {
      const what = clash.length ? clash.map((f) => `--${f}`).join(', ') : 'a test-file filter';
      throw new UsageError(
        `--rule selects whole rules and cannot be combined with ${what}: a rule would be judged on part of ` +
          `its tests. Run the rule alone, or use ${what} without --rule.`,
      );
    }
    playwright.unshift(`--grep=${ruleGrep(rules)}`);
  }
  if (values['no-known-deviations'] && values['record-known']) {
    throw new UsageError(
      '--record-known writes into the known-deviations file, which --no-known-deviations sets aside: use one of them.',
    );
  }
  return {
    help: false,
    baseline,
    rules,
    list: !!values.list,
    playwright,
    listRules: values['list-rules'] ? (values.json ? 'json' : 'text') : false,
    version: !!values.version,
    knownDeviations: !values['no-known-deviations'],
    recordKnown: !!values['record-known'],
  };
}

export const CONFORMANCE_HELP = `Usage: npm run conformance [-- options]

Runs the conformance suite against the gateway named by the environment (or .env) and exits by verdict.

Options of the suite:
  --rule <ID>[,<ID>…]     run exactly these rules' tests (repeatable): --rule TOK-8, --rule TOK-8,TOK-9;
                          same as PG_RULES=TOK-8. A run whose selected rules all pass exits 0:
                          "CONFORMANT for TOK-8 (1 of N rules selected)"; the other rules read "not selected"
  --baseline <file>       compare with a previous run's conformance.json (same as PG_BASELINE); a
                          "Since the baseline" section is added to the reports, the exit code is unchanged
  --list-rules            print the rule catalogue and run nothing: each rule's ID, section and sentence,
                          black-box or needing the mock's control API, whether it writes, and whether it is
                          checkable on the configured target (PG_TARGET and the variables below) and why
                          not. Starts no mock and sends no request. With --rule, only those rules
  --list-rules --json     the same as JSON, for tools
  --version               the package version, the catalogue version (spec/rules.yaml) and the sha256 of
                          spec/openapi.yaml and of spec/rules.yaml
  --no-known-deviations   ignore known-deviations.yaml for this run (same as PG_KNOWN_DEVIATIONS=off):
                          every failure counts, as if no deviation were accepted
  --record-known          write an entry into known-deviations.yaml for each failure of the run
                          (expires in 30 days, reason blank: fill it in before the next run accepts the file)
  -h, --help              this text

Playwright options that pass through:
  --shard=<i/n>  -j, --workers=<n>  -g, --grep=<regex>  -G, --grep-invert=<regex>  --list
  --max-failures=<n>  -x  --retries=<n>  --repeat-each=<n>  --timeout=<ms>  --global-timeout=<ms>
  --trace=<mode>  --last-failed  --pass-with-no-tests  --forbid-only  --fail-on-flaky-tests  --quiet
  --output=<dir>  and test-file filters (e.g. tests/tokenize.spec.ts)
  --list prints the tests and runs none (reports/ is left as it is). A run narrowed by --grep, a file or
  --last-failed misses rules and ends INCOMPLETE (exit 1); narrow by --rule to get a verdict.
  Any other option (--reporter, --config, --project, --ui, browsers) is refused with exit 2.

Environment (see README, Configuration; .env.example):
  PG_TARGET            mock (default), sandbox or production
  PG_BASE_URL          the gateway's base URL (required for sandbox and production)
  PG_MERCHANT_ID, PG_API_KEY             merchant credentials
  PG_VENDOR_ID, PG_VENDOR_API_KEY        integrator credentials (optional)
  PG_WEBHOOK_ID        a webhook the suite may disable
  PG_PROFILE_ID, PG_LOC_ID, PG_USER_ID   the merchant's own profile, store location and user (optional)
  PG_ALLOW_WRITES      1 before anything is written in production
  PG_WORKERS           parallel workers (default 2 on the mock or a target within 50 ms, 4 on a farther one)
  PG_IN_FLIGHT         gateway requests the whole run may have in flight at once (default 2 a worker, 8 if farther)
  PG_MAX_RPS           requests a second the whole run may send (default: paced only after a 429)
  PG_SEED, PG_GENERATED_RUNS             replay generated inputs; inputs per property
  PG_BASELINE, PG_RULES                  as --baseline, --rule
  PG_KNOWN_DEVIATIONS  the known-deviations file (default known-deviations.yaml here; off ignores it)
  PG_REPORTS_DIR, PG_RESULTS_DIR, PG_BLOB_REPORT   where reports go (checked writable before any request:
                       exit 2 if not); blob reports for shards
  PG_HISTORY           the previous nights' history.json: this run is added as tonight, the result written
                       to reports/history.json and drawn on the page as a rule × night grid (docs/nightly.md)

Exit codes:
  0 CONFORMANT             every rule applicable (or selected) was exercised and passed
    CONFORMANT WITH KNOWN DEVIATIONS   the same, but for failures an unexpired entry of
                           known-deviations.yaml accepts (each named with its ticket and expiry)
  1 NON-CONFORMANT         a rule failed; also INCOMPLETE: a rule had no test run (a shard, a --grep)
  2 CONFIGURATION ERROR    bad variables or options, or a key or base URL the target refuses (no test
                           run); or a PG_WEBHOOK_ID the target does not know (seen at its first disable)
  3 TARGET UNAVAILABLE     infrastructure trouble stopped checks; nothing failed on the contract
  4 NOT FULLY EXERCISED    nothing failed, but a rule judged nothing, an operation was never served, or
                           a rule was skipped for want of a variable (named in the summary)

Run one rule:
  npm run conformance -- --rule TOK-8
  npm run conformance -- --rule TOK-8 --list      # which tests that is, without running them
  npm run conformance -- --list-rules --rule TOK-8  # the rule itself, and whether it is checkable here`;
