import fc from 'fast-check';

/**
 * Section 2.1's echo_fields and report_data: a string holding a JSON array of single-key objects.
 * Generated as text, not through JSON.stringify, so whitespace and escapes vary the way a client's
 * serializer may: the string sent is what a byte-for-byte echo must return.
 *
 * The string sent; at most one entry in four is long, so a few KB is the usual ceiling. An empty array ("[]")
 * is a JSON array of single-key objects too, and a value a gateway might skip as "nothing to echo".
 *
 * Built on first use: the grapheme tables behind it cost some 40 ms, and Playwright's runner loads this module
 * (through the spec files) only to list the tests.
 */
export function nameValueList(): fc.Arbitrary<string> {
  built ??= build();
  return built;
}
let built: fc.Arbitrary<string> | undefined;

function build(): fc.Arbitrary<string> {
  const whitespace = fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\r'), maxLength: 3 });

  /** A JSON string literal of `value`, with some characters written as escapes (\uXXXX, \/, \") instead of themselves. */
  const literal = (text: fc.Arbitrary<string>) =>
    fc.tuple(text, fc.constantFrom('plain', 'unicode-escapes', 'slash-escapes')).map(([value, style]) => {
      const json = JSON.stringify(value);
      if (style === 'slash-escapes') return json.replace(/\//g, '\\/');
      if (style === 'unicode-escapes')
        return json.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
      return json;
    });

  const shortText = fc.string({ unit: 'grapheme', maxLength: 24 });
  /**
   * Up to a few KB: long values are where truncation and buffer limits hide. Built as a short piece repeated to a
   * length, so shrinking halves the length (a few requests) instead of dropping characters one by one.
   */
  const longText = fc
    .tuple(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }), fc.integer({ min: 200, max: 2500 }))
    .map(([piece, length]) =>
      Array.from(piece.repeat(Math.ceil(length / piece.length)))
        .slice(0, length)
        .join(''),
    );

  const entry = fc.record({
    key: literal(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 })),
    value: literal(fc.oneof({ weight: 3, arbitrary: shortText }, { weight: 1, arbitrary: longText })),
    gaps: fc.tuple(whitespace, whitespace, whitespace, whitespace, whitespace),
  });

  return fc
    .record({
      entries: fc.array(entry, { minLength: 0, maxLength: 6 }),
      outer: fc.tuple(whitespace, whitespace, whitespace, whitespace),
    })
    .map(({ entries, outer: [before, open, close, after] }) => {
      const items = entries.map(({ key, value, gaps: [a, b, c, d, e] }) => `${a}{${b}${key}${c}:${d}${value}${e}}`);
      return `${before}[${open}${items.join(',')}${close}]${after}`;
    });
}
