import { problemsPhrase } from '../../config/configuration-exit.js';
import type { ConformanceReport } from '../model/conformance-report.js';
import { selectionPhrase } from '../model/rule-selection.js';
import { verdictFigures } from '../model/verdict-line.js';
import { summaryLines } from './summary-lines.js';

/**
 * What a run prints at its end: the summary conformance.md opens with, what `--record-known` wrote, then the
 * verdict line with the report's path. A configuration problem found during the run is named on that last
 * line, as the preflight's are: a CI step reads that line; the run's figures follow it. Reports that could not be
 * written are said just above the verdict line, which then names no file.
 */
export function consoleEnding(
  report: ConformanceReport,
  run: { selected?: string[]; reportPath: string; recorded: readonly string[]; notWritten?: string },
): string {
  const summary = summaryLines(report);
  const where = run.notWritten ? 'reports not written' : run.reportPath;
  const line =
    report.verdict === 'CONFIGURATION ERROR' && report.configuration.length
      ? `Conformance: ${report.verdict}${selectionPhrase(report.rules, run.selected)}: ` +
        `${problemsPhrase(report.configuration)} (found during the run: ` +
        `${verdictFigures(report.rules, report.coverage, report.knownDeviations)}; ${where})`
      : `Conformance: ${report.verdictLine} (${where})`;
  return (
    `\n${summary.length ? `${summary.join('\n')}\n\n` : ''}` +
    `${run.recorded.length ? `${run.recorded.join('\n')}\n\n` : ''}` +
    `${run.notWritten ? `Reports: ${run.notWritten}.\n` : ''}${line}`
  );
}
