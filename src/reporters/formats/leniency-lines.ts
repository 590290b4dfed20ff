import type { LeniencyJson } from '../model/read-report.js';

/**
 * The words every format gives the notable leniencies (the model's `leniencies`), so conformance.md, the page,
 * junit.xml and the cutover report say the same. A run that saw none writes no such section: its probes' tests
 * stand under their rules (AUTH-3, AUTH-4, TOK-7) with what each was answered or why it was skipped, and an
 * empty heading on a page to sign off draws the eye to nothing.
 */
export const LENIENCIES_TITLE = 'Notable leniencies (served, not part of the verdict)';

export const LENIENCIES_INTRO =
  'Requests the document neither allows nor forbids outright, which this gateway served: none is a failure, ' +
  'but a client may come to rely on each, and a gateway that keeps the document more strictly will refuse it.';

/** The leniency and where it was served, in one line: "key-as-user-part on tokenize (AUTH-4, section 5.3)". */
export const leniencyHeading = (l: LeniencyJson) =>
  `${l.name} on ${l.operation || 'the gateway'} (${l.rule}, section ${l.section})`;

/** What was seen, what the probe sent, the document's words and what serving it means, one line each. */
export const leniencyDetail = (l: LeniencyJson): string[] => [
  `Seen: ${l.text}.`,
  `Sent: ${l.sent}.`,
  `The document: "${l.source}"`,
  `What it means: ${l.meaning}`,
];

/** The leniency as one line of text (junit.xml's output, a drift entry). */
export const leniencyLine = (l: LeniencyJson) => `${leniencyHeading(l)}: ${l.text}`;
