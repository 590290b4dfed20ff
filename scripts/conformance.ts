import { spawn } from 'node:child_process';
import { accessSync, constants, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadSuiteConfig } from '../src/config/suite-env.js';
import { unknownVariableWarnings } from '../src/config/known-variables.js';
import { conformanceArgs } from '../src/config/conformance-command.js';
import { EXIT_CODES, ruleOutcomes, type Verdict } from '../src/reporters/rule-outcomes.js';
import { reportsDir } from '../src/reporters/report-set.js';

/**
 * `npm run conformance [-- --rule <ID>] [-- --baseline <conformance.json>] [-- playwright args]` (`-- --help`
 * says it all): reads the command line, checks the configuration,
 * makes sure a remote target answers at all, runs the suite, and exits by verdict: 0 conformant,
 * 1 non-conformant (or incomplete), 2 bad configuration, 3 target unavailable, 4 not fully exercised
 * (nothing failed, but a rule judged nothing, an operation was never served or a rule was skipped). The baseline adds a drift section to the reports; it
 * never changes the exit code.
 */
const args = await conformanceArgs(process.argv.slice(2)); // prints --help or a usage error and exits
// Typo warnings (.env is read by now) before the configuration is judged: PG_ALLOW_WRITE=1 beside
// PG_WORKERS=abc gets both said at once.
for (const warning of unknownVariableWarnings(process.env)) console.error(warning);
warnOfUnreadableBaseline(process.env.PG_BASELINE);
const config = loadSuiteConfig();
const dir = reportsDir(process.env);

/** A mistyped baseline path is never fatal, but said at once: the report's section alone is easily missed. */
function warnOfUnreadableBaseline(path: string | undefined): void {
  if (!path || args.list) return;
  try {
    accessSync(path, constants.R_OK);
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code ?? 'unreadable';
    console.error(`Warning: the baseline ${path} cannot be read (${why}); the run goes on and compares with nothing: check --baseline or PG_BASELINE.`);
  }
}

// Only a remote target is probed, and only an unavailable one needs the report writers: loaded then, not
// on every run (this process starts before Playwright, so what it loads delays every run).
if (config.baseUrl && !args.list) {
  const [{ probeTarget }, { configurationExit, preflightOrExit }] = await Promise.all([
    import('../src/config/probe-target.js'),
    import('../src/config/preflight-run.js'),
  ]);
  // A setup mistake the probe meets (TLS or scheme, DNS, a proxy's 407) ends here, exit 2; then the preflight
  // (src/config/preflight.ts): a refused key or a base URL with a path ends here too.
  const started = new Date();
  const probed = await probeTarget(config.baseUrl);
  if (probed?.kind === 'configuration') {
    configurationExit(config, dir, [probed.problem], started, `${config.baseUrl} cannot be reached as configured`);
  }
  const problem = probed?.problem ?? (await preflightOrExit({ ...config, baseUrl: config.baseUrl }, dir));
  if (problem) {
    const [{ loadRules }, { countBy, verdictLine, writeConformance }] = await Promise.all([import('../src/contract/rules.js'), import('../src/reporters/write-conformance.js')]);
    const now = new Date().toISOString();
    const outcomes = ruleOutcomes(loadRules(), [], config.target).map((o) => ({ ...o, status: 'target unavailable' as const }));
    const verdict: Verdict = 'TARGET UNAVAILABLE';
    writeConformance(dir, { target: config.target, started: now, finished: now, runStatus: 'not started', verdict, counts: countBy(outcomes), unavailable: [problem], outcomes, baseline: process.env.PG_BASELINE });
    console.error(`Conformance: ${verdictLine(verdict, outcomes)}\n  ${problem}\n  Nothing was checked: fix the base URL or the network and run again.`);
    process.exit(EXIT_CODES[verdict]);
  }
}

if (!args.list) rmSync(join(dir, 'conformance.json'), { force: true }); // never read a previous run's verdict
const cli = join('node_modules', '@playwright', 'test', 'cli.js');
const code = await new Promise<number>((resolve) => {
  const child = spawn(process.execPath, [cli, 'test', ...args.playwright], { stdio: 'inherit' });
  child.on('exit', (c, signal) => resolve(c ?? (signal ? 130 : 1)));
});
if (args.list) process.exit(code); // listed, not run: no verdict

let verdict: Verdict | undefined;
try {
  verdict = (JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as { verdict: Verdict }).verdict;
} catch {
  verdict = undefined; // a blob-only shard, or the runner stopped before reporting
}
if (!verdict || process.env.PG_BLOB_REPORT === '1') process.exit(code);
// A run that failed outside any rule (a crash, a global error) is not conformant, whatever the report says.
process.exit(EXIT_CODES[verdict] === 0 && code !== 0 ? 1 : EXIT_CODES[verdict]);
