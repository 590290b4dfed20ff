import dotenv from 'dotenv';
import { ConfigError, secretsOf } from '../src/config/config.js';
import { exitOnConfiguration } from '../src/config/configuration-exit.js';
import { embeddedMockOptions } from '../src/config/playwright/embedded-mock-options.js';
import { probeTarget } from '../src/preflight/probe-target.js';
import { proxyPort } from '../src/config/proxy-port.js';
import { keyVariables } from '../src/evidence/reproduce-line.js';
import { loadSuiteConfig } from '../src/config/suite-env.js';
import { outputFolderProblems, reportsFolder } from '../src/config/output-folders.js';
import { unknownVariableWarnings } from '../src/config/known-variables.js';
import { startMock, type MockHandle } from '../src/mock/start.js';
import { UsageError } from '../src/config/usage-error.js';
import { parseProxyArgs } from '../src/proxy/args.js';
import { startSession } from '../src/proxy/session.js';

/**
 * `npm run proxy [-- --duration 5m]`: a forwarding proxy in front of the configured gateway (PG_BASE_URL,
 * or the embedded mock) that judges the application's traffic against the rule catalogue, live, and
 * writes reports/traffic.{md,json} and traffic-junit.xml at the end. Exit 0 no finding, 1 findings,
 * 2 bad configuration or arguments.
 */
function fail(message: string): never {
  exitOnConfiguration('Traffic', [message]);
}

// Typo warnings before the configuration is judged, .env's names included, so a bad value does not hide them.
dotenv.config({ quiet: true });
for (const warning of unknownVariableWarnings(process.env)) console.error(warning);
const config = loadSuiteConfig(process.env, 'Traffic');
let args: ReturnType<typeof parseProxyArgs>;
let port: number;
try {
  args = parseProxyArgs(process.argv.slice(2));
  port = proxyPort();
} catch (e) {
  if (e instanceof UsageError) fail(e.message);
  if (e instanceof ConfigError) exitOnConfiguration('Traffic', e.problems);
  throw e;
}
// The reports are written when the proxy stops, perhaps hours from now: a folder it cannot write is said now.
const unwritable = outputFolderProblems([reportsFolder(process.env)]);
if (unwritable.length) exitOnConfiguration('Traffic', unwritable);

let mock: MockHandle | undefined;
if (!config.baseUrl) {
  try {
    // The mock accepts what the configuration names, so the proxy's redaction knows its keys.
    mock = await startMock(embeddedMockOptions(config, process.env));
  } catch (e) {
    if (e instanceof ConfigError) exitOnConfiguration('Traffic', e.problems);
    throw e;
  }
}
const upstream = config.baseUrl ?? mock!.url;
// The suite's own start-up probe (one unauthenticated GET): a target that is not there is said at once, not
// by every 502. Not in front of production, where the proxy sends nothing of its own.
const probed = mock || config.target === 'production' ? undefined : await probeTarget(upstream);
if (probed?.kind === 'configuration') fail(`Configuration: ${probed.problem}`);
const missing = probed?.problem;
const session = await startSession({
  upstream,
  target: { kind: mock ? 'embedded mock' : config.target, origin: upstream },
  host: args.host,
  port,
  secrets: secretsOf(config),
  variables: keyVariables({ merchantKey: config.merchant.apiKey, vendorKey: config.vendor?.apiKey }),
  context: { vendor: config.vendor },
  print: (line) => console.log(line),
}).catch((e: unknown) => {
  const code = (e as NodeJS.ErrnoException).code;
  const why = code === 'EADDRINUSE' ? 'the port is already in use' : e instanceof Error ? e.message : String(e);
  return fail(
    `the proxy could not listen on ${args.host}:${port}: ${why}; set PG_PROXY_PORT to another port (0 picks a free one).`,
  );
});

console.log(
  `proxy listening on ${session.proxy.url}, forwarding to ${upstream} (${mock ? 'the embedded mock' : config.target})`,
);
console.log(`  point your application's gateway base URL at ${session.proxy.url}`);
console.log('  requests and answers pass unchanged; nothing is retried, added or dropped');
if (config.target === 'production')
  console.log("  production: the proxy only observes your application's own traffic and sends nothing of its own");
if (missing)
  console.log(
    `  the target does not answer (${missing}): each request will be answered 502 and listed as not delivered until it does`,
  );
if (args.allowNonLoopback)
  console.log(
    `  listening on ${args.host}, beyond loopback (--allow-non-loopback): anyone who reaches this port can send through it`,
  );
console.log(
  `  ${args.durationMs ? `stops after ${args.durationMs / 1000} s` : 'Ctrl-C stops it'} and writes ` +
    `${reportsFolder(process.env).dir}/traffic.md, traffic.json, traffic-junit.xml`,
);

let stopping = false;
async function stop(why: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`${why}: stopping the proxy`);
  const { report, files, notWritten, exitCode } = await session.finish(reportsFolder(process.env).dir);
  await mock?.close();
  // The verdict line last, as every command's: a CI step reads the last line.
  for (const row of report.rules.filter((r) => r.broken))
    console.log(`  ${row.ruleId} (${row.side} side): ${row.broken} of ${row.judged} exchanges`);
  console.log(`Reports: ${notWritten ? `${notWritten}; written: ${files.join(', ') || 'none'}` : files.join(', ')}`);
  const counts = `${report.exchanges} exchanges (${report.notJudged} not judged, ${report.unavailable} not delivered)`;
  console.log(`Traffic: ${report.verdict}. ${counts}.`);
  process.exit(exitCode);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
if (args.durationMs) setTimeout(() => void stop(`after ${args.durationMs! / 1000} s`), args.durationMs);
