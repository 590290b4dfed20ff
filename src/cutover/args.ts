import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { UsageError } from '../config/usage-error.js';
import { refusedArgument, type ArgumentOptions } from '../cli/refused-argument.js';
import { parseCheckArgs } from '../webhook-check/check-args.js';

export type CutoverArgs =
  | { help: true }
  | {
      help: false;
      sandbox: string;
      webhook: { url: string; timeoutMs: number; allowHttpLoopback: boolean; ca: string | undefined };
    };

export const CUTOVER_USAGE = `Usage: npm run cutover -- --sandbox <conformance.json> --webhook-url <notification_url> [options]

Runs the production profile (read-only unless PG_ALLOW_WRITES=1) with the production configuration from
the environment (or .env), checks the merchant's webhook endpoint as npm run webhook:check does, and
compares production with the sandbox run it replaces. Writes reports/cutover.md, .html and .json;
production's own reports go to reports/production/.

  --sandbox <file>                 the signed-off sandbox run's conformance.json (or PG_BASELINE=<file>)
  --webhook-url <url>              the merchant's notification_url (https://…)
  --ca <pem file>                  also trust this CA for the webhook endpoint (a private or test CA)
  --timeout-ms <ms>                bound for each webhook check step
  --insecure-allow-http-loopback   accept an http://127.0.0.1 endpoint, for local testing only
  -h, --help                       this text

Environment: PG_TARGET=production (or unset), PG_BASE_URL, PG_MERCHANT_ID, PG_API_KEY, and as for any run
PG_VENDOR_ID, PG_VENDOR_API_KEY, PG_WEBHOOK_ID, PG_PROFILE_ID, PG_LOC_ID, PG_USER_ID, PG_ALLOW_WRITES,
PG_WORKERS, PG_IN_FLIGHT, PG_MAX_RPS, PG_REPORTS_DIR, PG_RESULTS_DIR (both made and written to
before production is sent anything: exit 2 if they cannot be).

Exit codes:
  0  ready: production exercised everything the sandbox run signed off (or cannot judge it by design,
     listed), shows no difference a client could feel, and the webhook endpoint passes
  1  differences (each listed in plain words), or the webhook endpoint fails
  2  configuration: bad options or variables, an unreadable sandbox report, a reports folder that cannot
     be written; nothing compared
  3  production unavailable: infrastructure trouble stopped checks, no difference seen otherwise
  4  not fully exercised on production: no difference seen, but an operation was never called there or a
     rule the sandbox signed off was not exercised (PG_ALLOW_WRITES=1, vendor credentials, PG_WEBHOOK_ID)`;

const OPTIONS = {
  sandbox: { type: 'string' },
  'webhook-url': { type: 'string' },
  ca: { type: 'string' },
  'timeout-ms': { type: 'string' },
  'insecure-allow-http-loopback': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const satisfies ArgumentOptions;

/** Reads `npm run cutover`'s arguments; the webhook options are checked by webhook:check's own parser. */
export function parseCutoverArgs(argv: string[], env: NodeJS.ProcessEnv): CutoverArgs {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (error) {
    const refused = refusedArgument(argv, OPTIONS);
    if (!refused) throw error;
    throw new UsageError(`${refused} of npm run cutover; npm run cutover -- --help lists the options.`);
  }
  if (values.help) return { help: true };
  const sandbox = values.sandbox ?? (env.PG_BASELINE || undefined);
  if (!sandbox)
    throw new UsageError(
      '--sandbox is required: the conformance.json of the sandbox run production is compared with (or PG_BASELINE)',
    );
  if (!values['webhook-url'])
    throw new UsageError(
      "--webhook-url is required: the merchant's notification_url, checked as the gateway will deliver to it",
    );
  const check = [
    '--url',
    values['webhook-url'],
    ...(values.ca ? ['--ca', values.ca] : []),
    ...(values['timeout-ms'] ? ['--timeout-ms', values['timeout-ms']] : []),
    ...(values['insecure-allow-http-loopback'] ? ['--insecure-allow-http-loopback'] : []),
  ];
  // webhook:check's parser throws the same UsageError, its sentence naming --webhook-url.
  const webhook = parseCheckArgs(check, '--webhook-url');
  if (webhook.help) return { help: true };
  const { help: _help, json: _json, ...options } = webhook;
  return { help: false, sandbox: resolve(sandbox), webhook: options };
}
