import { execFileSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { fetchBaseline } from '../src/ci/last-night.js';
import { HISTORY_FILE } from '../src/reporters/history/night-history.js';

/**
 * `npm run nightly:baseline -- [dir]` (CI): the previous night's conformance.json and history.json into dir
 * (default baseline/), with the GitHub CLI and the job's own token (GH_TOKEN). Sets the step outputs `path`
 * (empty when there is none) for the merge step's PG_BASELINE, and `history` for its PG_HISTORY: always the
 * place in dir, so a night without one starts the history there. Always exits 0: a missing baseline is no failure.
 */
const outDir = process.argv[2] ?? 'baseline';
const gh = (args: string[]) => execFileSync('gh', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const path = fetchBaseline(gh, {
  outDir,
  branch: process.env.GITHUB_REF_NAME || undefined,
  currentRunId: process.env.GITHUB_RUN_ID,
  log: (line) => console.log(line),
});
if (process.env.GITHUB_OUTPUT)
  appendFileSync(process.env.GITHUB_OUTPUT, `path=${path ?? ''}\nhistory=${join(outDir, HISTORY_FILE)}\n`);
