import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { yamlLibrary } from '../catalogue/yaml-cache.js';
import { addDays, RECORDED_DAYS_AHEAD } from './entry.js';
import { collapsed, type SeenFailure } from './match.js';

export const FILE_HEADER = [
  " Known deviations: failures reported to the gateway's vendor and accepted until `expires`.",
  ' Each entry hides the failures of its rule that match its operation and/or found (a text of the',
  " failure's Found); another failure of the rule still counts. Schema: spec/known-deviations.schema.json;",
  ' see docs/known-deviations.md.',
].join('\n');

/** Text that changes from run to run: the generated input's seed and shrinking, then anything with a digit. */
const GENERATED = /;? ?generated input\b|\(property seed\b/;
const NUMBER_TOKEN = /\S*[0-9]\S*/g;

/**
 * The part of a Found that the same deviation shows again on the next run: its first line without the
 * generated input's details, cut at every word holding a digit (lengths, counts, IDs and times differ
 * between tests and runs), the longest fragment left. Undefined when nothing stable is left.
 */
export function stableFound(found: string): string | undefined {
  const first = collapsed(found.split('\n')[0] ?? '');
  const cut = GENERATED.exec(first);
  const line = cut ? first.slice(0, cut.index) : first;
  const fragments = line.split(NUMBER_TOKEN).map((f) => f.replace(/^[\s:;,.()]+|[\s:;,.()]+$/g, ''));
  const longest = fragments.reduce((a, b) => (b.length > a.length ? b : a), '');
  return longest.length >= 6 ? longest : undefined;
}

export type RecordedEntry = {
  rule: string;
  operation?: string;
  found?: string;
  reason: string;
  ticket: string;
  expires: string;
  target?: string;
};

/**
 * One entry per distinct failure: the rule, the operation when the failure's exchanges went to exactly one,
 * and the stable part of its Found. `redact` is applied to every quoted text: what reaches the file was
 * already redacted where the failure was written, and is redacted once more by value.
 */
export function entriesFor(
  failures: readonly SeenFailure[],
  run: { target: string; today: string },
  redact: (text: string) => string,
): RecordedEntry[] {
  const byKey = new Map<string, RecordedEntry>();
  for (const failure of failures) {
    const operation = failure.operations.length === 1 ? failure.operations[0] : undefined;
    const stable = stableFound(failure.found);
    const found = stable === undefined ? undefined : redact(stable);
    if (operation === undefined && found === undefined) continue; // nothing would tell this failure from another
    // Key order is the order the file shows them in: what it matches first, then what the operator fills in.
    const entry: RecordedEntry = {
      rule: failure.rule,
      ...(operation === undefined ? {} : { operation }),
      ...(found === undefined ? {} : { found }),
      reason: '',
      ticket: '',
      expires: addDays(run.today, RECORDED_DAYS_AHEAD),
    };
    // Seen on the sandbox says nothing of production: an entry recorded there covers its own target only.
    if (run.target === 'sandbox' || run.target === 'production') entry.target = run.target;
    byKey.set(JSON.stringify([entry.rule, entry.operation, entry.found]), entry);
  }
  return [...byKey.values()];
}

const sameMatcher = (a: { rule?: unknown; operation?: unknown; found?: unknown }, b: RecordedEntry) =>
  a.rule === b.rule && a.operation === b.operation && a.found === b.found;

/**
 * Adds `entries` to the file at `path`, creating it when absent. Existing entries, their order and the
 * file's comments are kept (the yaml Document API edits the parsed file); an entry with the same rule,
 * operation and found as one already there is not added twice. Returns the entries added.
 */
export function recordEntries(path: string, entries: readonly RecordedEntry[], today: string): RecordedEntry[] {
  // Loaded with the first entry recorded: the reporter loads this module on every run.
  const { Document, isMap, isSeq, parseDocument, YAMLSeq } = yamlLibrary();
  const doc = existsSync(path) ? parseDocument(readFileSync(path, 'utf8')) : new Document({ deviations: [] });
  if (!existsSync(path)) doc.commentBefore = FILE_HEADER;
  const current = doc.get('deviations', true);
  const list = isSeq(current) ? current : new YAMLSeq();
  if (list !== current) doc.set('deviations', list);
  const existing = list.items.map((item) => (isMap(item) ? (item.toJSON() as Record<string, unknown>) : {}));
  const added = entries.filter((e) => !existing.some((x) => sameMatcher(x, e)));
  for (const entry of added) {
    const node = doc.createNode(entry);
    node.commentBefore = ` recorded by --record-known on ${today}: fill in reason (and ticket) before the next run`;
    list.add(node);
  }
  writeFileSync(path, doc.toString({ lineWidth: 0 }));
  return added;
}
