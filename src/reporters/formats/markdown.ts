import { scopeName } from '../../evidence/test-record.js';
import { isBroken } from '../model/rule-outcomes.js';
import { COVERAGE_INTRO, coverageFigure, fieldDetail, type Coverage } from '../model/coverage.js';
import type { ConformanceReport, RuleReport } from '../model/conformance-report.js';
import { summaryLines } from './summary-lines.js';
import { knownSections } from '../known-deviations/known-outcomes.js';
import type { GeneratedSection } from '../model/run-wide-records.js';
import { driftMarkdown } from '../drift/drift-markdown.js';
import { markdownCell, markdownList } from './markdown-cell.js';
import { LENIENCIES_INTRO, LENIENCIES_TITLE, leniencyDetail, leniencyHeading } from './leniency-lines.js';
import type { LeniencyJson } from '../model/read-report.js';

/** conformance.md: the verdict, what needs a decision, then every rule in detail. */
export function conformanceMarkdown(s: ConformanceReport): string {
  const lines = [
    '# Conformance report',
    '',
    `**${s.verdictLine}**`,
    '',
    `- Target: ${s.target}`,
    `- Run: ${s.started} to ${s.finished}`,
    '',
  ];
  const summary = summaryLines(s);
  if (summary.length) lines.push('## Summary', '', '```', ...summary, '```', '');
  if (s.unavailable.length) {
    lines.push(...markdownList('## Target unavailable (infrastructure, not conformance)', s.unavailable));
  }
  if (s.learnedLimits?.length) {
    const limits = s.learnedLimits.map((l) => `${scopeName(l.scope)}: about ${l.perSecond} requests a second`);
    lines.push(...markdownList('## Rate limits learned (from 429s, not part of the verdict)', limits));
  }
  lines.push(...failedMarkdown(s.rules));
  for (const section of knownSections(s.knownDeviations)) {
    lines.push(...markdownList(`## ${section.title}`, section.lines));
  }
  lines.push(...leniencyMarkdown(s.leniencies));
  if (s.drift !== undefined) lines.push(...driftMarkdown(s.drift));
  const notExercised = s.rules.filter((o) => o.status === 'not exercised');
  if (notExercised.length) {
    lines.push("## Not exercised (the target's data gave these rules nothing to judge: not a pass)", '');
    for (const o of notExercised) lines.push(`- ${o.id}: ${markdownCell(o.notExercised.join('; '))}`);
    lines.push('');
  }
  lines.push('## Rules', '', '| Rule | Section | Check | Outcome | Judged | Tests |', '|---|---|---|---|---|---|');
  for (const o of s.rules) {
    const passed = o.tests.filter((t) => t.outcome === 'passed').length;
    lines.push(
      `| ${o.id} | ${o.section} | ${o.check} | ${o.status} | ` +
        `${markdownCell(o.judged.join(', ') || '—')} | ${passed}/${o.tests.length} passed |`,
    );
  }
  lines.push('', '## Rules in detail', '');
  for (const o of s.rules) {
    lines.push(`### ${o.id}: ${o.status}`, '', o.rule, '', `> ${o.source} (section ${o.section})`, '');
    if (o.judged.length) lines.push(`Judged: ${markdownCell(o.judged.join(', '))}`, '');
    if (o.notExercised.length)
      lines.push(
        `${o.status === 'not exercised' ? 'Not exercised' : 'Not judged in part'}: ${markdownCell(o.notExercised.join('; '))}`,
        '',
      );
    for (const t of o.tests) {
      const notes = [t.judged !== undefined ? `judged ${t.judged}` : '', t.note ?? ''].filter(Boolean).join('; ');
      lines.push(`- ${t.outcome}: ${markdownCell(t.title)}${notes ? ` (${markdownCell(notes)})` : ''}`);
    }
    if (o.observations.length) {
      lines.push('', 'Observed where the document leaves the behaviour open:');
      for (const obs of o.observations) lines.push(`- ${markdownCell(`${o.id}: ${obs.text}`)}`);
    }
    lines.push('');
  }
  if (s.coverage) lines.push(...coverageMarkdown(s.coverage));
  if (s.generated) lines.push(...generatedMarkdown(s.generated));
  return `${lines.join('\n')}\n`;
}

/** The notable leniencies, each with what was sent and what serving it means; nothing when none was served. */
export function leniencyMarkdown(leniencies: readonly LeniencyJson[] = []): string[] {
  if (!leniencies.length) return [];
  const lines = [`## ${LENIENCIES_TITLE}`, '', LENIENCIES_INTRO, ''];
  for (const l of leniencies)
    lines.push(`- **${markdownCell(leniencyHeading(l))}**`, ...leniencyDetail(l).map((d) => `  - ${markdownCell(d)}`));
  return [...lines, ''];
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
 * conformance.md's "Failed rules" section, right under the verdict: per failed rule, each failed test's
 * Expected and Found and the reproduce line of each exchange (failure-details.ts). Redacted where the
 * failure was written (RuleViolation).
 */
function failedMarkdown(rules: readonly RuleReport[]): string[] {
  const failed = rules.filter((o) => o.status === 'failed');
  if (!failed.length) return [];
  const lines = ['## Failed rules', ''];
  for (const o of failed) {
    lines.push(`### ${o.id}: ${o.rule}`, '');
    for (const t of o.tests.filter((x) => x.outcome === 'failed')) {
      lines.push(`- ${t.title.replace(/\n/g, ' ')}`);
      // A double-backtick code span holds a backtick a generated input may carry.
      for (const f of t.failures ?? []) {
        if (isBroken(f)) lines.push('', '  ```', ...f.message.split('\n').map((l) => `  ${l}`), '  ```');
        else
          lines.push(
            `  - Expected: ${f.expected}`,
            `  - Found: ${f.found.replace(/\n/g, '; ')}`,
            ...f.reproduce.map((r) => `  - Reproduce with: \`\` ${r} \`\``),
          );
      }
    }
    lines.push('');
  }
  return lines;
}

/** The coverage section: per operation, every field the document lists with what the run did with it. */
export function coverageMarkdown(c: Coverage): string[] {
  const lines = [`## Coverage of the document (${coverageFigure(c)})`, '', COVERAGE_INTRO, ''];
  for (const op of [...new Set(c.fields.map((f) => f.operation))]) {
    const of = c.fields.filter((f) => f.operation === op);
    lines.push(
      `### ${op}: ${of.filter((f) => f.exercised).length} of ${of.length} exercised`,
      '',
      '| Where | Field | Documented type | Exercised | Detail |',
      '|---|---|---|---|---|',
    );
    for (const f of of)
      lines.push(
        `| ${f.side === 'response' ? `answer: ${f.group}` : f.group} | ${f.field} | ${markdownCell(f.type)} | ` +
          `${f.exercised ? 'yes' : '**no**'} | ${markdownCell(fieldDetail(f))} |`,
      );
    lines.push('');
  }
  return lines;
}
