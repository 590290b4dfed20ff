/**
 * Whether a text is well-formed XML, for the tests of the JUnit writers (no XML parser is a dependency): one
 * root element, every tag closed in order, attribute values quoted and free of `<`, every `&` an entity, no
 * character XML 1.0 cannot hold. Returns the first problem with its offset, or undefined. A prolog, comments and
 * processing instructions are skipped; a DOCTYPE or CDATA section is reported, as no writer here emits one.
 */
export function xmlProblem(xml: string): string | undefined {
  const stack: string[] = [];
  let roots = 0;
  let i = 0;
  const isNameChar = (c: string) =>
    (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || '-_.:'.includes(c);
  const isSpace = (c: string | undefined) => c === ' ' || c === '\n' || c === '\t' || c === '\r';
  const badChar = (code: number) =>
    (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0xfffe || code === 0xffff;
  /** An entity at `at` (which holds `&`): its length, or 0 when it is none XML knows. */
  const entity = (at: number) => {
    const end = xml.indexOf(';', at);
    if (end < 0) return 0;
    const name = xml.slice(at + 1, end);
    if (['amp', 'lt', 'gt', 'quot', 'apos'].includes(name)) return end - at + 1;
    const digits = name.startsWith('#x') ? name.slice(2) : name.startsWith('#') ? name.slice(1) : '';
    const hex = name.startsWith('#x');
    const digit = (d: string) => (d >= '0' && d <= '9') || (hex && ((d >= 'a' && d <= 'f') || (d >= 'A' && d <= 'F')));
    const ok = digits.length > 0 && [...digits].every(digit);
    return ok ? end - at + 1 : 0;
  };
  const name = () => {
    const start = i;
    while (i < xml.length && isNameChar(xml[i]!)) i++;
    return xml.slice(start, i);
  };
  const skipSpace = () => {
    while (isSpace(xml[i])) i++;
  };
  while (i < xml.length) {
    const c = xml[i]!;
    if (badChar(xml.charCodeAt(i))) return `character U+${xml.charCodeAt(i).toString(16)} at ${i}`;
    if (c === '&') {
      const n = entity(i);
      if (!n) return `a bare & at ${i}`;
      i += n;
      continue;
    }
    if (c !== '<') {
      if (!stack.length && !isSpace(c)) return `text outside the root at ${i}`;
      i++;
      continue;
    }
    if (xml.startsWith('<?', i) || xml.startsWith('<!--', i)) {
      const close = xml.startsWith('<?', i) ? '?>' : '-->';
      const end = xml.indexOf(close, i);
      if (end < 0) return `unclosed ${close} at ${i}`;
      i = end + close.length;
      continue;
    }
    if (xml.startsWith('<!', i)) return `a DOCTYPE or CDATA section at ${i}`;
    if (xml[i + 1] === '/') {
      i += 2;
      const closing = name();
      skipSpace();
      if (xml[i] !== '>') return `a malformed end tag at ${i}`;
      if (stack.pop() !== closing) return `</${closing}> closes another element at ${i}`;
      i++;
      continue;
    }
    i++;
    const opened = name();
    if (!opened) return `a tag without a name at ${i}`;
    if (!stack.length && ++roots > 1) return `a second root element <${opened}> at ${i}`;
    const seen = new Set<string>();
    for (;;) {
      const spaced = isSpace(xml[i]);
      skipSpace();
      if (xml.startsWith('/>', i)) {
        i += 2;
        break;
      }
      if (xml[i] === '>') {
        stack.push(opened);
        i++;
        break;
      }
      if (!spaced) return `no space before an attribute of <${opened}> at ${i}`;
      const attribute = name();
      if (!attribute || seen.has(attribute)) return `a missing or repeated attribute of <${opened}> at ${i}`;
      seen.add(attribute);
      if (xml[i] !== '=') return `attribute ${attribute} without a value at ${i}`;
      const quote = xml[i + 1];
      if (quote !== '"' && quote !== "'") return `attribute ${attribute} unquoted at ${i}`;
      i += 2;
      while (i < xml.length && xml[i] !== quote) {
        if (xml[i] === '<') return `a < in attribute ${attribute} at ${i}`;
        if (badChar(xml.charCodeAt(i))) return `character U+${xml.charCodeAt(i).toString(16)} at ${i}`;
        if (xml[i] === '&') {
          const n = entity(i);
          if (!n) return `a bare & in attribute ${attribute} at ${i}`;
          i += n;
        } else i++;
      }
      if (i >= xml.length) return `attribute ${attribute} never closed`;
      i++;
    }
  }
  if (stack.length) return `<${stack.at(-1)}> never closed`;
  return roots === 1 ? undefined : 'no root element';
}
