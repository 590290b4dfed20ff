/** Text as it can stand in one cell or list item of a Markdown report: a pipe escaped, a line break a space. */
export function markdownCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** A section of a Markdown report: its heading, then each item as a list item (markdownCell), then a blank line. */
export function markdownList(heading: string, items: readonly string[]): string[] {
  return [heading, '', ...items.map((item) => `- ${markdownCell(item)}`), ''];
}
