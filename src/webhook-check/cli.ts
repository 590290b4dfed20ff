import { checkEndpoint } from './check-endpoint.js';
import { UsageError } from '../config/usage-error.js';
import { parseCheckArgs, USAGE, type CheckArgs } from './check-args.js';
import { formatReport } from './format-report.js';

/**
 * `npm run webhook:check -- --url <notification_url>`: re-validates a webhook endpoint before the move to
 * production (spec section 6). Exit 0 all checks pass, 1 the endpoint fails a check, 2 usage error.
 */
let args: CheckArgs;
try {
  args = parseCheckArgs(process.argv.slice(2));
} catch (err) {
  if (!(err instanceof UsageError)) throw err;
  console.error(`webhook:check: ${err.message}\n\n${USAGE}`);
  process.exit(2);
}

if (args.help) {
  console.log(USAGE);
} else {
  const result = await checkEndpoint(args.url, args); // its url, help and json are no option of the check
  console.log(
    args.json ? JSON.stringify({ ...result, verdict: result.ok ? 'pass' : 'fail' }, null, 2) : formatReport(result),
  );
  process.exitCode = result.ok ? 0 : 1;
}
