import type { ReporterDescription } from '@playwright/test';

/** Everything a run writes under reports/; shared by a normal run and by merging sharded blob reports. */
export const REPORTS: ReporterDescription[] = [
  ['html', { outputFolder: 'reports/html', open: 'never' }],
  ['junit', { outputFile: 'reports/junit.xml' }],
  ['json', { outputFile: 'reports/results.json' }],
  ['./src/reporters/conformance-reporter.ts', { outputDir: 'reports' }],
];

export const CONSOLE: ReporterDescription = [process.env.CI ? 'dot' : 'list'];

/** A shard of a sharded run writes only a blob report; `npm run report:merge` turns the blobs into REPORTS. */
export function reportersFor(env: NodeJS.ProcessEnv): ReporterDescription[] {
  return env.PG_BLOB_REPORT === '1' ? [CONSOLE, ['blob', { outputDir: 'blob-report' }]] : [CONSOLE, ...REPORTS];
}
