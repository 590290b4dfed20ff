import { execFileSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { fetchBaseline } from '../src/ci/last-night.js';

/**
 * `npm run nightly:baseline -- [dir]` (CI): the previous night's conformance.json into dir (default
 * baseline/), with the GitHub CLI and the job's own token (GH_TOKEN). Sets the step output `path` (empty
 * when there is none) for the merge step's PG_BASELINE. Always exits 0: a missing baseline is no failure.
 */
const outDir = process.argv[2] ?? 'baseline';
const gh = (args: string[]) => execFileSync('gh', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const path = fetchBaseline(gh, {
  outDir,
  branch: process.env.GITHUB_REF_NAME || undefined,
  currentRunId: process.env.GITHUB_RUN_ID,
  log: (line) => console.log(line),
});
if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `path=${path ?? ''}\n`);
