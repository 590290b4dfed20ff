import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { baselineDrift } from './drift/baseline.js';
import { conformancePage } from './html/conformance-html.js';
import { driftMarkdown } from './drift/drift-markdown.js';
import { coverageFigure, coverageMarkdown, type Coverage } from './coverage.js';
import { failedMarkdown } from './failed-markdown.js';
import type { RuleOutcome, Verdict } from './outcomes/rule-outcomes.js';
import { selectionPhrase } from './outcomes/rule-selection.js';
import { catalogueOf } from './outcomes/run-identity.js';
import { summaryLines } from './console-summary.js';
import type { OperationGap } from './records/exercised.js';
import { nightOf, readHistory, withNight, writeHistory, type Night } from './nights/night-history.js';
import { knownPhrase, knownSections, type KnownDeviationsJson } from './known/known-outcomes.js';
import type { GeneratedSection } from './outcomes/run-invariants.js';

export type ConformanceSummary = {
  target: string;
  /** Which gateway, without its address or merchant (run-identity.ts's targetIdOf). */
  targetId: string;
  /** The rules a limited run selected (--rule, PG_RULES); absent for a whole run. */
  selected?: string[];
  started: string;
  finished: string;
  runStatus: string;
  verdict: Verdict;
  counts: Record<string, number>;
  unavailable: string[];
  outcomes: RuleOutcome[];
  /** A previous run's conformance.json to compare with (--baseline / PG_BASELINE). */
  baseline?: string;
  /** Configuration problems (the preflight's, or found during the run). */
  configuration?: string[];
  /** Operations the run never had served. */
  operations?: OperationGap[];
  /** Skipped tests counted by reason. */
  skippedTests?: Record<string, number>;
  /** What the run covered of the document's fields (reports/coverage.ts); absent when no test recorded it. */
  coverage?: Coverage;
  /**
   * The previous nights' history.json (PG_HISTORY): this run is added to it as tonight, written to
   * `dir/history.json` and drawn on the page. Unset: no history is kept and the page draws none.
   */
  history?: string;
  /** What the known-deviations file did to the run; absent when none was read. */
  knownDeviations?: KnownDeviationsJson;
  /** The generated inputs' seed and how to replay them; absent when no property ran. */
  generated?: GeneratedSection;
};

export function countBy(outcomes: RuleOutcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of outcomes) counts[o.status] = (counts[o.status] ?? 0) + 1;
  return counts;
}

/**
 * The verdict with the two numbers kept apart: rules the target let us exercise (Microcks's conformance
 * index, per rule) and rules that passed (its score), then every other status.
 */
export function verdictLine(
  verdict: Verdict,
  outcomes: RuleOutcome[],
  coverage?: Coverage,
  known?: KnownDeviationsJson,
  selected?: string[],
): string {
  return `${verdict}${selectionPhrase(outcomes, selected)}: ${verdictFigures(outcomes, coverage, known)}`;
}

/** The verdict line after the verdict: the rules, how many were exercised and passed, every other status. */
export function verdictFigures(outcomes: RuleOutcome[], coverage?: Coverage, known?: KnownDeviationsJson): string {
  const judged = new Set<string>(['passed', 'failed', 'known deviation']);
  const exercised = outcomes.filter((o) => judged.has(o.status)).length;
  const applicable = outcomes.filter(
    (o) => o.status !== 'not checkable on this target' && o.status !== 'not selected',
  ).length;
  const counts = countBy(outcomes);
  const failed = counts.failed ? `, ${counts.failed} failed` : '';
  const rest = Object.entries(counts)
    .filter(([status]) => !judged.has(status))
    .map(([status, n]) => `${n} ${status}`);
  const accepted = knownPhrase(outcomes, known);
  const passed = `${counts.passed ?? 0} passed${failed}${accepted ? `, ${accepted}` : ''}`;
  const figure = coverage ? `; ${coverageFigure(coverage)}` : '';
  return (
    `${outcomes.length} rules; ${exercised} of ` +
    `${applicable} applicable exercised, ${passed}${rest.length ? `; ${rest.join(', ')}` : ''}${figure}`
  );
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function markdown(s: ConformanceSummary, driftLines: string[]): string {
  const lines = [
    '# Conformance report',
    '',
    `**${verdictLine(s.verdict, s.outcomes, s.coverage, s.knownDeviations, s.selected)}**`,
    '',
    `- Target: ${s.target}`,
    `- Run: ${s.started} to ${s.finished}`,
    '',
  ];
  const summary = summaryLines(s);
  if (summary.length) lines.push('## Summary', '', '```', ...summary, '```', '');
  if (s.unavailable.length) {
    lines.push(
      '## Target unavailable (infrastructure, not conformance)',
      '',
      ...s.unavailable.map((u) => `- ${escapeCell(u)}`),
      '',
    );
  }
  lines.push(...failedMarkdown(s.outcomes));
  for (const section of knownSections(s.knownDeviations)) {
    lines.push(`## ${section.title}`, '', ...section.lines.map((l) => `- ${escapeCell(l)}`), '');
  }
  lines.push(...driftLines);
  const notExercised = s.outcomes.filter((o) => o.status === 'not exercised');
  if (notExercised.length) {
    lines.push("## Not exercised (the target's data gave these rules nothing to judge: not a pass)", '');
    for (const o of notExercised) lines.push(`- ${o.rule.id}: ${escapeCell(o.notExercised.join('; '))}`);
    lines.push('');
  }
  lines.push('## Rules', '', '| Rule | Section | Check | Outcome | Judged | Tests |', '|---|---|---|---|---|---|');
  for (const o of s.outcomes) {
    const passed = o.tests.filter((t) => t.outcome === 'passed').length;
    lines.push(
      `| ${o.rule.id} | ${o.rule.section} | ${o.rule.check} | ${o.status} | ` +
        `${escapeCell(o.judged.join(', ') || '—')} | ${passed}/${o.tests.length} passed |`,
    );
  }
  lines.push('', '## Rules in detail', '');
  for (const o of s.outcomes) {
    lines.push(
      `### ${o.rule.id}: ${o.status}`,
      '',
      o.rule.rule,
      '',
      `> ${o.rule.source} (section ${o.rule.section})`,
      '',
    );
    if (o.judged.length) lines.push(`Judged: ${escapeCell(o.judged.join(', '))}`, '');
    if (o.notExercised.length)
      lines.push(
        `${o.status === 'not exercised' ? 'Not exercised' : 'Not judged in part'}: ${escapeCell(o.notExercised.join('; '))}`,
        '',
      );
    for (const t of o.tests) {
      const notes = [t.judged !== undefined ? `judged ${t.judged}` : '', t.note ?? ''].filter(Boolean).join('; ');
      lines.push(`- ${t.outcome}: ${escapeCell(t.title)}${notes ? ` (${escapeCell(notes)})` : ''}`);
    }
    if (o.observations.length) {
      lines.push('', 'Observed where the document leaves the behaviour open:');
      for (const obs of o.observations) lines.push(`- ${escapeCell(`${obs.ruleId}: ${obs.text}`)}`);
    }
    lines.push('');
  }
  if (s.coverage) lines.push(...coverageMarkdown(s.coverage));
  if (s.generated) lines.push(...generatedMarkdown(s.generated));
  return `${lines.join('\n')}\n`;
}

function generatedMarkdown(g: GeneratedSection): string[] {
  const lines = [
    '## Generated inputs',
    '',
    `- Seed ${g.seed ?? '(per shard, below)'}, up to ${g.runsPerProperty} inputs a property; replay with \`${g.replay}\``,
    ...g.properties.map((p) => `- ${p}`),
  ];
  if (g.counterExamples.length)
    lines.push(
      '',
      'Shrunk counter-examples (the smallest input that still failed):',
      ...g.counterExamples.map((c) => `- ${c.replace(/\n/g, ' ')}`),
    );
  return lines;
}

/**
 * Writes conformance.json, conformance.md and conformance.html into `dir`, with the drift since a baseline when
 * named, and history.json when a history is kept; returns the nights the page drew.
 */
export function writeConformance(dir: string, s: ConformanceSummary): Night[] | undefined {
  const json = {
    target: s.target,
    targetId: s.targetId,
    catalogue: catalogueOf(s.outcomes.map((o) => o.rule)),
    started: s.started,
    finished: s.finished,
    runStatus: s.runStatus,
    verdict: s.verdict,
    verdictLine: verdictLine(s.verdict, s.outcomes, s.coverage, s.knownDeviations, s.selected),
    counts: s.counts,
    unavailable: s.unavailable,
    configuration: s.configuration ?? [],
    operationsNotServed: s.operations ?? [],
    rules: s.outcomes.map((o) => ({
      id: o.rule.id,
      section: o.rule.section,
      rule: o.rule.rule,
      check: o.rule.check,
      status: o.status,
      judged: o.judged,
      notExercised: o.notExercised,
      tests: o.tests,
      observations: o.observations.map(({ ruleId: _rule, ...data }) => data),
    })),
    ...(s.coverage ? { coverage: s.coverage } : {}),
    ...(s.knownDeviations ? { knownDeviations: s.knownDeviations } : {}),
  };
  const drift = baselineDrift(s.baseline, json);
  mkdirSync(dir, { recursive: true });
  const nights =
    s.history === undefined ? undefined : carryHistory(s.history, dir, nightOf(json, s.knownDeviations?.known));
  const report = {
    ...json,
    ...(drift === undefined ? {} : { drift }),
    ...(s.generated ? { generated: s.generated } : {}),
  };
  writeFileSync(join(dir, 'conformance.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(dir, 'conformance.md'), markdown(s, drift === undefined ? [] : driftMarkdown(drift)));
  writeFileSync(join(dir, 'conformance.html'), conformancePage(report, drift, nights));
  return nights;
}

/** The previous nights and tonight, written beside the reports for the next night to read. */
function carryHistory(previous: string, dir: string, tonight: Night): Night[] {
  const { nights, note } = readHistory(previous);
  if (note) console.error(note);
  const carried = withNight(nights, tonight);
  writeHistory(dir, carried);
  return carried;
}
