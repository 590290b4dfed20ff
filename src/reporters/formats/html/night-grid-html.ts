import { escapeHtml } from './html-escape.js';
import { KNOWN_DEVIATION_STATUS, markText } from '../../known-deviations/known-deviation-mark.js';
import type { Night } from '../../history/night-history.js';

/** Each outcome's cell: a sign to read without colour, and the class that colours it. */
const CELLS: Record<string, { sign: string; cls: string }> = {
  passed: { sign: '✓', cls: 'n-pass' },
  failed: { sign: '✗', cls: 'n-fail' },
  [KNOWN_DEVIATION_STATUS]: { sign: 'K', cls: 'n-known' },
  'target unavailable': { sign: '!', cls: 'n-unavail' },
  'not exercised': { sign: '○', cls: 'n-unexercised' },
  skipped: { sign: '–', cls: 'n-other' },
  'not checkable on this target': { sign: '·', cls: 'n-other' },
  // A run of some rules (--rule) or a part of the suite: the rule was not judged that night.
  'not selected': { sign: '', cls: 'n-none' },
  'not run': { sign: '', cls: 'n-none' },
};
const NO_CELL = { sign: '', cls: 'n-none' };

const VERDICTS: Record<string, { short: string; cls: string }> = {
  CONFORMANT: { short: 'C', cls: 'n-pass' },
  'CONFORMANT WITH KNOWN DEVIATIONS': { short: 'CK', cls: 'n-known' },
  'NON-CONFORMANT': { short: 'NC', cls: 'n-fail' },
  'NOT FULLY EXERCISED': { short: 'NFE', cls: 'n-unexercised' },
  'TARGET UNAVAILABLE': { short: 'TU', cls: 'n-unavail' },
  INCOMPLETE: { short: 'INC', cls: 'n-other' },
  'CONFIGURATION ERROR': { short: 'CE', cls: 'n-other' },
};

const LEGEND = [
  "✓ passed · ✗ failed · K known deviation (its ticket in the cell's tooltip) · ○ not exercised · – skipped",
  '· not checkable on this target · ! target unavailable · blank: not judged that night (not selected, ' +
    'not run, not in the catalogue then).',
  'Verdicts: C conformant, CK conformant with known deviations, NC non-conformant, NFE not fully exercised,',
  'TU target unavailable, INC incomplete, CE configuration error.',
  'The outlined column is this run; <code>history.json</code> beside this page holds the nights.',
].join(' ');

export const NIGHT_GRID_STYLE = `
.nights-scroll { overflow-x: auto; } table.nights { width: auto; font-size: .8rem; }
table.nights th, table.nights td { padding: .15rem .25rem; text-align: center; border-bottom: 1px solid #e4e8ee; }
table.nights th.night { writing-mode: vertical-rl; transform: rotate(180deg); font-weight: 500; text-transform: none; letter-spacing: 0; }
table.nights td.id, table.nights th.id { text-align: left; position: sticky; left: 0; background: #fff; }
table.nights th.since, table.nights td.since { text-align: left; white-space: nowrap; color: #3b4450; }
table.nights .tonight { border-left: 2px solid #1d232b; border-right: 2px solid #1d232b; }
table.nights th.tonight { border-top: 2px solid #1d232b; } table.nights tbody tr:last-child td.tonight { border-bottom: 2px solid #1d232b; }
.n-pass { background: #dcf5e3; color: #0d5223; } .n-fail { background: #fbdcdc; color: #8a1212; font-weight: 700; }
.n-known { background: #e6dcf7; color: #4b2a85; font-weight: 700; } .n-unavail { background: #fdebc8; color: #7a4b00; }
.n-unexercised { background: #fff3b0; color: #5c4a00; } .n-other { background: #eceff3; color: #3b4450; } .n-none { background: #fff; }
td.new { color: #8a1212; font-weight: 700; }
`;

const failing = (status: string | undefined) => status === 'failed' || status === KNOWN_DEVIATION_STATUS;

/** Since when a rule has been failing (or known), whether that is new tonight, or that it passes again. */
function sinceText(nights: readonly Night[], id: string): { text: string; isNew: boolean } {
  const statuses = nights.map((n) => n.rules[id]);
  const tonight = statuses.at(-1);
  const before = statuses.at(-2);
  if (!failing(tonight)) {
    return { text: failing(before) && tonight === 'passed' ? 'passes again tonight' : '', isNew: false };
  }
  let first = statuses.length - 1;
  while (first > 0 && failing(statuses[first - 1])) first--;
  const run = statuses.length - first;
  const what = tonight === KNOWN_DEVIATION_STATUS ? 'known' : 'failing';
  if (run === 1 && nights.length > 1) return { text: `${what}: new tonight`, isNew: true };
  const since = first === 0 ? `since ${nights[0]!.date} or earlier` : `since ${nights[first]!.date}`;
  return { text: `${what} ${since} (${run} night${run === 1 ? '' : 's'})`, isNew: false };
}

function cell(night: Night, id: string, tonight: boolean): string {
  const status = night.rules[id];
  const { sign, cls } = status === undefined ? NO_CELL : (CELLS[status] ?? { sign: '?', cls: 'n-other' });
  const marks = night.known.filter((k) => k.rule === id).map(markText);
  const title = `${id} on ${night.date}: ${status ?? 'not in that run'}${marks.length ? ` (${marks.join('; ')})` : ''}`;
  return `<td class="${cls}${tonight ? ' tonight' : ''}" title="${escapeHtml(title)}">${sign}</td>`;
}

/**
 * The nights side by side: one row a rule, one column a night (oldest left, tonight right and outlined),
 * each cell the rule's outcome that night; the second column says since when a failing rule has failed and
 * whether tonight is new. An HTML table, so it reads without script and in a text browser.
 */
export function nightGridHtml(nights: readonly Night[]): string {
  if (!nights.length) return '';
  const last = nights.at(-1)!;
  const ids = [...new Set([...Object.keys(last.rules), ...nights.flatMap((n) => Object.keys(n.rules))])];
  const since = new Map(ids.map((id) => [id, sinceText(nights, id)]));
  const newTonight = ids.filter((id) => since.get(id)!.isNew);
  const stillFailing = ids.filter((id) => failing(last.rules[id]) && !since.get(id)!.isNew);
  const again = ids.filter((id) => since.get(id)!.text === 'passes again tonight');
  const lead = [
    newTonight.length ? `new tonight: ${newTonight.join(', ')}` : 'nothing new failing tonight',
    stillFailing.length ? `failing before tonight too: ${stillFailing.join(', ')}` : '',
    again.length ? `passing again: ${again.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  const tonightAt = nights.length - 1;
  const tonight = (i: number) => (i === tonightAt ? ' tonight' : '');
  const head = nights
    .map(
      (n, i) => `<th class="night${tonight(i)}" title="${escapeHtml(n.started)}">${escapeHtml(n.date.slice(5))}</th>`,
    )
    .join('');
  const verdicts = nights
    .map((n, i) => {
      const v = VERDICTS[n.verdict] ?? { short: '?', cls: 'n-other' };
      const fields = n.fields ? `; fields ${n.fields.exercised} of ${n.fields.total} exercised` : '';
      return `<td class="${v.cls}${tonight(i)}" title="${escapeHtml(`${n.date}: ${n.verdict}${fields}`)}">${v.short}</td>`;
    })
    .join('');
  const percent = (f: Night['fields']) => (f ? String(Math.round((100 * f.exercised) / Math.max(1, f.total))) : '');
  const fields = nights.map((n, i) => `<td class="n-none${tonight(i)}">${percent(n.fields)}</td>`).join('');
  const rows = ids
    .map((id) => {
      const s = since.get(id)!;
      const cells = nights.map((n, i) => cell(n, id, i === tonightAt)).join('');
      const sinceCell = `<td class="since${s.isNew ? ' new' : ''}">${escapeHtml(s.text)}</td>`;
      return `<tr data-rule="${escapeHtml(id)}"><td class="id">${escapeHtml(id)}</td>${sinceCell}${cells}</tr>`;
    })
    .join('\n');
  const targets = new Set(nights.map((n) => n.targetId).filter(Boolean));
  const note =
    targets.size > 1
      ? '<p class="note">These nights ran against more than one target (another sandbox or merchant): compare columns with care.</p>'
      : '';
  return `<h2 id="nights">The last ${nights.length} night${nights.length === 1 ? '' : 's'}</h2>
<p id="nights-lead"><strong>${escapeHtml(lead)}.</strong></p>${note}
<div class="nights-scroll"><table class="nights" id="night-grid">
<thead><tr><th class="id">Rule</th><th class="since">Since</th>${head}</tr></thead>
<tbody>
<tr class="verdicts"><td class="id">verdict</td><td class="since"></td>${verdicts}</tr>
<tr class="fields"><td class="id">fields %</td><td class="since">of the document's fields exercised</td>${fields}</tr>
${rows}
</tbody>
</table></div>
<p class="rule">${LEGEND}</p>`;
}
