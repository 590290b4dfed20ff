import type { ReporterDescription } from '@playwright/test';
import { knownDeviationsSource } from '../known-deviations/source.js';

/** Where a run writes its reports; verify:suite gives each of its many runs a folder of its own. */
export function reportsDir(env: NodeJS.ProcessEnv): string {
  return env.PG_REPORTS_DIR || 'reports';
}

/**
 * Everything a run writes under reports/; shared by a normal run and by merging sharded blob reports.
 * `history` is PG_HISTORY: the previous nights, carried forward into `dir/history.json` and the page.
 */
export function fullReports(dir: string, history?: string, env: NodeJS.ProcessEnv = process.env): ReporterDescription[] {
  return [
    ['html', { outputFolder: `${dir}/html`, open: 'never' }],
    ['junit', { outputFile: `${dir}/junit.xml` }],
    ['json', { outputFile: `${dir}/results.json` }],
    [
      './src/reporters/conformance-reporter.ts',
      {
        outputDir: dir,
        ...(history ? { history } : {}),
        knownDeviations: knownDeviationsSource(env),
        recordKnown: env.PG_RECORD_KNOWN === '1',
      },
    ],
  ];
}

export const CONSOLE: ReporterDescription = [process.env.CI ? 'dot' : 'list'];

/**
 * PG_BLOB_REPORT=1: a shard writes only a blob report (`npm run report:merge` turns blobs into the usual set).
 * PG_REPORT_SET=conformance: only the conformance report, quietly (verify:suite's runs).
 */
export function reportersFor(env: NodeJS.ProcessEnv): ReporterDescription[] {
  const dir = reportsDir(env);
  if (env.PG_BLOB_REPORT === '1') return [CONSOLE, ['blob', { outputDir: 'blob-report' }]];
  if (env.PG_REPORT_SET === 'conformance') {
    return [['./src/reporters/conformance-reporter.ts', { outputDir: dir, quiet: true, knownDeviations: knownDeviationsSource(env) }]];
  }
  return [CONSOLE, ...fullReports(dir, env.PG_HISTORY || undefined, env)];
}
