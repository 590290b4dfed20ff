import { unchanged, type Drift, type RuleChange, type ValueChange } from './drift.js';
import { markdownCell, markdownList } from '../formats/markdown-cell.js';
import { leniencyLine } from '../formats/leniency-lines.js';

const values = (v: string[]) => (v.length ? v.join(', ') : '(none)');

/** The sections of a drift, each a title and its lines; the markdown and the HTML page render the same list. */
export function driftSections(d: Drift): { title: string; lines: string[] }[] {
  const rules = (list: RuleChange[]) => list.map((c) => `${c.id}: ${c.to} (was ${c.from})`);
  const obs = (list: ValueChange[], how: (c: ValueChange) => string) => list.map((c) => `${c.what}: ${how(c)}`);
  return [
    { title: 'Newly failing', lines: rules(d.newlyFailing) },
    { title: 'Newly passing', lines: rules(d.newlyPassing) },
    { title: 'Newly exercised', lines: rules(d.newlyExercised) },
    { title: 'No longer exercised', lines: rules(d.noLongerExercised) },
    { title: 'Other changes of outcome', lines: rules(d.otherChanges) },
    { title: 'What the rules judged', lines: rules(d.judged ?? []) },
    { title: 'Observations that appeared', lines: obs(d.appeared, (c) => values(c.to)) },
    { title: 'Observations that disappeared', lines: obs(d.disappeared, (c) => `was ${values(c.from)}`) },
    {
      title: 'Observations that changed value',
      lines: obs(d.changedValue, (c) => `${values(c.from)} → ${values(c.to)}`),
    },
    { title: 'Coverage that went down', lines: d.coverageDown ?? [] },
    { title: 'Known deviations no longer seen', lines: d.knownNoLongerSeen ?? [] },
    { title: 'Notable leniencies that appeared', lines: (d.leniencies?.appeared ?? []).map(leniencyLine) },
    {
      title: 'Notable leniencies no longer seen (refused this run, or their probe did not run: see the rule)',
      lines: (d.leniencies?.noLongerSeen ?? []).map(leniencyLine),
    },
  ].filter((s) => s.lines.length > 0);
}

export function baselineLine(d: Drift): string {
  return `Baseline: the run of ${d.baseline.started} against ${d.baseline.target}, verdict ${d.baseline.verdict} (${d.baseline.path}).`;
}

export function summaryLine(d: Drift): string {
  if (!d.comparable) return 'Not comparable with the baseline.';
  return unchanged(d)
    ? 'Nothing changed: every compared rule has the same outcome and every observation the same value.'
    : 'Changes since the baseline are listed below. They are information, not part of the verdict.';
}

/** "Since the baseline" in markdown (conformance.md and the CI step summary). */
export function driftMarkdown(d: Drift | string): string[] {
  const lines = ['## Since the baseline', ''];
  if (typeof d === 'string') return [...lines, markdownCell(d), ''];
  lines.push(baselineLine(d), '', summaryLine(d), '');
  for (const note of d.notes) lines.push(`> ${markdownCell(note)}`, '');
  for (const section of driftSections(d)) lines.push(...markdownList(`### ${section.title}`, section.lines));
  return lines;
}
