import { fieldGroups, groupKey, type FieldGroup } from './coverage-fields.js';
import { succeeded, type Exchange } from '../transport/exchange.js';
import { objectOf } from '../checks/tally.js';

/**
 * What one test's exchanges covered of the document's surface, carried to the reporter as one annotation
 * (evidence/test-record.ts): which documented request fields and query parameters were sent (and in how many
 * accepted requests), which response fields were seen in which JSON types, and how many objects of each
 * group were looked at (so "never seen" can say why). Names and counts only, never a value.
 */
export type Tally = {
  /** "group key|field" → [requests that sent it, of which accepted] */
  sent: Record<string, [number, number]>;
  /** "group key|field" → JSON type → times seen */
  seen: Record<string, Record<string, number>>;
  /** group key → requests sent (request and query groups) or objects looked at (response groups) */
  objects: Record<string, number>;
};

export const emptyTally = (): Tally => ({ sent: {}, seen: {}, objects: {} });

export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The objects a group's path leads to in a body. */
function objectsAt(body: unknown, path: readonly string[]): Record<string, unknown>[] {
  let at: unknown[] = [body];
  for (const step of path)
    at = step === '[]' ? at.flatMap((v) => (Array.isArray(v) ? v : [])) : at.map((v) => objectOf(v)?.[step]);
  return at.map(objectOf).filter((o) => o !== undefined);
}

function countSent(tally: Tally, group: FieldGroup, names: Set<string>, accepted: boolean): void {
  const key = groupKey(group);
  tally.objects[key] = (tally.objects[key] ?? 0) + 1;
  for (const f of group.fields) {
    if (!names.has(f.name)) continue;
    const entry = (tally.sent[`${key}|${f.name}`] ??= [0, 0]);
    entry[0]++;
    if (accepted) entry[1]++;
  }
}

export function tallyOf(exchanges: readonly Exchange[], tally: Tally = emptyTally()): Tally {
  const groups = fieldGroups();
  for (const e of exchanges) {
    if (!e.operation) continue;
    const accepted = succeeded(e);
    for (const group of groups.filter((g) => g.operation === e.operation)) {
      if (group.side === 'request') {
        const body = objectOf(e.request.body);
        if (body) countSent(tally, group, new Set(Object.keys(body).filter((k) => body[k] !== undefined)), accepted);
      } else if (group.side === 'query') {
        countSent(tally, group, new Set(new URL(e.request.url).searchParams.keys()), accepted);
      } else {
        const key = groupKey(group);
        for (const object of objectsAt(e.json, group.path)) {
          tally.objects[key] = (tally.objects[key] ?? 0) + 1;
          for (const f of group.fields) {
            if (!Object.hasOwn(object, f.name) || object[f.name] === undefined) continue;
            const types = (tally.seen[`${key}|${f.name}`] ??= {});
            const type = jsonType(object[f.name]);
            types[type] = (types[type] ?? 0) + 1;
          }
        }
      }
    }
  }
  return tally;
}

/** Adds `more` into `into` (the reporter folds every test's tally into one). */
export function addTally(into: Tally, more: Tally): Tally {
  for (const [k, [s, a]] of Object.entries(more.sent)) {
    const entry = (into.sent[k] ??= [0, 0]);
    entry[0] += s;
    entry[1] += a;
  }
  for (const [k, types] of Object.entries(more.seen)) {
    const entry = (into.seen[k] ??= {});
    for (const [t, n] of Object.entries(types)) entry[t] = (entry[t] ?? 0) + n;
  }
  for (const [k, n] of Object.entries(more.objects)) into.objects[k] = (into.objects[k] ?? 0) + n;
  return into;
}
