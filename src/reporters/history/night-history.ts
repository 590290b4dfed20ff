import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { makeFolder } from '../../transport/make-folder.js';
import { join } from 'node:path';
import type { KnownDeviationMark } from '../known-deviations/known-deviation-mark.js';
import type { ConformanceJson } from '../model/read-report.js';

/** How many nights the history keeps: two months of a nightly run, a few kilobytes a night. */
export const NIGHTS_KEPT = 60;
export const HISTORY_FILE = 'history.json';

/** One night of the nightly run, compact: what the grid draws and nothing the reports already hold in full. */
export type Night = {
  /** The UTC day the run started (YYYY-MM-DD): one record a night, a run again the same day replaces it. */
  date: string;
  started: string;
  verdict: string;
  /** The coverage figure of the verdict line (fields exercised of those the document lists). */
  fields?: { exercised: number; total: number };
  /** Each rule's outcome: passed, failed, known deviation, not exercised, skipped… */
  rules: Record<string, string>;
  /** The known deviations that covered a failure that night. */
  known: KnownDeviationMark[];
  /** Which gateway (conformance.json's targetId) and catalogue (its hash): a grid row means one thing. */
  targetId?: string;
  catalogue?: string;
};

type HistoryFile = { nights: Night[] };

/**
 * Tonight's record from tonight's report: each rule's status as the report gives it (a failure an
 * unexpired known deviation covers reads "known deviation" there), and the marks of the entries that matched,
 * for their tickets and expiry dates.
 */
export function nightOf(report: ConformanceJson, known: readonly KnownDeviationMark[] = []): Night {
  const rules = Object.fromEntries(report.rules.map((r) => [r.id, r.status]));
  return {
    date: report.started.slice(0, 10),
    started: report.started,
    verdict: report.verdict,
    ...(report.coverage ? { fields: { exercised: report.coverage.exercised, total: report.coverage.total } } : {}),
    rules,
    known: known.filter((k) => rules[k.rule] !== undefined),
    ...(report.targetId ? { targetId: report.targetId } : {}),
    ...(report.catalogue ? { catalogue: report.catalogue.hash } : {}),
  };
}

/** The history with tonight in it: in date order, tonight replacing an earlier run of the same day, the last `keep`. */
export function withNight(history: readonly Night[], night: Night, keep = NIGHTS_KEPT): Night[] {
  const others = history.filter((n) => n.date !== night.date);
  return [...others, night].sort((a, b) => a.date.localeCompare(b.date)).slice(-keep);
}

const isNight = (n: unknown): n is Night => {
  const night = n as Partial<Night> | null;
  return (
    !!night &&
    typeof night.date === 'string' &&
    /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(night.date) &&
    typeof night.verdict === 'string' &&
    !!night.rules &&
    typeof night.rules === 'object'
  );
};

/**
 * The previous nights from `path`. A missing file starts a history (the first night, or an artifact that
 * expired); a file that is not one is said and set aside, never fatal: the night's verdict does not hang on it.
 */
export function readHistory(path: string): { nights: Night[]; note?: string } {
  if (!existsSync(path)) return { nights: [], note: `No history at ${path}: tonight starts one.` };
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<HistoryFile> | null;
    if (!parsed || !Array.isArray(parsed.nights)) throw new Error('no "nights" list');
    const nights = parsed.nights.filter(isNight).map((n) => ({ ...n, known: Array.isArray(n.known) ? n.known : [] }));
    const dropped = parsed.nights.length - nights.length;
    return dropped ? { nights, note: `${path}: ${dropped} record(s) that are not a night were left out.` } : { nights };
  } catch (error) {
    return {
      nights: [],
      note: `${path} is not a history file (${(error as Error).message}): tonight starts a new one.`,
    };
  }
}

/** history.json's text: the nights, in date order. */
export function historyText(nights: readonly Night[]): string {
  return `${JSON.stringify({ nights: [...nights] } satisfies HistoryFile)}\n`;
}

/** Writes `dir/history.json`, the file the next night reads back. */
export function writeHistory(dir: string, nights: readonly Night[]): string {
  makeFolder(dir);
  const path = join(dir, HISTORY_FILE);
  writeFileSync(path, historyText(nights));
  return path;
}
