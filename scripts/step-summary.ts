import { existsSync } from 'node:fs';
import { readConformanceJson } from '../src/reporters/model/read-report.js';
import { stepSummary } from '../src/reporters/formats/step-summary.js';

/**
 * `npm run report:summary -- [reports/conformance.json]`: prints the run's summary as markdown, for
 * `>> "$GITHUB_STEP_SUMMARY"` in CI. Without a report it says so: the summary must never hide a crash.
 */
const path = process.argv[2] ?? 'reports/conformance.json';
if (!existsSync(path)) {
  process.stdout.write(
    `# Conformance: no report\n\n${path} was not written: the run stopped before reporting. See the job log.\n`,
  );
  process.exit(1);
}
process.stdout.write(stepSummary(readConformanceJson(path)));
