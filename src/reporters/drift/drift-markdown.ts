import { driftSections, unchanged, type Drift } from './drift.js';
import { markdownCell, markdownList } from '../formats/markdown-cell.js';

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
