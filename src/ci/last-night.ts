import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConformanceJson } from '../reporters/model/read-report.js';
import { HISTORY_FILE } from '../reporters/history/night-history.js';

export const NIGHTLY_WORKFLOW = 'nightly-sandbox.yml';
/** The artifact the nightly's merge job uploads: reports/, conformance.json at its top. */
export const REPORTS_ARTIFACT = 'conformance-reports';

/** Runs the GitHub CLI (authenticated by GH_TOKEN) and returns its standard output. */
export type Gh = (args: string[]) => string;

type Run = { databaseId: number; conclusion: string; createdAt: string };

/**
 * Finds the latest earlier night that published its reports and copies its conformance.json to
 * `outDir`, and its history.json beside it when it has one (the nights before it, for PG_HISTORY). A night
 * whose verdict was NON-CONFORMANT still is a baseline (its run is marked failed, but its report is what
 * tonight is compared with); a cancelled one, or one that uploaded nothing, is passed over. Returns the
 * path, or undefined with why: the first night, or no access, is never an error.
 */
export function fetchBaseline(
  gh: Gh,
  opts: { outDir: string; branch?: string; currentRunId?: string; log: (line: string) => void },
): string | undefined {
  let runs: Run[];
  try {
    const list = [
      'run',
      'list',
      '--workflow',
      NIGHTLY_WORKFLOW,
      '--status',
      'completed',
      '--limit',
      '10',
      '--json',
      'databaseId,conclusion,createdAt',
    ];
    runs = JSON.parse(gh(opts.branch ? [...list, '--branch', opts.branch] : list)) as Run[];
  } catch (error) {
    opts.log(`No baseline: the previous runs could not be listed (${(error as Error).message.split('\n')[0]}).`);
    return undefined;
  }
  for (const run of runs.filter((r) => String(r.databaseId) !== opts.currentRunId && r.conclusion !== 'cancelled')) {
    const dir = mkdtempSync(join(tmpdir(), 'baseline-'));
    try {
      gh(['run', 'download', String(run.databaseId), '--name', REPORTS_ARTIFACT, '--dir', dir]);
      const found = join(dir, 'conformance.json');
      if (!existsSync(found)) continue;
      readConformanceJson(found); // a broken file is passed over like a missing one
      mkdirSync(opts.outDir, { recursive: true });
      const path = join(opts.outDir, 'conformance.json');
      copyFileSync(found, path);
      opts.log(`Baseline: run ${run.databaseId} of ${run.createdAt} (${run.conclusion}).`);
      const history = join(dir, HISTORY_FILE);
      if (existsSync(history)) copyFileSync(history, join(opts.outDir, HISTORY_FILE));
      else opts.log(`Run ${run.databaseId} kept no ${HISTORY_FILE}: the nights' history starts tonight.`);
      return path;
    } catch (error) {
      opts.log(`Run ${run.databaseId}: no usable ${REPORTS_ARTIFACT} (${(error as Error).message.split('\n')[0]}).`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  opts.log('No baseline: no earlier night published its reports. The drift section starts tomorrow.');
  return undefined;
}
