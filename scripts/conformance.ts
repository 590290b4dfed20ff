import { spawn } from 'node:child_process';
import { accessSync, constants, rmSync } from 'node:fs';
import { join } from 'node:path';
import { EMBEDDED_PORT_VAR, loadSuiteConfig } from '../src/config/suite-env.js';
import { withoutExperimentalWarnings } from '../src/config/child-env.js';
import { unknownVariableWarnings } from '../src/config/known-variables.js';
import { conformanceArgs } from '../src/cli/conformance-command.js';
import { knownDeviationsSource } from '../src/known-deviations/source.js';
import { EXIT_CODES, ruleOutcomes } from '../src/reporters/model/rule-outcomes.js';
import { isVerdictMessage, type VerdictMessage } from '../src/reporters/model/verdict-message.js';
import { exitOnConfiguration } from '../src/config/configuration-exit.js';
import { outputFolderProblems, reportsFolder, resultsFolder } from '../src/config/output-folders.js';
import type { ConfigurationProblems } from '../src/reporters/configuration-error.js';

/**
 * `npm run conformance [-- --rule <ID>] [-- --baseline <conformance.json>] [-- playwright args]` (`-- --help`
 * says it all): reads the command line, checks the configuration,
 * makes sure a remote target answers at all, runs the suite, and exits by verdict: 0 conformant,
 * 1 non-conformant (or incomplete), 2 bad configuration, 3 target unavailable, 4 not fully exercised
 * (nothing failed, but a rule judged nothing, an operation was never served or a rule was skipped). The baseline adds
 * a drift section to the reports; it
 * never changes the exit code.
 */
const args = await conformanceArgs(process.argv.slice(2)); // prints --help or a usage error and exits
if (args.version) {
  const { versionInfo, versionText } = await import('../src/cli/version-info.js');
  console.log(versionText(versionInfo()));
  process.exit(0);
}
// Typo warnings (.env is read by now) before the configuration is judged: PG_ALLOW_WRITE=1 beside
// PG_WORKERS=abc gets both said at once.
for (const warning of unknownVariableWarnings(process.env)) console.error(warning);
warnOfUnreadableBaseline(process.env.PG_BASELINE);
const config = loadSuiteConfig();
const dir = reportsFolder(process.env).dir;
if (args.listRules) await printCatalogueAndExit(args.listRules, args.rules);
if (!args.list) refuseUnwritableOutputs();

/**
 * The folders the run writes, made and written to before anything is sent (the mock, the preflight): a run that
 * cannot keep its reports would be lost at its end. A shard too: it clears PG_REPORTS_DIR's last verdict.
 */
function refuseUnwritableOutputs(): void {
  const problems = outputFolderProblems([reportsFolder(process.env), resultsFolder(process.env)]);
  if (problems.length) exitOnConfiguration('Conformance', problems);
}

/** --list-rules: the catalogue against this configuration, from the files alone (no mock, no request). */
async function printCatalogueAndExit(format: 'text' | 'json', only: string[]): Promise<never> {
  const [{ loadCatalogueVersion, loadRules }, { catalogueListing, catalogueListingText }] = await Promise.all([
    import('../src/catalogue/rules.js'),
    import('../src/cli/catalogue-listing.js'),
  ]);
  const listing = catalogueListing(loadRules(), loadCatalogueVersion(), config, {
    only,
    deviations: await knownDeviationMarks(),
  });
  console.log(format === 'json' ? JSON.stringify(listing, null, 2) : catalogueListingText(listing));
  process.exit(0);
}

// The embedded mock is started to accept what the suite sends; its own variables are checked here, before
// Playwright starts, so a bad MOCK_ value ends like any configuration error.
if (config.embeddedMock && !args.list) {
  const [{ embeddedMockNotes, embeddedMockOptions }, { ConfigError }] = await Promise.all([
    import('../src/config/playwright/embedded-mock-options.js'),
    import('../src/config/config.js'),
  ]);
  try {
    embeddedMockOptions(config, process.env);
  } catch (error) {
    if (error instanceof ConfigError) exitOnConfiguration('Conformance', error.problems);
    throw error;
  }
  for (const note of embeddedMockNotes(process.env)) console.error(note);
}

await refuseUnusableKnownDeviations();

/**
 * A known-deviations file the run cannot use (an unknown rule, a blank reason, an expiry too far ahead) stops
 * it before anything is sent: exit 2, every problem named by file, line and entry, the first in the verdict.
 */
async function refuseUnusableKnownDeviations(): Promise<void> {
  const source = knownDeviationsSource(process.env);
  if (!source.use || args.list) return;
  const [{ knownDeviationsProblems }, { loadRules }, { dayOf }] = await Promise.all([
    import('../src/known-deviations/load.js'),
    import('../src/catalogue/rules.js'),
    import('../src/known-deviations/entry.js'),
  ]);
  const ruleIds = loadRules().map((r) => r.id);
  const problems = knownDeviationsProblems(source, {
    ruleIds,
    today: dayOf(new Date()),
    recordKnown: args.recordKnown,
  });
  if (!problems.length) return;
  rmSync(join(dir, 'conformance.json'), { force: true }); // a CI step must not read the last run's verdict
  for (const p of problems.slice(1)) console.error(`  ${p}`);
  console.error(
    `Conformance: CONFIGURATION ERROR: ${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more above)` : ''}`,
  );
  process.exit(EXIT_CODES['CONFIGURATION ERROR']);
}

/** The known-deviations file's entries as --list-rules shows them; a file the run could not use ends it first. */
async function knownDeviationMarks(): Promise<{ rule: string; ticket: string; expires: string }[]> {
  await refuseUnusableKnownDeviations();
  const source = knownDeviationsSource(process.env);
  if (!source.use) return [];
  const [{ loadKnownDeviations }, { loadRules }, { dayOf, ticketOf }] = await Promise.all([
    import('../src/known-deviations/load.js'),
    import('../src/catalogue/rules.js'),
    import('../src/known-deviations/entry.js'),
  ]);
  const ruleIds = loadRules().map((r) => r.id);
  const { entries } = loadKnownDeviations(source.path, { ruleIds, today: dayOf(new Date()) });
  return entries.map((e) => ({ rule: e.rule, ticket: ticketOf(e), expires: e.expires }));
}

/** A mistyped baseline path is never fatal, but said at once: the report's section alone is easily missed. */
function warnOfUnreadableBaseline(path: string | undefined): void {
  if (!path || args.list || args.listRules) return;
  try {
    accessSync(path, constants.R_OK);
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code ?? 'unreadable';
    console.error(
      `Warning: the baseline ${path} cannot be read (${why}); the run goes on and compares with nothing: check --baseline or PG_BASELINE.`,
    );
  }
}

// Only a remote target is probed, and only an unavailable one needs the report writers: loaded then, not
// on every run (this process starts before Playwright, so what it loads delays every run).
if (config.baseUrl && !args.list) {
  const [{ probeTarget }, { preflightOrExit }] = await Promise.all([
    import('../src/preflight/probe-target.js'),
    import('../src/preflight/preflight-run.js'),
  ]);
  const stop = async (found: ConfigurationProblems): Promise<never> => {
    const [{ reportConfigurationError }, { targetIdOf }] = await Promise.all([
      import('../src/reporters/configuration-error.js'),
      import('../src/reporters/model/run-identity.js'),
    ]);
    const run = { target: config.target, targetId: targetIdOf(config.target, process.env) };
    const { lines, exitCode } = reportConfigurationError(dir, run, found);
    console.error(lines);
    process.exit(exitCode);
  };
  // A setup mistake the probe meets (TLS or scheme, DNS, a proxy's 407) ends here, exit 2; then the preflight
  // (src/preflight/preflight.ts): a refused key, ID or base URL with a path ends here too.
  const started = new Date();
  const probed = await probeTarget(config.baseUrl);
  if (probed?.kind === 'configuration') {
    await stop({ problems: [probed.problem], started, heading: `${config.baseUrl} cannot be reached as configured` });
  }
  const problem = probed?.problem ?? (await preflightOrExit({ ...config, baseUrl: config.baseUrl }, stop));
  if (problem) {
    const [{ loadRules }, { writeConformance }, { targetIdOf }] = await Promise.all([
      import('../src/catalogue/rules.js'),
      import('../src/reporters/conformance-reporter.js'),
      import('../src/reporters/model/run-identity.js'),
    ]);
    const now = new Date().toISOString();
    const outcomes = ruleOutcomes(loadRules(), [], config.target).map((o) => ({
      ...o,
      status: 'target unavailable' as const,
    }));
    const { report, notWritten } = writeConformance(dir, {
      target: config.target,
      targetId: targetIdOf(config.target, process.env),
      started: now,
      finished: now,
      runStatus: 'not started',
      verdict: 'TARGET UNAVAILABLE',
      unavailable: [problem],
      outcomes,
      baseline: process.env.PG_BASELINE,
    });
    const advice = 'Nothing was checked: fix the base URL or the network and run again.';
    const unwritten = notWritten ? [`Reports: ${notWritten}.`] : [];
    console.error([problem, advice, ...unwritten, `Conformance: ${report.verdictLine}`].join('\n'));
    process.exit(EXIT_CODES[report.verdict]);
  }
}

const embedded = config.embeddedMock && !args.list ? await startEmbeddedMock() : undefined;

/**
 * The embedded mock, started here rather than by Playwright's global set-up, so the run's shape can follow how
 * it answers, as a remote target's follows its preflight: a twin with the same options is timed first (its
 * one-time behaviours, a 503 once, are left for the run), then the mock the run uses is started. Workers learn
 * its port by environment; the global set-up starts none when the port is set.
 */
async function startEmbeddedMock(): Promise<{ close(): Promise<void> }> {
  const [{ startMock }, { embeddedMockOptions }, { probeAnswerTimes, slowestFastestMs }, { ROUND_TRIP_VAR }] =
    await Promise.all([
      import('../src/mock/start.js'),
      import('../src/config/playwright/embedded-mock-options.js'),
      import('../src/preflight/answer-times.js'),
      import('../src/config/run-shape.js'),
    ]);
  const options = embeddedMockOptions(config, process.env);
  const twin = await startMock({ ...options, logger: false }); // MOCK_LOG is the run's mock's request log
  try {
    const times = await probeAnswerTimes(twin.url, config.merchant);
    if (times.length) process.env[ROUND_TRIP_VAR] = String(Math.round(slowestFastestMs(times)));
  } finally {
    await twin.close();
  }
  const mock = await startMock(options);
  process.env[EMBEDDED_PORT_VAR] = new URL(mock.url).port;
  return mock;
}

if (!args.list) rmSync(join(dir, 'conformance.json'), { force: true }); // never read a previous run's verdict
const cli = join('node_modules', '@playwright', 'test', 'cli.js');
// The conformance reporter sends its verdict over the IPC channel (verdict-message.ts): it reaches this process
// even when conformance.json could not be written.
let sent: VerdictMessage | undefined;
const code = await new Promise<number>((resolve) => {
  const child = spawn(process.execPath, [cli, 'test', ...args.playwright], {
    env: withoutExperimentalWarnings(process.env),
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  child.on('message', (message) => {
    if (isVerdictMessage(message)) sent = message;
  });
  child.on('close', (c, signal) => resolve(c ?? (signal ? 130 : 1)));
});
await embedded?.close();
if (args.list) process.exit(code); // listed, not run: no verdict

// A shard's verdict is the merged run's (npm run report:merge): its blob report holds no verdict to print.
if (process.env.PG_BLOB_REPORT === '1') process.exit(code);
if (!sent) {
  console.error(
    `Conformance: INCOMPLETE: the test runner ended (exit ${code}) before its reporter reached a verdict; see the output above`,
  );
  process.exit(code || 1);
}
// A run that failed outside any rule (a crash, a global error) is not conformant, whatever the report says; the
// run's own status says so, not the runner's exit code, which a report that could not be written makes 1 too.
// Accepted deviations are failed tests all the same: a failed run is then theirs.
const { verdict, runStatus } = sent;
const failedAsAccepted = verdict === 'CONFORMANT WITH KNOWN DEVIATIONS' && runStatus === 'failed';
process.exit(EXIT_CODES[verdict] === 0 && runStatus !== 'passed' && !failedAsAccepted ? 1 : EXIT_CODES[verdict]);
