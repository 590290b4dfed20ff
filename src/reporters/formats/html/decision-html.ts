import { configurationGap, configurationSkip } from '../../../config/configuration-skips.js';
import type { Finding } from '../../../evidence/test-record.js';
import { isBroken, type Failure } from '../../model/rule-outcomes.js';
import { escapeHtml, htmlList } from './html-escape.js';
import type { ConformanceJson, RuleJson } from '../../model/read-report.js';

/**
 * The part of conformance.html a QA lead reads first, right under the verdict: the failed rules with what
 * was expected, what was found, the redacted exchange and a reproduce line; then the rules that judged
 * nothing or were skipped, each with what to do; then the generated inputs' seed and how to replay it.
 * Built only from the report (what conformance.json holds), which is redacted before it gets there.
 */

/** Failed tests shown in full per rule; the rest are named (a fault in one rule can fail twenty tests). */
const SHOWN_PER_RULE = 2;

export const DECISION_STYLE = `
.decision { margin: 1.2rem 0; } .decision h2 { margin-top: 1.4rem; }
.failed-rule {
  border: 1px solid #e8b4b4; border-left: 6px solid #b42318; border-radius: .3rem;
  padding: .5rem .9rem; margin: .7rem 0; background: #fffafa;
}
.failed-rule h3 { margin: .2rem 0 .4rem; } .failed-rule .test { margin: .5rem 0 .2rem; font-weight: 600; }
dl.ef { display: grid; grid-template-columns: max-content 1fr; gap: .15rem .8rem; margin: .3rem 0; }
dl.ef dt { font-weight: 700; }
dl.ef dd { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
pre {
  background: #f4f6f8; border: 1px solid #d9dee5; border-radius: .3rem; padding: .45rem .6rem; margin: .3rem 0;
  font-size: .8rem; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 16rem; overflow: auto;
}
pre.reproduce { background: #eef4ff; border-color: #b9cdf0; }
.summary td { font-size: .9rem; } .summary td:nth-child(3) { max-width: 34rem; overflow-wrap: anywhere; }
.actions td { vertical-align: top; } .actions td.id { width: 11rem; white-space: normal; } .action { color: #0d3f7a; }
`;

/** "why: what to do" as the catalogue's reasons are written (tests/why-not-exercised.ts); the last colon parts them. */
function whyAndAction(reason: string): { why: string; action?: string } {
  const cut = reason.lastIndexOf(': ');
  return cut < 0 ? { why: reason } : { why: reason.slice(0, cut), action: reason.slice(cut + 2) };
}

function failureHtml(f: Failure): string {
  if (isBroken(f)) return `<dl class="ef"><dt>Failure</dt><dd>${escapeHtml(f.message)}</dd></dl>`;
  const expected = `<dt>Expected</dt><dd>${escapeHtml(f.expected)}</dd>`;
  const found = `<dt>Found</dt><dd>${escapeHtml(f.found)}</dd>`;
  const ef = `<dl class="ef">${expected}${found}</dl>`;
  const exchanges = f.exchanges.map((e, i) => {
    const line = f.reproduce[i];
    return `<pre class="exchange">${escapeHtml(e)}</pre>${line ? `<pre class="reproduce">Reproduce with: ${escapeHtml(line)}</pre>` : ''}`;
  });
  return ef + exchanges.join('');
}

/** A test's title, linked to its entry in Playwright's HTML report (html/, beside the page) when it has an ID. */
export function testLink(t: RuleJson['tests'][number]): string {
  const title = escapeHtml(t.title.replace(/^[^›]*\.spec\.ts › /, ''));
  return t.id ? `<a href="html/index.html#?testId=${encodeURIComponent(t.id)}">${title}</a>` : title;
}

function failedRuleHtml(r: RuleJson): string {
  const failed = r.tests.filter((t) => t.outcome === 'failed');
  const shown = failed.slice(0, SHOWN_PER_RULE).map((t) => {
    const failures = t.failures?.length
      ? t.failures.map(failureHtml).join('')
      : `<dl class="ef"><dt>Failure</dt><dd>${escapeHtml(t.note ?? 'see the test in html/')}</dd></dl>`;
    return `<div class="test">${testLink(t)}</div>${failures}`;
  });
  const more = failed.slice(SHOWN_PER_RULE);
  const rest = more.length
    ? `<p class="rule">${more.length} more test${more.length > 1 ? 's' : ''} failed on ${escapeHtml(r.id)}: ` +
      `${more.map(testLink).join('; ')}</p>`
    : '';
  return (
    `<div class="failed-rule" id="failed-${escapeHtml(r.id)}"><h3>${escapeHtml(r.id)} failed: ` +
    `${escapeHtml(r.rule)}</h3><div class="rule">section ` +
    `${escapeHtml(r.section ?? '?')}</div>${shown.join('')}${rest}</div>`
  );
}

/** What to do about the rules that were not exercised, skipped or not run: one row per reason, its rules together. */
function actionRows(report: ConformanceJson): string[] {
  const rows = new Map<string, { status: string; why: string; action: string; rules: string[] }>();
  const add = (r: RuleJson, why: string, action: string, status: string = r.status) => {
    const key = `${status}\u0000${why}\u0000${action}`;
    const row = rows.get(key) ?? { status, why, action, rules: [] };
    row.rules.push(r.id);
    rows.set(key, row);
  };
  for (const r of report.rules) {
    if (r.status === 'not exercised') {
      for (const reason of r.notExercised?.length ? r.notExercised : ['its tests passed without judging anything']) {
        const { why, action } = whyAndAction(reason);
        add(r, why, action ?? "see the rule's tests");
      }
    } else if (r.status === 'skipped') {
      const notes = new Set(r.tests.filter((t) => t.outcome === 'skipped').map((t) => t.note ?? 'skipped'));
      // A rule skipped for want of a variable shows that skip alone: its by-design skips (control-API tests on
      // a real target) are no choice of the run, and "provide what it names" would send the reader nowhere.
      const needs = [...notes].filter((note) => configurationSkip(note));
      for (const why of needs.length ? needs : notes) {
        const set = configurationSkip(why)?.set;
        add(
          r,
          why,
          set
            ? `set ${set} to check the rule, or sign off without it`
            : "a choice of this run's configuration: provide what it names to check the rule, or sign off without it",
        );
      }
    } else if (r.status === 'passed') {
      // Passed on what it judged, with a part a variable would have let it judge (configurationGap).
      for (const reason of (r.notExercised ?? []).filter((n) => configurationGap(n))) {
        const { why, action } = whyAndAction(reason);
        add(r, why, action ?? "see the rule's tests", 'passed in part');
      }
    } else if (r.status === 'not run')
      add(r, 'no test of this rule ran (a filtered or sharded run)', 'run the whole suite, or merge every shard');
  }
  return [...rows.values()].map((row) => {
    const id = `<td class="id">${escapeHtml(row.rules.join(', '))}</td>`;
    const status = `<td class="outcome ${row.status === 'not exercised' ? 'unexercised' : 'other'}">${escapeHtml(row.status)}</td>`;
    const action = `<td class="action">${escapeHtml(row.action)}</td>`;
    return `<tr>${id}${status}<td>${escapeHtml(row.why)}</td>${action}</tr>`;
  });
}

function generatedHtml(report: ConformanceJson): string {
  const g = report.generated;
  if (!g) return '';
  const replay =
    g.seed === undefined
      ? `each property's own seed (${escapeHtml(g.replay)})`
      : `<code>PG_SEED=${g.seed} npm run conformance</code>`;
  const shrunk = g.counterExamples.length
    ? `<p>Smallest inputs that still failed:</p>${htmlList(g.counterExamples)}`
    : '';
  return (
    `<h2 id="generated">Generated inputs</h2><p>Seed <strong>${g.seed ?? '(per shard)'}</strong>, up to ` +
    `${g.runsPerProperty} inputs a property; replay exactly these inputs with ${replay}.</p>${shrunk}`
  );
}

/** One line per failed rule, its first failure's Expected and Found: every failed rule on the first screen. */
function failedSummary(failed: RuleJson[]): string {
  const rows = failed.map((r) => {
    const tests = r.tests.filter((t) => t.outcome === 'failed');
    const first = tests.flatMap((t) => t.failures ?? []).find((f): f is Finding => !isBroken(f));
    const id = escapeHtml(r.id);
    const link = `<td class="id"><a href="#failed-${id}">${id}</a></td>`;
    const expected = `<td>${escapeHtml(first?.expected ?? '(see below)')}</td>`;
    const found = `<td>${escapeHtml(first?.found ?? tests[0]?.note ?? '(see below)')}</td>`;
    return `<tr>${link}${expected}${found}<td>${tests.length}</td></tr>`;
  });
  return (
    `<table class="summary" id="failed-summary"><thead><tr><th>Rule</th><th>Expected</th><th>Found (first ` +
    `failure)</th><th>Tests failed</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
  );
}

export function decisionHtml(report: ConformanceJson): string {
  const failed = report.rules.filter((r) => r.status === 'failed');
  const failedHtml = failed.length
    ? `<h2 id="failed">Failed rules (${failed.length}): the gateway deviates from the ` +
      `document</h2>${failedSummary(failed)}${failed.map(failedRuleHtml).join('')}`
    : '';
  const actions = actionRows(report);
  const actionsHtml = actions.length
    ? `<h2 id="to-do">Not exercised or skipped: not a pass, and what to do</h2><table ` +
      `class="actions"><thead><tr><th>Rule</th><th>Outcome</th><th>Why</th><th>What to ` +
      `do</th></tr></thead><tbody>${actions.join('')}</tbody></table>`
    : '';
  const notCheckable = report.rules.filter((r) => r.status === 'not checkable on this target').map((r) => r.id);
  const notCheckableHtml = notCheckable.length
    ? `<p class="rule">Not checkable on this target (they need the embedded mock's control API; <code>npm ` +
      `run conformance</code> against the mock checks them): ${escapeHtml(notCheckable.join(', '))}.</p>`
    : '';
  // As the console's and conformance.md's summary: what keeps the verdict from CONFORMANT besides the rules.
  const list = (title: string, id: string, items: string[]) =>
    items.length ? `<h2 id="${id}">${title} (${items.length})</h2>${htmlList(items)}` : '';
  const gapsHtml =
    list('Configuration problems, fix these first', 'configuration', report.configuration ?? []) +
    list(
      'Operations never served',
      'not-served',
      (report.operationsNotServed ?? []).map((o) => `${o.operation}: ${o.reason}`),
    );
  return `<div class="decision">${gapsHtml}${failedHtml}${actionsHtml}${notCheckableHtml}${generatedHtml(report)}</div>`;
}
