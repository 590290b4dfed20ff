import dotenv from 'dotenv';
import { knownDeviationsSource, OFF } from '../known-deviations/source.js';
import { CONFORMANCE_HELP, parseConformanceArgs, type ConformanceArgs } from './cli-args.js';
import { exitOnConfiguration } from '../config/configuration-exit.js';
import { UsageError } from '../config/usage-error.js';

/**
 * What scripts/conformance.ts acts on: `listRules` and `version` print and exit, nothing run; with `recordKnown`
 * the reporter writes the entries; `rules` narrow --list-rules too.
 */
export type RunArgs = Pick<
  Extract<ConformanceArgs, { help: false }>,
  'list' | 'playwright' | 'listRules' | 'version' | 'recordKnown' | 'rules'
>;

const namesRules = (argv: string[], env: NodeJS.ProcessEnv) =>
  !!env.PG_RULES?.trim() || argv.some((a) => a === '--rule' || a.startsWith('--rule='));

/**
 * The command line of `npm run conformance`, applied: prints --help (exit 0) or a usage error (exit 2), and
 * hands what the reporter needs (baseline, selected rules) to the Playwright child through the environment.
 * The catalogue is read only when rules are named: this process starts before every run.
 */
export async function conformanceArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<RunArgs> {
  dotenv.config({ quiet: true, processEnv: env as Record<string, string> }); // PG_RULES and PG_BASELINE may come from .env
  const ids = namesRules(argv, env) ? (await import('../catalogue/rules.js')).loadRules().map((r) => r.id) : [];
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
  if (!args.knownDeviations) env.PG_KNOWN_DEVIATIONS = OFF;
  const known = knownDeviationsSource(env);
  if (args.recordKnown && !known.use) {
    exitOnConfiguration('Conformance', [
      `--record-known writes into the known-deviations file, but PG_KNOWN_DEVIATIONS=${OFF} sets it aside; unset it or name a file`,
    ]);
  }
  // The child reads the same file wherever it runs, and records only when asked to by this run.
  if (known.use && known.named) env.PG_KNOWN_DEVIATIONS = known.path;
  env.PG_RECORD_KNOWN = args.recordKnown ? '1' : '';
  // --list runs nothing: only Playwright's listing, so reports/ keeps the last run's verdict.
  const printed = { listRules: args.listRules, version: args.version, rules: args.rules };
  const playwright = args.list ? [...args.playwright, '--reporter=list'] : args.playwright;
  return { list: args.list, recordKnown: args.recordKnown, playwright, ...printed };
}
