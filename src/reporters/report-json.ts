import { readFileSync } from 'node:fs';
import type { ObservedValue } from './observation.js';
import type { Catalogue } from './run-identity.js';

/** conformance.json as read back: by the drift comparison, the page and the CI summary. Older runs lack fields. */
export type ObservationJson = { kind: string; subject?: string; value: ObservedValue; text: string };

export type RuleJson = {
  id: string;
  section?: string;
  rule: string;
  check: string;
  status: string;
  tests: { id?: string; title: string; outcome: string; note?: string }[];
  /** Older reports hold bare sentences "RULE: text". */
  observations: (ObservationJson | string)[];
  /** What the rule's checks judged (counts), when the run records it. */
  judged?: unknown;
};

export type ConformanceJson = {
  target: string;
  targetId?: string;
  catalogue?: Catalogue;
  started: string;
  finished: string;
  runStatus?: string;
  verdict: string;
  counts?: Record<string, number>;
  unavailable?: string[];
  rules: RuleJson[];
};

/** Reads a conformance.json; a file that is not one says so by name instead of failing later on a field. */
export function readConformanceJson(path: string): ConformanceJson {
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<ConformanceJson>;
  if (!parsed || typeof parsed.verdict !== 'string' || !Array.isArray(parsed.rules) || typeof parsed.target !== 'string') {
    throw new Error(`${path} is not a conformance.json (no verdict, target and rules)`);
  }
  return parsed as ConformanceJson;
}
