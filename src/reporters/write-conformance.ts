import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeErrorPhrase } from '../config/output-folders.js';
import { makeFolder } from '../transport/make-folder.js';
import { conformancePage } from './formats/html/conformance-html.js';
import { conformanceJson } from './formats/json.js';
import { conformanceJunit } from './formats/junit.js';
import { conformanceMarkdown } from './formats/markdown.js';
import { nightOf, readHistory, withNight, writeHistory, type Night } from './history/night-history.js';
import { conformanceReport, type ConformanceReport, type JudgedRun } from './model/conformance-report.js';

/**
 * The report of a run, and, when the file system refused a file (a full disk, a folder removed or replaced
 * during the run), the sentence saying which and why: the verdict stands without its files.
 */
export type WrittenReport = { report: ConformanceReport; notWritten?: string };

/**
 * Writes conformance.json, .md, .html and junit.xml into `dir`, each from the one report built here, and
 * history.json when a history is kept: `history` names the previous nights' file (PG_HISTORY), this run is
 * added to it as tonight and the page draws them. Returns the report, for the console to print from; a write
 * that fails stops the writing and is said in `notWritten`, never thrown.
 */
export function writeConformance(dir: string, run: JudgedRun, history?: string): WrittenReport {
  const report = conformanceReport(run);
  const files: [string, () => string][] = [
    ['conformance.json', () => conformanceJson(report)],
    ['conformance.md', () => conformanceMarkdown(report)],
    ['conformance.html', () => conformancePage(report, nights)],
    ['junit.xml', () => conformanceJunit(report)],
  ];
  let nights: Night[] | undefined;
  let file = dir;
  const written: string[] = [];
  try {
    makeFolder(dir);
    file = join(dir, 'history.json');
    nights =
      history === undefined ? undefined : carryHistory(history, dir, nightOf(report, report.knownDeviations?.known));
    for (const [name, content] of files) {
      file = join(dir, name);
      writeFileSync(file, content());
      written.push(name);
    }
    return { report };
  } catch (error) {
    // The file system's refusals only: a fault of a format is a bug, and stays one.
    if (!(error as NodeJS.ErrnoException).syscall) throw error;
    const kept =
      written.length > 0
        ? `only ${written.join(', ')} ${written.length === 1 ? 'was' : 'were'} written`
        : 'no report was written';
    return { report, notWritten: `${file} could not be written (${writeErrorPhrase(error)}); ${kept}` };
  }
}

/** The previous nights and tonight, written beside the reports for the next night to read. */
function carryHistory(previous: string, dir: string, tonight: Night): Night[] {
  const { nights, note } = readHistory(previous);
  if (note) console.error(note);
  const carried = withNight(nights, tonight);
  writeHistory(dir, carried);
  return carried;
}
