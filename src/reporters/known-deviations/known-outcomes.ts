import { ticketOf, type KnownDeviation } from '../../known-deviations/entry.js';
import { collapsed, type Hit, type Matching } from '../../known-deviations/match.js';

/** One entry as the reports show it, with what the run found under it. */
export type KnownItem = {
  rule: string;
  ticket: string;
  expires: string;
  reason: string;
  /** Where it applies (sandbox, production, any). */
  target: string;
  /** Its place in the file (1 = first) and its line. */
  entry: number;
  line: number;
  operation?: string;
  matches?: string;
  /** The Found of each failure it matched, one line each, without repeats. */
  found: string[];
  /** For an entry no longer seen: its rule's outcome this run (passed, or failed on another Found). */
  ruleStatus?: string;
};

/** conformance.json's `knownDeviations`: what the known-deviations file did to this run. */
export type KnownDeviationsJson = {
  /** The file read, as the operator names it; absent when none was read. */
  file?: string;
  /** True when `--no-known-deviations` (PG_KNOWN_DEVIATIONS=off) set the file aside. */
  ignored?: boolean;
  /** Entries that hid a failure this run. */
  known: KnownItem[];
  /** Expired entries whose failure showed again: it counts. */
  expired: KnownItem[];
  /** Entries whose rule was judged and matched nothing: the gateway may have fixed it. */
  noLongerSeen: KnownItem[];
  /** Entries for another target, not applied to this run. */
  notForTarget: KnownItem[];
};

/** An entry as a report lists it, back as an entry: what the cutover matches production's failures with. */
export function entryOf(item: KnownItem): KnownDeviation {
  return {
    rule: item.rule,
    reason: item.reason,
    ticket: item.ticket,
    expires: item.expires,
    target: (item.target ?? 'any') as KnownDeviation['target'],
    index: item.entry,
    line: item.line,
    ...(item.operation !== undefined && { operation: item.operation }),
    ...(item.matches !== undefined && { found: item.matches }),
  };
}

function itemOf(entry: KnownDeviation, hits: readonly Hit[] = []): KnownItem {
  const found = [
    ...new Set(hits.filter((h) => h.entry === entry).map((h) => collapsed(h.failure.found.split('\n')[0] ?? ''))),
  ];
  return {
    rule: entry.rule,
    ticket: entry.ticket,
    expires: entry.expires,
    reason: entry.reason,
    target: entry.target,
    entry: entry.index,
    line: entry.line,
    found,
    ...(entry.operation !== undefined && { operation: entry.operation }),
    ...(entry.found !== undefined && { matches: entry.found }),
  };
}

const unique = <T>(list: readonly T[]) => [...new Set(list)];
/** A rule judged this run: an entry of it that matched nothing is no longer seen (not merely unjudged). */
const JUDGED = new Set(['passed', 'failed', 'known deviation']);

/**
 * What the known-deviations file did to the run, entry by entry (rule-outcomes.ts's judgeRules decides the
 * statuses): `statusOf` is each rule's status after it, for the entries no longer seen.
 */
export function knownJson(
  m: Matching,
  statusOf: ReadonlyMap<string, string>,
): Omit<KnownDeviationsJson, 'file' | 'ignored'> {
  return {
    known: unique(m.known.map((h) => h.entry)).map((e) => itemOf(e, m.known)),
    expired: unique(m.expired.map((h) => h.entry)).map((e) => itemOf(e, m.expired)),
    noLongerSeen: m.unmatchedEntries
      .filter((e) => JUDGED.has(statusOf.get(e.rule) ?? ''))
      .map((e) => ({ ...itemOf(e), ruleStatus: statusOf.get(e.rule) })),
    notForTarget: m.elsewhere.map((e) => itemOf(e)),
  };
}

/** "1 known (TICKET-123, until 2026-12-20)", for the verdict line; empty when no entry hid a failure. */
export function knownPhrase(outcomes: readonly { status: string }[], k: KnownDeviationsJson | undefined): string {
  const n = outcomes.filter((o) => o.status === 'known deviation').length;
  const parts: string[] = [];
  if (n && k?.known.length)
    parts.push(`${n} known (${unique(k.known.map((i) => `${ticketOf(i)}, until ${i.expires}`)).join('; ')})`);
  if (k?.expired.length)
    parts.push(
      `${k.expired.map((i) => `${i.rule}'s known deviation expired on ${i.expires} (${ticketOf(i)}): it counts`).join(', ')}`,
    );
  if (k?.noLongerSeen.length)
    parts.push(`${k.noLongerSeen.length} known deviation${k.noLongerSeen.length === 1 ? '' : 's'} no longer seen`);
  return parts.join(', ');
}

const where = (i: KnownItem) => `entry ${i.entry}, line ${i.line}`;
const clip = (text: string) => (text.length > 160 ? `${text.slice(0, 159)}…` : text);
/** The first two Founds of an entry: a deviation of masking fails one test per card length. */
const foundOf = (i: KnownItem) =>
  `${i.found.slice(0, 2).map(clip).join(' | ')}${i.found.length > 2 ? ` (and ${i.found.length - 2} more)` : ''}`;

/** One line per entry that matched nothing this run: in every report, and in the drift since a baseline. */
export function noLongerSeenLines(k: KnownDeviationsJson | undefined): string[] {
  return (k?.noLongerSeen ?? []).map((i) => {
    const other = i.ruleStatus === 'failed' ? ` (${i.rule} failed on another Found: check what the entry names)` : '';
    return `${i.rule}: ${ticketOf(i)} (${where(i)}) matched nothing this run: the gateway may have fixed it; remove the entry${other}`;
  });
}

/**
 * The known-deviations sections every report shows (console, conformance.md, the page, the CI summary,
 * the drift), each a title and its lines; empty sections are left out.
 */
export function knownSections(k: KnownDeviationsJson | undefined): { title: string; lines: string[] }[] {
  if (!k) return [];
  if (k.ignored)
    return [
      {
        title: 'Known deviations',
        lines: ['ignored for this run (--no-known-deviations or PG_KNOWN_DEVIATIONS=off): every failure counts'],
      },
    ];
  const file = k.file ?? 'the known-deviations file';
  return [
    {
      title: `Known deviations (accepted in ${file}; not failures until they expire)`,
      lines: k.known.map(
        (i) => `${i.rule}: ${ticketOf(i)}, until ${i.expires} (${where(i)}): ${i.reason}. Found: ${foundOf(i)}`,
      ),
    },
    {
      title: 'Known deviations that expired (their failures count again)',
      lines: k.expired.map(
        (i) =>
          `${i.rule}: ${ticketOf(i)} expired on ${i.expires} (${where(i)}); found again: ${foundOf(i)}. Renew the entry or get the fix`,
      ),
    },
    {
      title: 'Known deviations no longer seen',
      lines: noLongerSeenLines(k),
    },
  ].filter((s) => s.lines.length > 0);
}
