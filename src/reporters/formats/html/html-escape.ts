/** Text for HTML content and attribute values: every report value is text, never markup. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Items as an HTML list, each escaped: `ol` numbers them. */
export const htmlList = (items: readonly string[], tag: 'ul' | 'ol' = 'ul') =>
  `<${tag}>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</${tag}>`;
