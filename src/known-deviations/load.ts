import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ErrorObject } from 'ajv';
import type { Document, LineCounter, Node } from 'yaml';
import { ajvModules, schemaCheck } from '../catalogue/schema-check.js';
import { yamlLibrary } from '../catalogue/yaml-cache.js';
import { addDays, MAX_DAYS_AHEAD, type DeviationTarget, type KnownDeviation, type KnownDeviations } from './entry.js';

export const SCHEMA_PATH = fileURLToPath(new URL('../../spec/known-deviations.schema.json', import.meta.url));
const FIELDS = ['rule', 'operation', 'found', 'reason', 'ticket', 'expires', 'target'];

/** The file cannot be used: every problem, each naming the file, the line and the entry. Exit 2. */
export class KnownDeviationsError extends Error {
  override name = 'KnownDeviationsError';
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

/** The catalogue's rule IDs and the day the run judges expiry by. */
export type LoadContext = { ruleIds: readonly string[]; today: string };

/**
 * ajv and the YAML parser are loaded with the first file read, not with this module: the reporter and
 * scripts/conformance.ts load it on every run, most of them with no file to read.
 */
// verbose: errors carry the value, which the sentences quote. strictRequired would refuse the anyOf that asks for
// operation or found: they are defined beside it.
const validate = schemaCheck(
  SCHEMA_PATH,
  { allErrors: true, verbose: true, strict: true, strictRequired: false },
  (ajv) => ajvModules().addFormats(ajv, ['date']),
);

/** The path as the operator wrote it or, for an absolute one under the working directory, relative to it. */
export function shownPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

const quote = (value: unknown) => JSON.stringify(value);

/** A sentence per schema error, in the words of the file (field names, not JSON pointers). */
function schemaSentence(error: ErrorObject, field: string | undefined): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required': {
      const missing = String(params.missingProperty);
      if (missing === 'deviations')
        return 'the file holds no "deviations:" list; start it with "deviations:" and one entry per deviation';
      const why: Record<string, string> = {
        expires: 'give the last day it may hide its failure, YYYY-MM-DD, at most 180 days ahead',
        reason: 'say why the deviation is accepted for now',
        ticket: 'give the vendor\'s ticket ID or URL ("" when there is none yet)',
        rule: 'name the rule of spec/rules.yaml it is about, e.g. TOK-8',
      };
      return `${missing} is missing: ${why[missing] ?? 'add it'}`;
    }
    case 'anyOf':
      return (
        'names neither operation nor found: say which failure of the rule it hides (the operation, a text of ' +
        'its Found, or both), or it would hide every failure of the rule'
      );
    case 'additionalProperties':
      return `${String(params.additionalProperty)} is not a field of an entry (${FIELDS.join(', ')})`;
    case 'enum':
      return `${field} must be one of ${(params.allowedValues as unknown[]).map(String).join(', ')}; got ${quote(error.data)}`;
    case 'format':
      return `${field} must be a date written YYYY-MM-DD; got ${quote(error.data)}`;
    case 'pattern':
      return `${field} ${quote(error.data)} is not a rule ID; rules are named like TOK-8 (spec/rules.yaml)`;
    case 'type':
      return field
        ? `${field} must be a ${String(params.type)}; got ${quote(error.data)}`
        : `must be a ${String(params.type)}`;
    default:
      return `${field ?? 'the entry'} ${error.message ?? 'is not valid'}`;
  }
}

type Located = { entry?: number; line: number; text: string };

function lineOf(doc: Document, path: (string | number)[], lines: LineCounter): number {
  for (let n = path.length; n >= 0; n--) {
    const node = (n === 0 ? doc.contents : doc.getIn(path.slice(0, n), true)) as Node | null | undefined;
    if (node?.range) return lines.linePos(node.range[0]).line;
  }
  return 1;
}

/** Schema errors as located sentences; the alternatives of a failed anyOf say nothing the anyOf does not. */
function schemaProblems(doc: Document, data: unknown, lines: LineCounter): Located[] {
  const seen = new Set<string>();
  return validate(data)
    .filter((e) => !e.schemaPath.includes('/anyOf/'))
    .flatMap((error) => {
      const path = error.instancePath
        .split('/')
        .slice(1)
        .map((p) => (/^[0-9]+$/.test(p) ? Number(p) : p));
      const entry = path[0] === 'deviations' && typeof path[1] === 'number' ? path[1] : undefined;
      const field = typeof path[2] === 'string' ? path[2] : undefined;
      const text = schemaSentence(error, field);
      const key = `${entry}\u0000${text}`;
      if (seen.has(key)) return [];
      seen.add(key);
      return [{ entry, line: lineOf(doc, path, lines), text }];
    });
}

/** What the schema cannot say: a rule the catalogue does not have, a blank reason, an expiry too far ahead. */
function meaningProblems(
  raw: Record<string, unknown>,
  i: number,
  doc: Document,
  lines: LineCounter,
  ctx: LoadContext,
): Located[] {
  const out: Located[] = [];
  const add = (field: string, text: string) =>
    out.push({ entry: i, line: lineOf(doc, ['deviations', i, field], lines), text });
  const rule = String(raw.rule);
  if (!ctx.ruleIds.includes(rule)) {
    const family = ctx.ruleIds.filter((id) => id.startsWith(`${rule.split('-')[0]}-`));
    const hint = family.length ? `; its family has ${family.join(', ')}` : '';
    add('rule', `rule ${rule} is not in spec/rules.yaml${hint}`);
  }
  if (!String(raw.reason).trim())
    add('reason', 'reason is empty: say why the deviation is accepted for now before a run accepts the file');
  const latest = addDays(ctx.today, MAX_DAYS_AHEAD);
  if (String(raw.expires) > latest) {
    add(
      'expires',
      `expires ${String(raw.expires)} is more than ${MAX_DAYS_AHEAD} days ahead (${latest} at the latest): ` +
        `look at the deviation again by then`,
    );
  }
  return out;
}

function entryName(raw: unknown, i: number): string {
  const rule =
    raw && typeof raw === 'object' && typeof (raw as Record<string, unknown>).rule === 'string'
      ? ` (${(raw as Record<string, string>).rule})`
      : '';
  return `entry ${i + 1}${rule}`;
}

/**
 * Reads known-deviations.yaml: YAML, then the schema shipped in spec/, then what only the catalogue and the
 * calendar can say. Any problem stops the run (exit 2): a file the run half-understood could hide a failure
 * nobody accepted. An expired entry is no problem here: it simply stops hiding its failure.
 */
export function parseKnownDeviations(text: string, path: string, ctx: LoadContext): KnownDeviations {
  const { isMap, isSeq, LineCounter, parseDocument } = yamlLibrary();
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const file = shownPath(path);
  if (doc.errors.length) {
    throw new KnownDeviationsError(
      doc.errors.map((e) => `${file}:${e.linePos?.[0].line ?? 1}: not YAML: ${e.message.split('\n')[0]}`),
    );
  }
  // An empty file (or one holding only comments) accepts nothing and hides nothing.
  if (doc.contents === null) return { path, entries: [] };
  const data = doc.toJS() as unknown;
  const list = data && typeof data === 'object' ? (data as Record<string, unknown>).deviations : undefined;
  const raws = Array.isArray(list) ? (list as unknown[]) : [];
  let problems = schemaProblems(doc, data, lines);
  if (!problems.length)
    problems = raws.flatMap((raw, i) => meaningProblems(raw as Record<string, unknown>, i, doc, lines, ctx));
  if (problems.length) {
    throw new KnownDeviationsError(
      problems.map(
        (p) => `${file}:${p.line}: ${p.entry === undefined ? '' : `${entryName(raws[p.entry], p.entry)}: `}${p.text}`,
      ),
    );
  }
  const seq = doc.get('deviations', true);
  const entries = raws.map((raw, i): KnownDeviation => {
    const r = raw as Record<string, string | undefined>;
    const node = isSeq(seq) ? seq.items[i] : undefined;
    const line = isMap(node) && node.range ? lines.linePos(node.range[0]).line : 1;
    const entry: KnownDeviation = {
      rule: r.rule!,
      reason: r.reason!,
      ticket: r.ticket!,
      expires: r.expires!,
      target: (r.target ?? 'any') as DeviationTarget,
      index: i + 1,
      line,
    };
    if (r.operation !== undefined) entry.operation = r.operation;
    if (r.found !== undefined) entry.found = r.found;
    return entry;
  });
  return { path, entries };
}

/** The file at `path`; a missing file is no entries (the default file is optional). */
export function loadKnownDeviations(path: string, ctx: LoadContext): KnownDeviations {
  if (!existsSync(path)) return { path, entries: [] };
  return parseKnownDeviations(readFileSync(path, 'utf8'), path, ctx);
}

/**
 * Why the run cannot start with this file, each sentence naming the file, the line and the entry; empty
 * when it can. A file the operator named must exist, unless `--record-known` is about to create it.
 */
export function knownDeviationsProblems(
  source: { path: string; named: boolean },
  ctx: LoadContext & { recordKnown: boolean },
): string[] {
  if (!existsSync(source.path)) {
    if (!source.named || ctx.recordKnown) return [];
    return [
      `PG_KNOWN_DEVIATIONS names ${shownPath(source.path)}, which does not exist: create it (npm run ` +
        `conformance -- --record-known writes one), or unset PG_KNOWN_DEVIATIONS.`,
    ];
  }
  try {
    loadKnownDeviations(source.path, ctx);
    return [];
  } catch (error) {
    if (error instanceof KnownDeviationsError) return error.problems;
    throw error;
  }
}
