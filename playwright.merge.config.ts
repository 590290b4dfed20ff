import { defineConfig } from '@playwright/test';
import { consoleReporter, fullReports, reportsDir } from './src/reporters/report-set.js';

// Used by `npm run report:merge -- <dir of blob reports>`: the same reports a single run writes.
export default defineConfig({
  testDir: 'tests',
  // PG_HISTORY: the previous nights, carried into reports/history.json and the page (docs/nightly.md).
  reporter: [consoleReporter(process.env), ...fullReports(reportsDir(process.env), process.env)],
});
