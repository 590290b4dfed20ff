import { writeReportFiles } from '../../config/output-folders.js';
import { APPLICATION_SIDE_RULES, GATEWAY_SIDE_RULES } from '../../checks/registry.js';
import { anyRuleById, loadApplicationRules, loadRules } from '../../catalogue/rules.js';
import type { Side } from '../judge.js';
import type { TrafficLedger } from './traffic-ledger.js';
import { trafficJunit } from './traffic-junit.js';
import type { RuleRow, TrafficReport } from './traffic-report-types.js';
import { markdownCell, markdownList } from '../../reporters/formats/markdown-cell.js';

const NO_TRAFFIC = 'no exchange of this traffic called for it';
const NOT_LIVE = "needs several exchanges, the target's state or the mock's control API: npm run conformance checks it";

function rowsFor(side: Side, ids: readonly string[], ledger: TrafficLedger, liveIds: readonly string[]): RuleRow[] {
  return ids.map((ruleId) => {
    const rule = anyRuleById(ruleId);
    const t = ledger.tallies.get(`${side} ${ruleId}`);
    const judged = t?.judged ?? 0;
    const broken = t?.broken ?? 0;
    const outcome = broken ? 'broken' : judged ? 'kept' : 'not exercised';
    const why = judged ? undefined : liveIds.includes(ruleId) ? NO_TRAFFIC : NOT_LIVE;
    // A gateway rule's text says what the gateway does; on the application side the sentence itself is the rule.
    const text =
      side === 'application' && !ruleId.startsWith('APP-')
        ? `The application keeps section ${rule.section}: "${rule.source}"`
        : rule.rule;
    return {
      ruleId,
      side,
      section: rule.section,
      rule: text,
      outcome,
      judged,
      broken,
      why,
      findings: t?.findings ?? [],
    };
  });
}

export function buildReport(ledger: TrafficLedger, target: { kind: string; origin: string }): TrafficReport {
  const finished = new Date();
  const applicationIds = [...APPLICATION_SIDE_RULES];
  const gatewayIds = loadRules().map((r) => r.id);
  for (const r of loadApplicationRules()) if (!applicationIds.includes(r.id)) applicationIds.push(r.id);
  const rules = [
    ...rowsFor('application', applicationIds, ledger, APPLICATION_SIDE_RULES),
    ...rowsFor('gateway', gatewayIds, ledger, GATEWAY_SIDE_RULES),
  ];
  const findings = ledger.findingCount;
  const judged = ledger.exchanges - ledger.notJudged - ledger.unavailableCount;
  const verdict = findings
    ? `${findings} finding${findings === 1 ? '' : 's'} in ${judged} judged exchanges`
    : judged
      ? `no finding in ${judged} judged exchanges`
      : 'nothing judged: no exchange of the three operations went through';
  return {
    target,
    started: ledger.started.toISOString(),
    finished: finished.toISOString(),
    verdict,
    exchanges: ledger.exchanges,
    judged,
    notJudged: ledger.notJudged,
    unavailable: ledger.unavailableCount,
    byOperation: ledger.byOperation,
    paymentKinds: ledger.paymentKinds,
    findings,
    rules,
    observations: [...ledger.observations.values()],
    unavailableExchanges: ledger.unavailable,
  };
}

/** `tokenize 3, listCustomers 1`, or `none`. */
const counted = (tally: Record<string, number>) =>
  Object.entries(tally)
    .map(([name, n]) => `${name} ${n}`)
    .join(', ') || 'none';

export function trafficMarkdown(r: TrafficReport): string {
  const lines = [
    '# Traffic report',
    '',
    `Target: ${r.target.kind} (${r.target.origin}) · ${r.started} → ${r.finished}`,
    '',
    `**${r.verdict}.** ${r.exchanges} exchanges: ${r.judged} judged, ${r.notJudged} not one of the three ` +
      `operations (forwarded, not judged), ${r.unavailable} not delivered (gateway unreachable).`,
    '',
    `By operation: ${counted(r.byOperation)}. Payment kinds sent to tokenize: ${counted(r.paymentKinds)}.`,
    '',
    '| side | rule | section | outcome | exchanges judged | findings |',
    '|---|---|---|---|---|---|',
    ...r.rules.map(
      (row) =>
        `| ${row.side} | ${row.ruleId} | ${row.section} | ${row.outcome}${row.why ? ` (${row.why})` : ''} | ` +
        `${row.judged} | ${row.broken} |`,
    ),
    '',
  ];
  const broken = r.rules.filter((row) => row.broken);
  if (broken.length) lines.push('## Findings', '');
  for (const row of broken) {
    lines.push(
      `### ${row.ruleId} (${row.side} side): ${row.broken} exchange${row.broken === 1 ? '' : 's'}`,
      '',
      `${row.rule}`,
      '',
    );
    for (const f of row.findings) {
      lines.push(
        `- ${f.at}: ${markdownCell(f.problems.join('; '))} (expected: ${markdownCell(f.expected)})`,
        '',
        '```',
        f.exchange,
        '```',
        '',
      );
    }
    if (row.broken > row.findings.length) lines.push(`(${row.broken - row.findings.length} more not shown)`, '');
  }
  // Side, rule ID, count and time hold no pipe or line break: markdownList escapes what only the texts can hold.
  const observations = r.observations.map(
    (o) => `${o.side} ${o.ruleId}: ${o.text}${o.count > 1 ? ` (×${o.count})` : ''}`,
  );
  const unavailable = r.unavailableExchanges.map((u) => `${u.at} ${u.what}: ${u.problem}`);
  // Spread into an array, not into push(): a long session's observations are not bounded.
  return [
    ...lines,
    ...(observations.length
      ? markdownList('## Observations (what the document leaves open: recorded, never failed)', observations)
      : []),
    ...(unavailable.length ? markdownList('## Not delivered (infrastructure, not conformance)', unavailable) : []),
  ].join('\n');
}

/**
 * traffic.md, traffic.json and traffic-junit.xml in the reports folder; returns the paths written and, when the
 * file system refused one (a full disk, a folder removed while the proxy ran), the sentence saying which and why.
 */
export function writeTrafficReports(dir: string, report: TrafficReport): { files: string[]; notWritten?: string } {
  return writeReportFiles(dir, [
    ['traffic.md', trafficMarkdown(report)],
    ['traffic.json', `${JSON.stringify(report, null, 2)}\n`],
    ['traffic-junit.xml', trafficJunit(report)],
  ]);
}
