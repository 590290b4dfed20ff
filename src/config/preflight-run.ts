import { loadRules } from '../contract/rules.js';
import { ruleOutcomes, EXIT_CODES, type Verdict } from '../reporters/rule-outcomes.js';
import { countBy, verdictLine, writeConformance } from '../reporters/write-conformance.js';
import type { SuiteConfig } from './config.js';
import { preflight } from './preflight.js';

/**
 * `npm run conformance`'s preflight against a remote target (or a mock named by PG_BASE_URL): a configuration
 * problem ends the process here, exit 2, one sentence per problem, the reports saying the same; the target
 * being unavailable is returned for the caller's TARGET UNAVAILABLE path.
 */
export async function preflightOrExit(config: SuiteConfig & { baseUrl: string }, reportsDir: string): Promise<string | undefined> {
  const started = new Date();
  const result = await preflight(config);
  if (result.kind === 'ok') return undefined;
  if (result.kind === 'unavailable') return result.problem;
  const seconds = ((Date.now() - started.getTime()) / 1000).toFixed(1);
  const found = `the target answered the preflight (${result.requests} requests, ${seconds} s), and the configuration is wrong`;
  return configurationExit(config, reportsDir, result.problems, started, found);
}

/**
 * Ends the process on a configuration problem found before any test ran (the probe or the preflight):
 * exit 2, one sentence per problem, the reports saying the same, `Conformance: CONFIGURATION ERROR: …` last.
 */
export function configurationExit(
  config: Pick<SuiteConfig, 'target'>, reportsDir: string, problems: string[], started: Date, found: string,
): never {
  const finished = new Date();
  const outcomes = ruleOutcomes(loadRules(), [], config.target).map((o) => ({ ...o, status: 'not run' as const }));
  const verdict: Verdict = 'CONFIGURATION ERROR';
  writeConformance(reportsDir, {
    target: config.target, started: started.toISOString(), finished: finished.toISOString(), runStatus: 'not started',
    verdict, counts: countBy(outcomes), unavailable: [], outcomes, configuration: problems,
  });
  console.error([
    `Configuration: ${found}:`,
    ...problems.map((p) => `  - ${p}`),
    'No test was run: fix the variables named and run again.',
    `Conformance: ${verdictLine(verdict, outcomes)}`,
  ].join('\n'));
  process.exit(EXIT_CODES[verdict]);
}
