/**
 * A known deviation as the catalogue listing and the nights' grid show it: the rule, the vendor's ticket and
 * the day the entry stops hiding the failure. The known-deviations file's entries carry these fields (and
 * more), so its reader can hand them over as they are.
 */
export type KnownDeviationMark = { rule: string; ticket: string; expires: string };

/** A rule's outcome while an unexpired known deviation covers its failure. */
export const KNOWN_DEVIATION_STATUS = 'known deviation';

export function markText(mark: KnownDeviationMark): string {
  return `known deviation ${mark.ticket}, until ${mark.expires}`;
}
