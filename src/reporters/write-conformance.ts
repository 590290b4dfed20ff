import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { conformancePage } from './formats/html/conformance-html.js';
import { conformanceJson } from './formats/json.js';
import { conformanceJunit } from './formats/junit.js';
import { conformanceMarkdown } from './formats/markdown.js';
import { nightOf, readHistory, withNight, writeHistory, type Night } from './history/night-history.js';
import { conformanceReport, type JudgedRun } from './model/build-report.js';
import type { ConformanceReport } from './model/conformance-report.js';

/**
 * Writes conformance.json, .md, .html and junit.xml into `dir`, each from the one report built here, and
 * history.json when a history is kept: `history` names the previous nights' file (PG_HISTORY), this run is
 * added to it as tonight and the page draws them. Returns the report, for the console to print from.
 */
export function writeConformance(dir: string, run: JudgedRun, history?: string): ConformanceReport {
  const report = conformanceReport(run);
  mkdirSync(dir, { recursive: true });
  const nights =
    history === undefined ? undefined : carryHistory(history, dir, nightOf(report, report.knownDeviations?.known));
  writeFileSync(join(dir, 'conformance.json'), conformanceJson(report));
  writeFileSync(join(dir, 'conformance.md'), conformanceMarkdown(report));
  writeFileSync(join(dir, 'conformance.html'), conformancePage(report, nights));
  writeFileSync(join(dir, 'junit.xml'), conformanceJunit(report));
  return report;
}

/** The previous nights and tonight, written beside the reports for the next night to read. */
function carryHistory(previous: string, dir: string, tonight: Night): Night[] {
  const { nights, note } = readHistory(previous);
  if (note) console.error(note);
  const carried = withNight(nights, tonight);
  writeHistory(dir, carried);
  return carried;
}
