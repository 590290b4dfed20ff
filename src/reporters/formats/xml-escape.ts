/**
 * Characters XML 1.0 cannot hold in any form: control characters other than tab, line feed and carriage
 * return, unpaired surrogates, U+FFFE and U+FFFF. No escape carries them, and one of them makes a JUnit reader
 * refuse the whole file, so they are left out.
 */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text for XML content and double-quoted attribute values: every report value is text, never markup. */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
