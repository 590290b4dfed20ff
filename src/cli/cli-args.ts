import { takeBaseline } from './baseline-arg.js';

/** A mistake on the command line: exit 2 (configuration), with a sentence saying what to change. */
export class UsageError extends Error {
  override name = 'UsageError';
}

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
 * Playwright's options that keep their meaning under this command. The rest (a browser, a UI, another
 * config, another reporter) would change what the suite is, or lose its report and verdict: refused.
 */
const PASS_THROUGH: Record<string, { value: boolean; short?: string }> = {
  shard: { value: true },
  workers: { value: true, short: 'j' },
  grep: { value: true, short: 'g' },
  'grep-invert': { value: true, short: 'G' },
  list: { value: false },
  'max-failures': { value: true },
  x: { value: false, short: 'x' },
  retries: { value: true },
  'repeat-each': { value: true },
  timeout: { value: true },
  'global-timeout': { value: true },
  trace: { value: true },
  'last-failed': { value: false },
  'pass-with-no-tests': { value: false },
  'forbid-only': { value: false },
  'fail-on-flaky-tests': { value: false },
  quiet: { value: false },
  output: { value: true },
};

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
const VALUE_PROBLEM: Record<string, (value: string) => string | undefined> = {
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

/** The suite's own flags that take no value: they print something and run nothing. */
const OWN_FLAGS = {
  'list-rules': true,
  json: true,
  version: true,
  'no-known-deviations': true,
  'record-known': true,
} as const;
/** The suite's own flags that print something and run nothing. */
const PRINT_FLAGS = ['list-rules', 'version'];

/** Options that pick tests by something other than their rule: with --rule, a rule would be part-checked. */
const TEST_FILTERS = ['grep', 'grep-invert', 'last-failed', 'only-changed', 'test-list'];

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

/** Splits `--name=value` / `--name value` / `-j value`; `undefined` name means a positional argument. */
function optionOf(arg: string): { name?: string; inline?: string } {
  if (arg.startsWith('--')) {
    const eq = arg.indexOf('=');
    return eq < 0 ? { name: arg.slice(2) } : { name: arg.slice(2, eq), inline: arg.slice(eq + 1) };
  }
  if (arg.startsWith('-') && arg.length > 1) {
    const short = arg.slice(1, 2);
    const long = Object.entries(PASS_THROUGH).find(([, o]) => o.short === short)?.[0];
    if (short === 'h') return { name: 'help' };
    return { name: long ?? arg, inline: arg.length > 2 ? arg.slice(2) : undefined };
  }
  return {};
}

/**
 * Reads `npm run conformance`'s arguments: the suite's own (--help, --rule, --baseline) and the Playwright
 * options that pass through. `knownRules` is asked only when rules are named (it reads spec/rules.yaml).
 */
export function parseConformanceArgs(
  argv: string[],
  env: NodeJS.ProcessEnv,
  knownRules: () => string[],
): ConformanceArgs {
  let taken: { baseline?: string; rest: string[] };
  try {
    taken = takeBaseline(argv, env);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const ruleValues: string[] = env.PG_RULES?.trim() ? [env.PG_RULES] : [];
  const fromFlag: string[] = [];
  const playwright: string[] = [];
  const used = new Set<string>();
  const own = new Set<string>();
  let positional = false;
  const args = taken.rest;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      positional ||= i + 1 < args.length;
      playwright.push(...args.slice(i));
      break;
    }
    const { name, inline } = optionOf(arg);
    if (name === undefined) {
      positional = true;
      playwright.push(arg);
      continue;
    }
    if (name === 'help') return { help: true };
    const takeValue = () => {
      if (inline !== undefined) return inline;
      const next = args[i + 1];
      if (next === undefined || next.startsWith('-'))
        throw new UsageError(`--${name} needs a value; see npm run conformance -- --help`);
      i++;
      return next;
    };
    if (name === 'rule') {
      fromFlag.push(takeValue());
      continue;
    }
    if (name in OWN_FLAGS) {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value; got "${arg}".`);
      own.add(name);
      continue;
    }
    const option = PASS_THROUGH[name];
    if (!option) {
      const why = REFUSED[name];
      throw new UsageError(
        why
          ? `--${name} is not available here: ${why}.`
          : `${arg.split('=')[0]} is not an option of npm run conformance; npm run conformance -- --help lists them.`,
      );
    }
    used.add(name);
    if (!option.value) {
      playwright.push(name === 'x' ? '-x' : `--${name}`);
      continue;
    }
    const value = takeValue();
    const problem = VALUE_PROBLEM[name]?.(value);
    if (problem) throw new UsageError(`--${name} ${problem}; got "${value}".`);
    playwright.push(`--${name}=${value}`);
  }
  const named = fromFlag.length ? fromFlag : ruleValues; // the flag wins over PG_RULES, as --baseline does
  const rules = named.length ? splitRules(named, knownRules) : [];
  if (own.has('json') && !own.has('list-rules')) {
    throw new UsageError('--json goes with --list-rules: npm run conformance -- --list-rules --json');
  }
  const printOnly = [...own].filter((f) => PRINT_FLAGS.includes(f));
  if (printOnly.length > 1)
    throw new UsageError('--list-rules and --version print one thing each; ask for one at a time.');
  if (printOnly.length && (playwright.length || taken.baseline)) {
    const extra = playwright.length ? (playwright[0]!.split('=')[0] ?? '') : '--baseline';
    const advice = 'leave it out (only --rule narrows --list-rules)';
    throw new UsageError(`--${printOnly[0]} runs no test, so ${extra} means nothing with it; ${advice}.`);
  }
  if (own.has('version') && fromFlag.length)
    throw new UsageError('--version takes no --rule; --list-rules --rule TOK-8 lists one rule.');
  if (rules.length) {
    const clash = TEST_FILTERS.filter((f) => used.has(f));
    if (clash.length || positional) {
      const what = clash.length ? clash.map((f) => `--${f}`).join(', ') : 'a test-file filter';
      throw new UsageError(
        `--rule selects whole rules and cannot be combined with ${what}: a rule would be judged on part of ` +
          `its tests. Run the rule alone, or use ${what} without --rule.`,
      );
    }
    playwright.unshift(`--grep=${ruleGrep(rules)}`);
  }
  if (own.has('no-known-deviations') && own.has('record-known')) {
    throw new UsageError(
      '--record-known writes into the known-deviations file, which --no-known-deviations sets aside: use one of them.',
    );
  }
  const knownDeviations = !own.has('no-known-deviations');
  const recordKnown = own.has('record-known');
  const listRules = own.has('list-rules') ? (own.has('json') ? 'json' : 'text') : false;
  const version = own.has('version');
  return {
    help: false,
    baseline: taken.baseline,
    rules,
    list: used.has('list'),
    playwright,
    listRules,
    version,
    knownDeviations,
    recordKnown,
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
  PG_WORKERS, PG_MAX_RPS                 parallel workers; requests a second for the whole run
  PG_SEED, PG_GENERATED_RUNS             replay generated inputs; inputs per property
  PG_BASELINE, PG_RULES                  as --baseline, --rule
  PG_KNOWN_DEVIATIONS  the known-deviations file (default known-deviations.yaml here; off ignores it)
  PG_REPORTS_DIR, PG_RESULTS_DIR, PG_BLOB_REPORT   where reports go; blob reports for shards
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
