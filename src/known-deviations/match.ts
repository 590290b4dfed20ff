import { appliesTo, isExpired, type KnownDeviation } from './entry.js';

/** A failure of the run as the known-deviations file sees it: its rule, its Found, the operations it sent to. */
export type SeenFailure = { rule: string; found: string; operations: readonly string[] };
export type Hit = { entry: KnownDeviation; failure: SeenFailure };

export type Matching = {
  /** Failures an unexpired entry hides. */
  known: Hit[];
  /** Failures only an expired entry matches: they count, and the reports say since when. */
  expired: Hit[];
  /** Failures no entry matches. */
  unmatched: SeenFailure[];
  /** Entries for this target that matched no failure of the run. */
  unmatchedEntries: KnownDeviation[];
  /** Entries for another target (a sandbox-only entry on a production run): not applied. */
  elsewhere: KnownDeviation[];
};

/** White space collapsed: a Found spans lines, an entry's found is written on one. */
export const collapsed = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The entry matches the failure: same rule, and every matcher it gives (operation, found) holds. */
export function matches(entry: KnownDeviation, failure: SeenFailure): boolean {
  if (entry.rule !== failure.rule) return false;
  if (entry.operation !== undefined && !failure.operations.includes(entry.operation)) return false;
  return entry.found === undefined || collapsed(failure.found).includes(collapsed(entry.found));
}

/**
 * Sorts the run's failures by the entries. An unexpired entry wins over an expired one that matches the
 * same failure, so renewing an entry by adding a new one works before the old one is deleted.
 */
export function matchFailures(
  failures: readonly SeenFailure[],
  entries: readonly KnownDeviation[],
  run: { target: string; today: string },
): Matching {
  const here = entries.filter((e) => appliesTo(e, run.target));
  const out: Matching = {
    known: [],
    expired: [],
    unmatched: [],
    unmatchedEntries: [],
    elsewhere: entries.filter((e) => !here.includes(e)),
  };
  const used = new Set<KnownDeviation>();
  for (const failure of failures) {
    const all = here.filter((e) => matches(e, failure));
    all.forEach((e) => used.add(e));
    const live = all.find((e) => !isExpired(e, run.today));
    if (live) out.known.push({ entry: live, failure });
    else if (all[0]) out.expired.push({ entry: all[0], failure });
    else out.unmatched.push(failure);
  }
  out.unmatchedEntries = here.filter((e) => !used.has(e));
  return out;
}
