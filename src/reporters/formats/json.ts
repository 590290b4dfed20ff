import type { ConformanceReport } from '../model/conformance-report.js';

/** conformance.json: the report as it is, for the next run's drift, the CI summary and the cutover to read. */
export function conformanceJson(report: ConformanceReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
