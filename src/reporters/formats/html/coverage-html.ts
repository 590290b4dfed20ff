import { escapeHtml } from './html-escape.js';
import { COVERAGE_INTRO, coverageFigure, fieldDetail, type Coverage } from '../../model/coverage.js';

/** The coverage section of reports/conformance.html: one table per operation, never-exercised fields marked. */

export function coverageHtml(c: Coverage | undefined): string {
  if (!c) return '';
  const tables = [...new Set(c.fields.map((f) => f.operation))].map((op) => {
    const of = c.fields.filter((f) => f.operation === op);
    const rows = of
      .map((f) => {
        const where = `<td>${escapeHtml(f.side === 'response' ? `answer: ${f.group}` : f.group)}</td>`;
        const field = `<td><code>${escapeHtml(f.field)}</code></td><td>${escapeHtml(f.type)}</td>`;
        const outcome = f.exercised
          ? '<td class="outcome pass">exercised</td>'
          : '<td class="outcome unexercised">not exercised</td>';
        const detail = `<td>${escapeHtml(fieldDetail(f).replace(/^not exercised: /, ''))}</td>`;
        return `<tr class="${f.exercised ? '' : 'unexercised-row'}">${where}${field}${outcome}${detail}</tr>`;
      })
      .join('\n');
    return `<h3>${escapeHtml(op)}: ${of.filter((f) => f.exercised).length} of ${of.length} exercised</h3>
<table class="coverage"><thead><tr><th>Where</th><th>Field</th><th>Documented type</th><th>Outcome</th><th>Detail</th></tr></thead>
<tbody>
${rows}
</tbody></table>`;
  });
  return `<h2 id="coverage">Coverage of the document (${escapeHtml(coverageFigure(c))})</h2>
<p class="rule">${escapeHtml(COVERAGE_INTRO)}</p>
${tables.join('\n')}`;
}
