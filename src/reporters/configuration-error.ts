import { configurationVerdictLine } from '../config/configuration-exit.js';
import { loadRules } from '../catalogue/rules.js';
import { ruleOutcomes, EXIT_CODES } from './model/rule-outcomes.js';
import { writeConformance } from './conformance-reporter.js';

/**
 * What the probe or the preflight found wrong with the configuration, and what it cost; `heading` says how it
 * was found where the count of preflight requests does not (the probe).
 */
export type ConfigurationProblems = { problems: string[]; requests?: number; started: Date; heading?: string };

/**
 * The reports of a run the preflight stopped (CONFIGURATION ERROR, no test run): written to `reportsDir`,
 * and the lines for stderr with the exit code, for the command to print and exit with.
 */
export function reportConfigurationError(
  reportsDir: string,
  run: { target: string; targetId: string },
  found: ConfigurationProblems,
): { lines: string; exitCode: number } {
  const { target, targetId } = run;
  const finished = new Date();
  const outcomes = ruleOutcomes(loadRules(), [], target).map((o) => ({ ...o, status: 'not run' as const }));
  const { report, notWritten } = writeConformance(reportsDir, {
    target,
    targetId,
    started: found.started.toISOString(),
    finished: finished.toISOString(),
    runStatus: 'not started',
    verdict: 'CONFIGURATION ERROR',
    unavailable: [],
    outcomes,
    configuration: found.problems,
  });
  const seconds = ((finished.getTime() - found.started.getTime()) / 1000).toFixed(1);
  const heading =
    found.heading ??
    `the target answered the preflight (${found.requests ?? 0} requests, ${seconds} s), and the configuration is wrong`;
  // The last line is what a CI step reads: it names the first problem, as every configuration exit does.
  const lines = [
    `Configuration: ${heading}:`,
    ...found.problems.map((p) => `  - ${p}`),
    ...(notWritten ? [`Reports: ${notWritten}.`] : []),
    `No test was run: fix the variables named and run again (${report.verdictLine}).`,
    configurationVerdictLine('Conformance', found.problems),
  ].join('\n');
  return { lines, exitCode: EXIT_CODES[report.verdict] };
}
