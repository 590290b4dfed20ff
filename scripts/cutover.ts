import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import dotenv from 'dotenv';
import { exitOnConfiguration } from '../src/config/configuration-exit.js';
import { UsageError } from '../src/config/usage-error.js';
import { loadSuiteConfig } from '../src/config/suite-env.js';
import { outputFolderProblems, reportsFolder, resultsFolder } from '../src/config/output-folders.js';
import { CUTOVER_USAGE, parseCutoverArgs } from '../src/cutover/args.js';
import { compareCutover } from '../src/cutover/compare.js';
import { productionRunEnv } from '../src/cutover/production-run.js';
import { sandboxReportProblem } from '../src/cutover/sandbox-report.js';
import { CUTOVER_EXIT, cutoverOutcome, writeCutover } from '../src/cutover/report.js';
import { readConformanceJson, type ConformanceJson } from '../src/reporters/model/read-report.js';
import { checkEndpoint } from '../src/webhook-check/check-endpoint.js';

/**
 * `npm run cutover -- --sandbox <conformance.json> --webhook-url <url>`: runs the production profile, checks
 * the webhook endpoint, and compares production with the sandbox run it replaces (`-- --help` says it all).
 */
function refuse(message: string, usage?: string): never {
  if (usage) console.error(usage);
  exitOnConfiguration('Cutover', [message]);
}

let args;
try {
  args = parseCutoverArgs(process.argv.slice(2), process.env);
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  refuse(error.message, CUTOVER_USAGE);
}
if (args.help) {
  console.log(CUTOVER_USAGE);
  process.exit(0);
}

let sandbox: ConformanceJson;
try {
  sandbox = readConformanceJson(args.sandbox);
} catch (error) {
  refuse(
    `the sandbox report ${args.sandbox} cannot be read (${(error as Error).message.split('\n')[0]}); give ` +
      `the conformance.json of the signed-off sandbox run`,
  );
}
const notASignOff = sandboxReportProblem(sandbox, args.sandbox);
if (notASignOff) refuse(notASignOff);

// The production profile, whatever else the environment or .env says: a QA .env naming the sandbox is refused.
dotenv.config({ quiet: true });
const target = process.env.PG_TARGET?.trim();
if (target && target !== 'production')
  refuse(
    `the cutover runs against production, but PG_TARGET is ${target}; set PG_TARGET=production with production's PG_BASE_URL and keys`,
  );
process.env.PG_TARGET = 'production';
loadSuiteConfig(process.env, 'Cutover'); // names every configuration problem and exits 2 before anything is sent
// The cutover's reports and the production run's, made and written to before anything is sent.
const unwritable = outputFolderProblems([reportsFolder(process.env), resultsFolder(process.env)]);
if (unwritable.length) exitOnConfiguration('Cutover', unwritable);

const dir = reportsFolder(process.env).dir;
const productionDir = join(dir, 'production');
rmSync(join(productionDir, 'conformance.json'), { force: true }); // never compare with an earlier run
const run = productionRunEnv(sandbox, process.env, productionDir);
const code = await new Promise<number>((resolve) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/conformance.ts'], {
    stdio: 'inherit',
    env: run.env,
  });
  child.on('exit', (c, signal) => resolve(c ?? (signal ? 130 : 1)));
});
// The production run's own last line (above) says why; the cutover's verdict line comes last all the same.
if (code === CUTOVER_EXIT.configuration) {
  console.error(
    'Cutover: CONFIGURATION ERROR: the production run stopped on its configuration (above); nothing compared',
  );
  process.exit(code);
}
if (!existsSync(join(productionDir, 'conformance.json'))) {
  console.error(`Cutover: INCOMPLETE: the production run ended (exit ${code}) without a report; nothing compared`);
  process.exit(code || 1);
}
const production = readConformanceJson(join(productionDir, 'conformance.json'));

const webhook = await checkEndpoint(args.webhook.url, {
  timeoutMs: args.webhook.timeoutMs,
  ca: args.webhook.ca,
  allowHttpLoopback: args.webhook.allowHttpLoopback,
});

const shown = relative(process.cwd(), args.sandbox);
const comparison = compareCutover(
  sandbox,
  production,
  shown.startsWith('..') || isAbsolute(shown) ? args.sandbox : shown,
);
comparison.notes.unshift(run.note);
const outcome = cutoverOutcome(comparison, webhook);
const notWritten = writeCutover(dir, comparison, webhook, outcome, productionDir);
const lines = ['', ...outcome.problems.map((p, i) => `  ${i + 1}. ${p}`)];
if (comparison.notExercised.length && outcome.code !== CUTOVER_EXIT.notFullyExercised) {
  lines.push(
    `  Not exercised on production: ${comparison.notExercised.map((n) => n.rule).join(', ')} (see the report)`,
  );
}
if (comparison.unjudgeableOnProduction.length) {
  lines.push(
    `  Unjudgeable on production by design: ${comparison.unjudgeableOnProduction.map((n) => `${n.rule} (${n.why})`).join('; ')}`,
  );
}
const carried = comparison.knownFromSandbox.map((k) => {
  const notCarried = k.covers ? '' : `; not carried: ${k.why}`;
  return `${k.rule} (${k.ticket}, until ${k.expires}${notCarried})`;
});
if (carried.length) lines.push(`  Known deviations of the sandbox run: ${carried.join(', ')}`);
const asBefore = comparison.asOnSandbox.map((d) => d.rule).join(', ');
if (asBefore) lines.push(`  As on the sandbox (known deviations, not differences): ${asBefore}`);
// The verdict line last: a CI step reads the last line.
lines.push(
  notWritten ? `  Reports: ${notWritten}.` : `  Reports: ${join(dir, 'cutover.md')}, ${join(dir, 'cutover.html')}`,
  `Cutover: ${outcome.headline}`,
);
console.log(lines.join('\n'));
process.exit(outcome.code);
