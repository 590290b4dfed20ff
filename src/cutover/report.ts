import { writeReportFiles } from '../config/output-folders.js';
import type { EndpointReport } from '../webhook-check/findings.js';
import { formatReport } from '../webhook-check/format-report.js';
import { feltDifferences, type CutoverComparison } from './compare.js';
import { escapeHtml, htmlList } from '../reporters/formats/html/html-escape.js';
import { htmlPage } from '../reporters/formats/html/page-shell.js';
import { markdownCell, markdownList } from '../reporters/formats/markdown-cell.js';
import { LENIENCIES_INTRO, leniencyLine } from '../reporters/formats/leniency-lines.js';

/** Exit codes of `npm run cutover`, in the spirit of `npm run conformance`'s. */
export const CUTOVER_EXIT = {
  ready: 0,
  differences: 1,
  configuration: 2,
  unavailable: 3,
  notFullyExercised: 4,
} as const;

export type CutoverOutcome = { code: number; headline: string; problems: string[] };

const NO_SIGN_OFF = 'no difference seen in what both checked, but no sign-off for the rest';

const listed = (items: readonly string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * What production did not exercise of what the sandbox run signed off (a rule it passed, an operation it had
 * served), or undefined when nothing: READY is a sign-off, so it is given only for what production showed.
 */
function notSignedOff(c: CutoverComparison): CutoverOutcome | undefined {
  const rules = c.notExercised.filter((n) => n.sandbox === 'passed');
  const operations = c.operationsNotServed;
  if (!rules.length && !operations.length && c.production.verdict !== 'NOT FULLY EXERCISED') return undefined;
  const set = [...new Set([...operations, ...rules].flatMap((n) => n.set ?? []))];
  const parts = [
    ...(operations.length ? [`${listed(operations.map((o) => o.operation))} never called there`] : []),
    ...(rules.length
      ? [`${rules.length} rule${rules.length === 1 ? '' : 's'} the sandbox run signed off not exercised there`]
      : []),
  ];
  const what = parts.length ? parts.join('; ') : `its own run ended ${c.production.verdict}`;
  const cure = set.length ? ` (set ${listed(set)})` : '';
  return {
    code: CUTOVER_EXIT.notFullyExercised,
    headline: `NOT FULLY EXERCISED ON PRODUCTION: ${what}${cure}; ${NO_SIGN_OFF}`,
    problems: [
      ...operations.map((o) => `${o.operation} was never called on production: ${o.reason}`),
      ...rules.map((n) => `${n.rule} passed on the sandbox and is ${n.production} on production: ${n.why}`),
    ],
  };
}

/**
 * Ready only when production shows no difference a client could feel, the webhook endpoint passes, and
 * production exercised everything the sandbox run signed off (or cannot judge it by design, listed).
 * A production that could not be reached, with nothing else wrong, is not a verdict on the gateway: exit 3.
 * One not fully exercised is not a sign-off either: exit 4, naming what was never called and what to set.
 */
export function cutoverOutcome(c: CutoverComparison, webhook: EndpointReport): CutoverOutcome {
  const problems = feltDifferences(c).map((d) => d.sentence);
  if (!webhook.ok) {
    const failed = webhook.findings.filter((f) => f.status === 'fail').map((f) => `${f.check}: ${f.message}`);
    problems.push(`The webhook endpoint ${webhook.url} fails: ${failed.join('; ')}`);
  }
  if (problems.length)
    return {
      code: CUTOVER_EXIT.differences,
      headline: `NOT READY: ${problems.length} difference${problems.length === 1 ? '' : 's'} to resolve before the move`,
      problems,
    };
  if (c.production.verdict === 'TARGET UNAVAILABLE') {
    return {
      code: CUTOVER_EXIT.unavailable,
      headline: 'PRODUCTION UNAVAILABLE: infrastructure trouble stopped checks, so production is not fully compared',
      problems: [],
    };
  }
  const gap = notSignedOff(c);
  if (gap) return gap;
  const both = c.failingOnBoth.length ? ` (${c.failingOnBoth.join(', ')} fail on both, as on the sandbox)` : '';
  const byDesign = c.unjudgeableOnProduction.map((n) => n.rule);
  const unjudgeable = byDesign.length ? `; ${listed(byDesign)} cannot be judged on production by design (listed)` : '';
  return {
    code: CUTOVER_EXIT.ready,
    headline:
      `READY: production exercised everything the sandbox run signed off and behaves like it${both}${unjudgeable}, ` +
      'and the webhook endpoint passes',
    problems: [],
  };
}

type Section = { title: string; lines: string[]; empty?: string };

function sections(c: CutoverComparison, webhook: EndpointReport): Section[] {
  return [
    {
      title: 'Rule outcomes that differ',
      lines: c.ruleDifferences.map((d) => d.sentence),
      empty: 'None: every rule both runs exercised has the same outcome.',
    },
    {
      title: 'Observations that differ',
      lines: c.observationDifferences.map((d) => d.sentence),
      empty:
        'None: statuses, error shapes, collation, limits and the other behaviours the document leaves open ' +
        'are the same where both runs saw them.',
    },
    { title: 'Webhook endpoint', lines: formatReport(webhook).split('\n') },
    {
      title: 'Not exercised on production',
      lines: [
        ...c.operationsNotServed.map((o) => `${o.operation}: never called on production: ${o.reason}`),
        ...c.notExercised.map((n) => {
          const cure = n.set ? ` (set ${listed(n.set)})` : '';
          return `${n.rule}: ${n.production} on production (the sandbox: ${n.sandbox}): ${n.why}${cure}`;
        }),
      ],
      empty: 'None: production exercised every rule the sandbox run did.',
    },
    {
      title: 'Unjudgeable on production by design',
      lines: c.unjudgeableOnProduction.map(
        (n) => `${n.rule}: ${n.production} on production (the sandbox: ${n.sandbox}): ${n.why}`,
      ),
    },
    {
      title: 'Failing on both',
      lines: c.failingOnBoth.map(
        (id) => `${id} fails on production as on the sandbox: no difference, but no pass either`,
      ),
    },
    { title: 'As on the sandbox (known deviations)', lines: (c.asOnSandbox ?? []).map((d) => d.sentence) },
    {
      title: 'Known deviations carried from the sandbox run',
      lines: (c.knownFromSandbox ?? []).map((k) => {
        const carried = k.covers ? 'carried' : 'not carried';
        return `${k.rule}: ${k.ticket}, until ${k.expires}: ${carried}, ${k.why}`;
      }),
    },
    { title: 'Not compared', lines: c.notes },
    { title: 'Notable leniencies (not part of the outcome)', lines: leniencyLines(c) },
  ];
}

/**
 * Each leniency either run saw, with the side that served it: none is a difference to resolve (the document
 * does not forbid them), but one only the sandbox served is what a client integrated there may lean on.
 */
function leniencyLines(c: CutoverComparison): string[] {
  const { onBoth, productionOnly, sandboxOnly } = c.leniencies;
  if (!onBoth.length && !productionOnly.length && !sandboxOnly.length) return [];
  return [
    LENIENCIES_INTRO,
    ...onBoth.map((l) => `${leniencyLine(l)} (served on production and on the sandbox)`),
    ...productionOnly.map((l) => `${leniencyLine(l)} (served on production; the sandbox run did not see it)`),
    ...sandboxOnly.map(
      (l) =>
        `${leniencyLine(l)} (served on the sandbox, not seen on production: refused there, or its probe did not ` +
        `run there, see ${l.rule}; a client relying on it may fail after the move)`,
    ),
  ];
}

/**
 * The cutover's report, built once from the comparison, the webhook probe and the outcome: cutover.md and
 * .html are written from its lines, cutover.json holds the outcome with the comparison and the probe.
 */
export type CutoverReport = {
  outcome: CutoverOutcome;
  /** The two runs and the webhook endpoint, a line each. */
  header: string[];
  /** The title of the numbered problems: to resolve, or not signed off. */
  problemsTitle: string;
  /** The sections shown: those with lines, or with a sentence saying there is none. */
  sections: Section[];
  comparison: CutoverComparison;
  webhook: EndpointReport;
};

export function cutoverReport(
  c: CutoverComparison,
  webhook: EndpointReport,
  outcome: CutoverOutcome,
  productionDir: string,
): CutoverReport {
  return {
    outcome,
    header: [
      `Sandbox: ${c.sandbox.verdictLine} (run of ${c.sandbox.started}, ${c.sandbox.target}, ${c.sandbox.path})`,
      `Production: ${c.production.verdictLine} (run of ${c.production.started}; its reports are in ${productionDir})`,
      `Webhook endpoint: ${webhook.ok ? 'PASS' : 'FAIL'} (${webhook.url})`,
    ],
    // What the numbered list above the sections holds: differences to resolve, or what production did not sign off.
    problemsTitle: outcome.code === CUTOVER_EXIT.notFullyExercised ? 'Not signed off' : 'To resolve',
    sections: sections(c, webhook).filter((s) => s.lines.length || s.empty !== undefined),
    comparison: c,
    webhook,
  };
}

export function cutoverMarkdown(r: CutoverReport): string {
  const { outcome } = r;
  const lines = [
    '# Cutover report',
    '',
    `**${outcome.headline}**`,
    '',
    ...r.header.map((l) => `- ${markdownCell(l)}`),
    '',
  ];
  if (outcome.problems.length) {
    lines.push(`## ${r.problemsTitle}`, '', ...outcome.problems.map((p, i) => `${i + 1}. ${markdownCell(p)}`), '');
  }
  for (const s of r.sections) {
    if (s.title === 'Webhook endpoint') lines.push(`## ${s.title}`, '', '```', ...s.lines, '```', '');
    else if (s.lines.length) lines.push(...markdownList(`## ${s.title}`, s.lines));
    else lines.push(`## ${s.title}`, '', s.empty!, '');
  }
  return `${lines.join('\n')}\n`;
}

/** The same as one self-contained page (no script, nothing fetched), leading with what needs a decision. */
export function cutoverHtml(r: CutoverReport): string {
  const { outcome } = r;
  const notAPass: number[] = [CUTOVER_EXIT.unavailable, CUTOVER_EXIT.notFullyExercised];
  const tone = outcome.code === 0 ? 'pass' : notAPass.includes(outcome.code) ? 'unavail' : 'fail';
  // The webhook endpoint's lines are one probe's transcript, kept as sent; the others are a list.
  const sectionBody = (s: Section) => {
    if (s.title === 'Webhook endpoint') return `<pre>${escapeHtml(s.lines.join('\n'))}</pre>`;
    return s.lines.length ? htmlList(s.lines) : `<p>${escapeHtml(s.empty!)}</p>`;
  };
  const body = [
    '<h1>Cutover report</h1>',
    `<p class="verdict ${tone}">${escapeHtml(outcome.headline)}</p>`,
    htmlList(r.header),
    outcome.problems.length ? `<h2>${r.problemsTitle}</h2>${htmlList(outcome.problems, 'ol')}` : '',
    ...r.sections.map((s) => `<h2>${escapeHtml(s.title)}</h2>${sectionBody(s)}`),
  ].join('\n');
  const style = `body{font:15px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:70rem;padding:0 1rem;color:#1d232b}
.verdict{display:inline-block;padding:.4rem .9rem;border-radius:.4rem;font-weight:700;font-size:1.15rem}
.pass{background:#dcf5e3;color:#0d5223}.fail{background:#fbdcdc;color:#8a1212}.unavail{background:#fdebc8;color:#7a4b00}
h2{font-size:1.15rem;margin-top:1.6rem}li{margin:.2rem 0}pre{background:#f1f3f6;padding:.6rem;overflow-x:auto}`;
  return htmlPage('Cutover report', style, body);
}

/** cutover.json: the outcome, then the comparison and the webhook probe in full. */
export function cutoverJson(r: CutoverReport): string {
  return `${JSON.stringify({ ...r.outcome, comparison: r.comparison, webhook: r.webhook }, null, 2)}\n`;
}

/**
 * Writes cutover.md, .html and .json, each from the one report built here. A write the file system refuses (a
 * full disk, a folder removed during the run) stops the writing: returned as the sentence saying which file and
 * why, for the command to print above its verdict line; undefined when all were written.
 */
export function writeCutover(
  dir: string,
  c: CutoverComparison,
  webhook: EndpointReport,
  outcome: CutoverOutcome,
  productionDir: string,
): string | undefined {
  const report = cutoverReport(c, webhook, outcome, productionDir);
  return writeReportFiles(dir, [
    ['cutover.md', cutoverMarkdown(report)],
    ['cutover.html', cutoverHtml(report)],
    ['cutover.json', cutoverJson(report)],
  ]).notWritten;
}
