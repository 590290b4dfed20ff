import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { UsageError } from '../config/usage-error.js';
import { DEFAULT_TIMEOUT_MS } from './check-endpoint.js';

export const USAGE = `Usage: npm run webhook:check -- --url <notification_url> [options]

  --url <url>                      the webhook's notification_url (https://…)
  --timeout-ms <ms>                bound for each step, including the POST's answer (default ${DEFAULT_TIMEOUT_MS})
  --insecure-allow-http-loopback   accept http://localhost or http://127.0.0.1 for local testing
  --ca <pem file>                  also trust this CA certificate (a private or test CA)
  --json                           print the result as JSON

Example: npm run webhook:check -- --url https://merchant.example/webhooks/gateway`;

export type CheckArgs =
  | { help: true }
  | { help: false; url: string; timeoutMs: number; allowHttpLoopback: boolean; ca: string | undefined; json: boolean };

/**
 * Reads webhook:check's arguments (and the --ca file); throws a UsageError saying what to change. `urlOption` is
 * what the sentences call --url: npm run cutover passes its --webhook-url on as --url.
 */
export function parseCheckArgs(argv: string[], urlOption = '--url'): CheckArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        url: { type: 'string' },
        'timeout-ms': { type: 'string' },
        'insecure-allow-http-loopback': { type: 'boolean', default: false },
        ca: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (values.help) return { help: true };

  const url = values.url;
  if (!url) throw new UsageError(`${urlOption} is required`);
  if (!URL.canParse(url))
    throw new UsageError(`${urlOption} "${url}" is not an absolute URL; write it in full, with https://`);

  const timeoutMs = values['timeout-ms'] === undefined ? DEFAULT_TIMEOUT_MS : Number(values['timeout-ms']);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 120_000)
    throw new UsageError('--timeout-ms must be a whole number of milliseconds, 1 to 120000');

  let ca: string | undefined;
  if (values.ca !== undefined) {
    try {
      ca = readFileSync(values.ca, 'utf8');
    } catch (err) {
      throw new UsageError(
        `--ca: cannot read ${values.ca} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); ` +
          `give the path of a PEM certificate file`,
      );
    }
    if (!ca.includes('-----BEGIN CERTIFICATE-----'))
      throw new UsageError(`--ca: ${values.ca} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
  }
  return {
    help: false,
    url,
    timeoutMs,
    allowHttpLoopback: values['insecure-allow-http-loopback'],
    ca,
    json: values.json,
  };
}
