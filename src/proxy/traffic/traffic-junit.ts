import { escapeXml as xml } from '../../reporters/formats/xml-escape.js';
import type { TrafficReport } from './traffic-report-types.js';

/** One test case per rule and side: failed with its findings, passed when judged, skipped when not exercised. */
export function trafficJunit(r: TrafficReport): string {
  const suites = (['application', 'gateway'] as const).map((side) => {
    const rows = r.rules.filter((row) => row.side === side);
    const cases = rows.map((row) => {
      const name = `${row.ruleId} (${side} side): ${xml(row.rule)}`;
      const open = `    <testcase classname="traffic.${side}" name="${name}">`;
      if (row.outcome === 'not exercised')
        return `${open}<skipped message="${xml(row.why ?? 'not exercised')}"/></testcase>`;
      if (row.outcome === 'kept') return `${open}<system-out>${row.judged} exchanges judged</system-out></testcase>`;
      const body = row.findings
        .map((f) => `${f.problems.join('; ')}\nExpected: ${f.expected}\n${f.exchange}`)
        .join('\n\n');
      return `${open}<failure message="${row.broken} of ${row.judged} exchanges broke ${row.ruleId}">${xml(body)}</failure></testcase>`;
    });
    const failures = rows.filter((row) => row.outcome === 'broken').length;
    const skipped = rows.filter((row) => row.outcome === 'not exercised').length;
    return (
      `  <testsuite name="traffic: ${side} side" tests="${rows.length}" failures="${failures}" ` +
      `skipped="${skipped}" timestamp="${r.started}">\n${cases.join('\n')}\n  </testsuite>`
    );
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="gateway-conformance traffic" ` +
    `tests="${r.rules.length}" ` +
    `failures="${r.rules.filter((x) => x.outcome === 'broken').length}">\n${suites.join('\n')}\n</testsuites>\n`
  );
}
