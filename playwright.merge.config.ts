import { defineConfig } from '@playwright/test';
import { reportsFolder } from './src/config/output-folders.js';
import { consoleReporter, fullReports } from './src/reporters/report-set.js';

// Used by `npm run report:merge -- <dir of blob reports>`: the same reports a single run writes.
export default defineConfig({
  testDir: 'tests',
  // PG_HISTORY: the previous nights, carried into reports/history.json and the page (docs/nightly.md).
  reporter: [consoleReporter(process.env), ...fullReports(reportsFolder(process.env).dir, process.env)],
});
