/** Text as it can stand in one cell or list item of a Markdown report: a pipe escaped, a line break a space. */
export function markdownCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}
