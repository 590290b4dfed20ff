import { DECISION_STYLE, decisionHtml, testLink } from './decision-html.js';
import { describeJudged, driftSections, type Drift } from '../../drift/drift.js';
import { baselineLine, summaryLine } from '../../drift/drift-markdown.js';
import { escapeHtml, htmlList } from './html-escape.js';
import { htmlPage } from './page-shell.js';
import { verdictLineOf, type ConformanceJson, type RuleJson } from '../../model/read-report.js';
import { coverageHtml } from './coverage-html.js';
import type { Night } from '../../history/night-history.js';
import { NIGHT_GRID_STYLE, nightGridHtml } from './night-grid-html.js';
import { knownSections } from '../../known-deviations/known-outcomes.js';
import { LENIENCIES_INTRO, LENIENCIES_TITLE, leniencyDetail, leniencyHeading } from '../leniency-lines.js';

/**
 * reports/conformance.html: one page a QA lead can read and sign off, leading with what needs a decision
 * (decision-html.ts), then the full table. Self-contained (inline style, no script, nothing fetched); each
 * test links into Playwright's HTML report written beside it (html/).
 * Built only from the report (what conformance.json holds), which is redacted before it gets there.
 */

/** Outcome → colour class; anything new (an outcome added later) still renders, in neutral grey. */
function outcomeClass(status: string): string {
  const known: Record<string, string> = {
    passed: 'pass',
    failed: 'fail',
    'known deviation': 'known',
    'target unavailable': 'unavail',
    'not exercised': 'unexercised',
    CONFORMANT: 'pass',
    'NON-CONFORMANT': 'fail',
    'CONFORMANT WITH KNOWN DEVIATIONS': 'known',
    'TARGET UNAVAILABLE': 'unavail',
    'NOT FULLY EXERCISED': 'unexercised',
  };
  return known[status] ?? 'other';
}

const STYLE = `
body {
  font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif;
  margin: 2rem auto; max-width: 78rem; padding: 0 1rem; color: #1d232b;
}
h1 { margin: 0 0 .5rem; font-size: 1.6rem; } h2 { margin-top: 2rem; font-size: 1.2rem; } h3 { font-size: 1rem; margin: 1rem 0 .3rem; }
.verdict { display: inline-block; padding: .4rem .9rem; border-radius: .4rem; font-weight: 700; font-size: 1.2rem; }
.meta { color: #4a5563; margin: .6rem 0; } .meta span { margin-right: 1.4rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: top; padding: .45rem .6rem; border-bottom: 1px solid #d9dee5; }
th { background: #f1f3f6; font-size: .85rem; text-transform: uppercase; letter-spacing: .03em; color: #4a5563; }
td.id { font-weight: 700; white-space: nowrap; } td.outcome { font-weight: 600; white-space: nowrap; }
.rule { color: #4a5563; font-size: .9rem; } ul { margin: .2rem 0; padding-left: 1.1rem; } li { margin: .1rem 0; }
.pass { background: #dcf5e3; color: #0d5223; } .fail { background: #fbdcdc; color: #8a1212; }
.known { background: #e3e8fb; color: #25307a; } .unavail { background: #fdebc8; color: #7a4b00; }
.unexercised { background: #fff3b0; color: #5c4a00; } .other { background: #eceff3; color: #3b4450; }
.tests a { color: #1451a3; } .obs { font-size: .88rem; color: #3b4450; }
.note { border-left: 4px solid #c9a227; padding: .3rem .8rem; background: #fff8e1; }
code { font-size: .85em; } .badge { font-size: .75rem; font-weight: 600; padding: 0 .3rem; border-radius: .2rem; }
.tests ul { list-style: none; padding-left: 0; } .tests li { margin: .2rem 0; }
`;

const ALL_RULES_INTRO =
  "Each test links to its entry in Playwright's HTML report (<code>html/index.html</code>, written beside this page), " +
  'with the redacted exchanges it sent and received.';

function ruleRow(r: RuleJson): string {
  const tests = r.tests
    .map(
      (t) =>
        `<li><span class="${outcomeClass(t.outcome)} badge">${escapeHtml(t.outcome)}</span> ` +
        `${testLink(t)}${t.note ? ` <span class="rule">(${escapeHtml(t.note)})</span>` : ''}</li>`,
    )
    .join('');
  const passed = r.tests.filter((t) => t.outcome === 'passed').length;
  const judged = 'judged' in r ? describeJudged(r.judged) : `${passed} of ${r.tests.length} tests passed`;
  const unjudged = r.status === 'not exercised' ? 'Not exercised' : 'Not judged in part';
  const why = r.notExercised?.length
    ? `<div class="obs">${escapeHtml(unjudged)}: ${escapeHtml(r.notExercised.join('; '))}</div>`
    : '';
  const observations = r.observations.map((o) => `<li>${escapeHtml(typeof o === 'string' ? o : o.text)}</li>`).join('');
  const where = `<div class="rule">section ${escapeHtml(r.section ?? '?')}, ${escapeHtml(r.check)}</div>`;
  const observed = observations
    ? `<div class="obs">Observed (left open by the document):<ul>${observations}</ul></div>`
    : '';
  return `<tr class="${outcomeClass(r.status)}-row">
<td class="id">${escapeHtml(r.id)}</td>
<td><div>${escapeHtml(r.rule)}</div>${where}${observed}</td>
<td class="outcome ${outcomeClass(r.status)}">${escapeHtml(r.status)}</td>
<td>${escapeHtml(judged)}${why}</td>
<td class="tests"><ul>${tests}</ul></td>
</tr>`;
}

/** The known deviations the run accepted, those that expired and those no longer seen, under the decision part. */
function knownHtml(report: ConformanceJson): string {
  return knownSections(report.knownDeviations)
    .map((s) => `<h2 class="known-deviations">${escapeHtml(s.title)}</h2>${htmlList(s.lines)}`)
    .join('');
}

/** The notable leniencies the gateway served, each with its detail; nothing when none was. */
function leniencyHtml(report: ConformanceJson): string {
  const seen = report.leniencies ?? [];
  if (!seen.length) return '';
  const items = seen
    .map((l) => `<li><strong>${escapeHtml(leniencyHeading(l))}</strong>${htmlList(leniencyDetail(l))}</li>`)
    .join('');
  const intro = `<p class="rule">${escapeHtml(LENIENCIES_INTRO)}</p>`;
  return `<h2 id="leniencies">${escapeHtml(LENIENCIES_TITLE)}</h2>${intro}<ul class="leniencies">${items}</ul>`;
}

function driftHtml(drift: Drift | string): string {
  if (typeof drift === 'string') return `<h2>Since the baseline</h2><p class="note">${escapeHtml(drift)}</p>`;
  const notes = drift.notes.map((n) => `<p class="note">${escapeHtml(n)}</p>`).join('');
  const sections = driftSections(drift)
    .map((s) => `<h3>${escapeHtml(s.title)}</h3>${htmlList(s.lines)}`)
    .join('');
  return (
    `<h2>Since the ` +
    `baseline</h2><p>${escapeHtml(baselineLine(drift))}</p><p><strong>${escapeHtml(summaryLine(drift))}</strong></p>${notes}${sections}`
  );
}

/** The page of a report: this run's, or one read from disk; `nights` draws the history grid. */
export function conformancePage(
  report: ConformanceJson & { drift?: Drift | string },
  nights?: readonly Night[],
): string {
  const drift = report.drift;
  const unavailable = report.unavailable?.length
    ? `<h2>Target unavailable (infrastructure, not conformance)</h2>${htmlList(report.unavailable)}`
    : '';
  const target = `<span>Target: <strong>${escapeHtml(report.targetId ?? report.target)}</strong></span>`;
  const run = `<span>Run: ${escapeHtml(report.started)} to ${escapeHtml(report.finished)}</span>`;
  const catalogue = report.catalogue
    ? `<span>Catalogue: ${report.catalogue.rules} rules, version ${escapeHtml(report.catalogue.hash)}</span>`
    : '';
  return htmlPage(
    `Conformance: ${report.verdict} (${report.target})`,
    `${STYLE}${DECISION_STYLE}${nights ? NIGHT_GRID_STYLE : ''}`,
    `<h1>Conformance report</h1>
<div class="verdict ${outcomeClass(report.verdict)}" id="verdict">${escapeHtml(verdictLineOf(report))}</div>
<p class="meta">${target}${run}${catalogue}</p>
${unavailable}
${decisionHtml(report)}
${knownHtml(report)}
${leniencyHtml(report)}
${drift === undefined ? '' : driftHtml(drift)}
${nights ? nightGridHtml(nights) : ''}
<h2 id="all-rules">All rules</h2>
<p class="rule">${ALL_RULES_INTRO}</p>
<table id="rules">
<thead><tr><th>Rule</th><th>What a conformant gateway does</th><th>Outcome</th><th>What was judged</th><th>Tests</th></tr></thead>
<tbody>
${report.rules.map(ruleRow).join('\n')}
</tbody>
</table>
${coverageHtml(report.coverage)}`,
  );
}
