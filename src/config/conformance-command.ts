import dotenv from 'dotenv';
import { CONFORMANCE_HELP, parseConformanceArgs, UsageError } from './cli-args.js';
import { exitOnConfiguration } from './configuration-exit.js';

export type RunArgs = {
  list: boolean;
  playwright: string[];
  /** `--list-rules` / `--version`: print and exit, nothing run (scripts/conformance.ts). */
  listRules: false | 'text' | 'json';
  version: boolean;
  /** The rules --rule named (empty: all); they narrow --list-rules. */
  rules: string[];
};

const namesRules = (argv: string[], env: NodeJS.ProcessEnv) => !!env.PG_RULES?.trim() || argv.some((a) => a === '--rule' || a.startsWith('--rule='));

/**
 * The command line of `npm run conformance`, applied: prints --help (exit 0) or a usage error (exit 2), and
 * hands what the reporter needs (baseline, selected rules) to the Playwright child through the environment.
 * The catalogue is read only when rules are named: this process starts before every run.
 */
export async function conformanceArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<RunArgs> {
  dotenv.config({ quiet: true, processEnv: env as Record<string, string> }); // PG_RULES and PG_BASELINE may come from .env
  const ids = namesRules(argv, env) ? (await import('../contract/rules.js')).loadRules().map((r) => r.id) : [];
  let args;
  try {
    args = parseConformanceArgs(argv, env, () => ids);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    exitOnConfiguration('Conformance', [error.message]);
  }
  if (args.help) {
    console.log(CONFORMANCE_HELP);
    process.exit(0);
  }
  if (args.baseline) env.PG_BASELINE = args.baseline; // the reporter runs in the child
  // Set even when empty: the child reads .env too, and must not take a selection this run did not grep for.
  env.PG_RULES = args.rules.join(',');
  // --list runs nothing: only Playwright's listing, so reports/ keeps the last run's verdict.
  const printed = { listRules: args.listRules, version: args.version, rules: args.rules };
  return { list: args.list, playwright: args.list ? [...args.playwright, '--reporter=list'] : args.playwright, ...printed };
}
