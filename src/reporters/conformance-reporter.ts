import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { loadRules } from '../contract/rules.js';
import { ruleOutcomes, verdictOf, type RuleOutcome, type TestRecord, type Verdict } from './rule-outcomes.js';

type Options = { outputDir?: string; quiet?: boolean };

// A RuleViolation message starts "[TOK-8] …"; Playwright may prefix it with the error name.
const VIOLATION = /^(?:[A-Za-z]+: )?\[([A-Z]+-[0-9]+)\]/gm;

function annotationsOf(test: TestCase, result: TestResult) {
  const seen = new Set<string>();
  return [...test.annotations, ...(result.annotations ?? [])].filter((a) => {
    const key = `${a.type}\u0000${a.description ?? ''}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** Writes reports/conformance.md and .json: every rule of the catalogue with its tests, outcome and observations. */
export default class ConformanceReporter implements Reporter {
  private readonly outputDir: string;
  private readonly quiet: boolean;
  private readonly records: TestRecord[] = [];
  private started = new Date();

  constructor(options: Options = {}) {
    this.outputDir = options.outputDir ?? 'reports';
    this.quiet = options.quiet ?? false;
  }

  printsToStdio(): boolean {
    return false;
  }

  onBegin(_config: FullConfig, _suite: Suite): void {
    this.started = new Date();
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const annotations = annotationsOf(test, result);
    const errorText = result.errors.map((e) => e.message ?? '').join('\n');
    const outcome = result.status === 'skipped' ? 'skipped' : result.status === 'passed' ? 'passed' : 'failed';
    this.records.push({
      title: test.titlePath().filter(Boolean).join(' › '),
      file: test.location.file,
      rules: [...new Set(annotations.filter((a) => a.type === 'rule').map((a) => a.description ?? ''))],
      violated: [...new Set([...errorText.matchAll(VIOLATION)].map((m) => m[1] ?? ''))],
      outcome,
      skipReason: annotations.find((a) => a.type === 'skip')?.description,
      observations: annotations.filter((a) => a.type === 'observation').map((a) => a.description ?? ''),
      error: outcome === 'failed' ? errorText.split('\n').slice(0, 3).join(' ') : undefined,
    });
  }

  onEnd(result: FullResult): void {
    const target = process.env.PG_TARGET || 'mock';
    const outcomes = ruleOutcomes(loadRules(), this.records, target);
    const verdict = verdictOf(outcomes);
    const summary = {
      target,
      started: this.started.toISOString(),
      finished: new Date().toISOString(),
      runStatus: result.status,
      verdict,
      counts: countBy(outcomes),
      rules: outcomes.map((o) => ({ id: o.rule.id, section: o.rule.section, rule: o.rule.rule, check: o.rule.check, status: o.status, tests: o.tests, observations: o.observations })),
    };
    mkdirSync(this.outputDir, { recursive: true });
    writeFileSync(join(this.outputDir, 'conformance.json'), `${JSON.stringify(summary, null, 2)}\n`);
    writeFileSync(join(this.outputDir, 'conformance.md'), markdown(summary.target, summary.started, verdict, outcomes));
    if (!this.quiet) console.log(`\nConformance: ${verdictLine(verdict, outcomes)} (${join(this.outputDir, 'conformance.md')})`);
  }
}

function countBy(outcomes: RuleOutcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of outcomes) counts[o.status] = (counts[o.status] ?? 0) + 1;
  return counts;
}

function verdictLine(verdict: Verdict, outcomes: RuleOutcome[]): string {
  const parts = Object.entries(countBy(outcomes)).map(([status, n]) => `${n} ${status}`);
  return `${verdict}: ${outcomes.length} rules, ${parts.join(', ')}`;
}

function markdown(target: string, started: string, verdict: Verdict, outcomes: RuleOutcome[]): string {
  const lines = [
    '# Conformance report',
    '',
    `**${verdictLine(verdict, outcomes)}**`,
    '',
    `- Target: ${target}`,
    `- Run started: ${started}`,
    '',
    '| Rule | Section | Check | Outcome | Tests |',
    '|---|---|---|---|---|',
  ];
  for (const o of outcomes) {
    const passed = o.tests.filter((t) => t.outcome === 'passed').length;
    const tests = `${passed}/${o.tests.length} passed`;
    lines.push(`| ${o.rule.id} | ${o.rule.section} | ${o.rule.check} | ${o.status} | ${tests} |`);
  }
  lines.push('', '## Rules in detail', '');
  for (const o of outcomes) {
    lines.push(`### ${o.rule.id}: ${o.status}`, '', `${o.rule.rule}`, '', `> ${o.rule.source} (section ${o.rule.section})`, '');
    for (const t of o.tests) lines.push(`- ${t.outcome}: ${escapeCell(t.title)}${t.note ? ` (${escapeCell(t.note)})` : ''}`);
    if (o.observations.length) {
      lines.push('', 'Observed where the document leaves the behaviour open:');
      for (const obs of o.observations) lines.push(`- ${escapeCell(obs)}`);
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}
