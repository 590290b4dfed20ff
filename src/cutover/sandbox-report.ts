import type { ConformanceJson } from '../reporters/model/read-report.js';

/**
 * Why a report cannot stand for the signed-off sandbox run, in one sentence, or undefined when it can. Only
 * a whole sandbox run is a sign-off: the embedded mock's report, or one of a run limited by --rule, compared
 * with production would end READY on the little both checked.
 */
export function sandboxReportProblem(report: ConformanceJson, path: string): string | undefined {
  if (report.target === 'production')
    return `${path} is a production run's report; give the sandbox run's conformance.json`;
  if (report.target !== 'sandbox')
    return (
      `${path} is a run against ${report.target === 'mock' ? 'the embedded mock' : report.target}, not a ` +
      `sandbox; give the conformance.json of the sandbox run you signed off (PG_TARGET=sandbox)`
    );
  const notSelected = report.rules.filter((r) => r.status === 'not selected').length;
  if (notSelected > 0)
    return (
      `${path} is a run limited to ${report.rules.length - notSelected} of ${report.rules.length} rules ` +
      `(--rule); give the conformance.json of a whole sandbox run`
    );
  return undefined;
}
