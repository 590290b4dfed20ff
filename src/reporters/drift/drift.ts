import { isAbsolute, relative } from 'node:path';
import { observationKey, UNCLASSIFIED, type Observation } from '../../evidence/test-record.js';
import { readConformanceJson, type ConformanceJson, type LeniencyJson, type RuleJson } from '../model/read-report.js';
import { ruleFingerprint } from '../model/run-identity.js';
import { coverageDown } from '../model/coverage.js';
import { noLongerSeenLines } from '../known-deviations/known-outcomes.js';
import { leniencyLine } from '../formats/leniency-lines.js';

/** What changed since a baseline run: information for the morning, never part of the verdict. */
export type RuleChange = { id: string; from: string; to: string };
export type ValueChange = { what: string; from: string[]; to: string[] };

export type Drift = {
  baseline: { path: string; started: string; target: string; verdict: string };
  /** False when the runs are not comparable at all (another target); `notes` says why. */
  comparable: boolean;
  notes: string[];
  newlyFailing: RuleChange[];
  newlyPassing: RuleChange[];
  newlyExercised: RuleChange[];
  noLongerExercised: RuleChange[];
  otherChanges: RuleChange[];
  /** Undefined when either run does not record what its rules judged. */
  judged?: RuleChange[];
  appeared: ValueChange[];
  disappeared: ValueChange[];
  changedValue: ValueChange[];
  /** Documented fields the baseline exercised and this run did not (reports/coverage.ts). */
  coverageDown?: string[];
  /** Known deviations of this run's file that matched nothing: the gateway may have fixed them. */
  knownNoLongerSeen?: string[];
  /**
   * Notable leniencies this run saw and the baseline did not, and the other way round (each leniency on each
   * operation is one). Undefined when the baseline records none at all (an older version of the suite).
   */
  leniencies?: { appeared: LeniencyJson[]; noLongerSeen: LeniencyJson[] };
};

const EXERCISED = new Set(['passed', 'failed', 'known deviation']);

const describeKey = (o: Observation) => `${o.ruleId} ${o.kind}${o.subject ? ` (${o.subject})` : ''}`;

/**
 * An observation as an older suite wrote it, one string: "RULE: sentence", then its data as a line of JSON
 * when it had a kind.
 */
function parseObservation(text: string): Observation | undefined {
  const [sentence = '', json] = text.split('\n', 2);
  const match = /^([A-Z]+-[0-9]+): (.*)$/s.exec(sentence);
  if (!match) return undefined;
  const [, ruleId = '', said = ''] = match;
  if (json === undefined) return { ruleId, text: said, kind: UNCLASSIFIED, value: said };
  const data = JSON.parse(json) as Omit<Observation, 'ruleId' | 'text'>;
  return { ruleId, text: said, ...data };
}

function observationsOf(rule: RuleJson): Observation[] {
  return rule.observations.flatMap((o) => {
    if (typeof o === 'string') {
      const parsed = parseObservation(o);
      return parsed ? [parsed] : [{ ruleId: rule.id, text: o, kind: UNCLASSIFIED, value: o }];
    }
    return [{ ...o, ruleId: rule.id }];
  });
}

/** Each observed behaviour (rule, kind, subject) with the values seen for it, sorted so order never matters. */
function observed(rules: RuleJson[]): Map<string, { what: string; values: string[] }> {
  const byKey = new Map<string, { what: string; values: Set<string> }>();
  for (const o of rules.flatMap(observationsOf)) {
    const entry = byKey.get(observationKey(o)) ?? { what: describeKey(o), values: new Set<string>() };
    entry.values.add(typeof o.value === 'string' ? o.value : JSON.stringify(o.value));
    byKey.set(observationKey(o), entry);
  }
  return new Map([...byKey].map(([key, e]) => [key, { what: e.what, values: [...e.values].sort() }]));
}

const leniencyKey = (l: LeniencyJson) => `${l.name}\u0000${l.operation}`;

/** The leniencies of one run that the other did not see. */
function leniencyDrift(baseline: LeniencyJson[], current: LeniencyJson[]): NonNullable<Drift['leniencies']> {
  const before = new Set(baseline.map(leniencyKey));
  const now = new Set(current.map(leniencyKey));
  return {
    appeared: current.filter((l) => !before.has(leniencyKey(l))),
    noLongerSeen: baseline.filter((l) => !now.has(leniencyKey(l))),
  };
}

/** What a rule judged, as one phrase, whatever form the report gives it (a sentence, or an object with one). */
export function describeJudged(value: unknown): string {
  if (value === undefined || value === null) return 'nothing recorded';
  if (typeof value === 'string') return value;
  // conformance.json lists a rule's sums: ["212 card numbers", "25 records"]; none means it judged nothing.
  if (Array.isArray(value) && value.every((v) => typeof v === 'string'))
    return value.length ? value.join(', ') : 'nothing';
  if (typeof value === 'object' && !Array.isArray(value)) {
    const v = value as Record<string, unknown>;
    for (const key of ['summary', 'text', 'description']) if (typeof v[key] === 'string') return v[key] as string;
  }
  return JSON.stringify(value);
}

function classify(id: string, from: string, to: string, drift: Drift): void {
  if (from === to) return;
  const change = { id, from, to };
  // A failure an entry accepts is still new when the baseline did not fail there.
  if (to === 'failed' || (to === 'known deviation' && from !== 'failed')) drift.newlyFailing.push(change);
  else if (to === 'passed' && (from === 'failed' || from === 'known deviation')) drift.newlyPassing.push(change);
  else if (to === 'passed') drift.newlyExercised.push(change);
  else if (EXERCISED.has(from) && !EXERCISED.has(to)) drift.noLongerExercised.push(change);
  else drift.otherChanges.push(change);
}

/** Notes on the catalogue; returns the IDs of rules that are the same rule in both runs. */
function sameRules(baseline: ConformanceJson, current: ConformanceJson, notes: string[]): Set<string> {
  const before = new Map(baseline.rules.map((r) => [r.id, ruleFingerprint(r)]));
  const now = new Map(current.rules.map((r) => [r.id, ruleFingerprint(r)]));
  const added = [...now.keys()].filter((id) => !before.has(id));
  const removed = [...before.keys()].filter((id) => !now.has(id));
  const reworded = [...now.keys()].filter((id) => before.has(id) && before.get(id) !== now.get(id));
  if (!baseline.catalogue)
    notes.push('The baseline records no catalogue version; rules are matched by ID and wording.');
  else if (current.catalogue && baseline.catalogue.hash !== current.catalogue.hash) {
    notes.push(
      `The rule catalogue changed between the runs (baseline ${baseline.catalogue.hash}, ` +
        `${baseline.catalogue.rules} rules; this run ${current.catalogue.hash}, ${current.catalogue.rules} ` +
        `rules). Only rules that are the same in both are compared.`,
    );
  }
  if (added.length) notes.push(`New in the catalogue, not compared: ${added.join(', ')}.`);
  if (removed.length) notes.push(`No longer in the catalogue: ${removed.join(', ')}.`);
  if (reworded.length) notes.push(`Reworded or checked differently, not compared: ${reworded.join(', ')}.`);
  return new Set([...now.keys()].filter((id) => before.get(id) === now.get(id)));
}

function differentTarget(baseline: ConformanceJson, current: ConformanceJson): string | undefined {
  if (baseline.target !== current.target)
    return `The baseline was run against ${baseline.target}, this run against ${current.target}`;
  if (baseline.targetId && current.targetId && baseline.targetId !== current.targetId) {
    return (
      `The baseline was run against another ${current.target} (another base URL or merchant: ` +
      `${baseline.targetId}, now ${current.targetId})`
    );
  }
  return undefined;
}

/**
 * `acrossTargets`: compare runs of different gateways on purpose (the cutover: production against the
 * sandbox it replaces); otherwise a baseline of another target is not compared at all.
 */
export function driftSince(
  baseline: ConformanceJson,
  current: ConformanceJson,
  path: string,
  options: { acrossTargets?: boolean } = {},
): Drift {
  const drift: Drift = {
    baseline: {
      path,
      started: baseline.started,
      target: baseline.targetId ?? baseline.target,
      verdict: baseline.verdict,
    },
    comparable: true,
    notes: [],
    newlyFailing: [],
    newlyPassing: [],
    newlyExercised: [],
    noLongerExercised: [],
    otherChanges: [],
    appeared: [],
    disappeared: [],
    changedValue: [],
  };
  const seenNoMore = noLongerSeenLines(current.knownDeviations);
  if (seenNoMore.length) drift.knownNoLongerSeen = seenNoMore;
  const other = options.acrossTargets ? undefined : differentTarget(baseline, current);
  if (other) {
    drift.comparable = false;
    drift.notes.push(`${other}: different gateways, so nothing is compared.`);
    return drift;
  }
  const same = sameRules(baseline, current, drift.notes);
  const before = new Map(baseline.rules.map((r) => [r.id, r]));
  const compared = current.rules.filter((r) => same.has(r.id));
  for (const rule of compared) classify(rule.id, before.get(rule.id)!.status, rule.status, drift);

  // A run records what its rules judged when its report has the field at all; a rule without it judged nothing.
  if (current.rules.some((r) => 'judged' in r) && baseline.rules.some((r) => 'judged' in r)) {
    drift.judged = compared
      .map((r) => ({ id: r.id, from: describeJudged(before.get(r.id)!.judged), to: describeJudged(r.judged) }))
      .filter((c) => c.from !== c.to);
  } else {
    drift.notes.push('What each rule judged is not comparable: the baseline or this run does not record it.');
  }

  const was = observed(baseline.rules.filter((r) => same.has(r.id)));
  const now = observed(compared);
  for (const [key, e] of now) {
    const old = was.get(key);
    if (!old) drift.appeared.push({ what: e.what, from: [], to: e.values });
    else if (old.values.join('\n') !== e.values.join('\n'))
      drift.changedValue.push({ what: e.what, from: old.values, to: e.values });
  }
  for (const [key, e] of was) if (!now.has(key)) drift.disappeared.push({ what: e.what, from: e.values, to: [] });
  drift.coverageDown = coverageDown(baseline.coverage, current.coverage);
  if (baseline.leniencies) drift.leniencies = leniencyDrift(baseline.leniencies, current.leniencies ?? []);
  else drift.notes.push('The baseline records no notable leniencies (an older version of the suite): not compared.');
  return drift;
}

const values = (v: string[]) => (v.length ? v.join(', ') : '(none)');

/** The sections of a drift, each a title and its lines; the markdown and the HTML page render the same list. */
export function driftSections(d: Drift): { title: string; lines: string[] }[] {
  const rules = (list: RuleChange[]) => list.map((c) => `${c.id}: ${c.to} (was ${c.from})`);
  const obs = (list: ValueChange[], how: (c: ValueChange) => string) => list.map((c) => `${c.what}: ${how(c)}`);
  return [
    { title: 'Newly failing', lines: rules(d.newlyFailing) },
    { title: 'Newly passing', lines: rules(d.newlyPassing) },
    { title: 'Newly exercised', lines: rules(d.newlyExercised) },
    { title: 'No longer exercised', lines: rules(d.noLongerExercised) },
    { title: 'Other changes of outcome', lines: rules(d.otherChanges) },
    { title: 'What the rules judged', lines: rules(d.judged ?? []) },
    { title: 'Observations that appeared', lines: obs(d.appeared, (c) => values(c.to)) },
    { title: 'Observations that disappeared', lines: obs(d.disappeared, (c) => `was ${values(c.from)}`) },
    {
      title: 'Observations that changed value',
      lines: obs(d.changedValue, (c) => `${values(c.from)} → ${values(c.to)}`),
    },
    { title: 'Coverage that went down', lines: d.coverageDown ?? [] },
    { title: 'Known deviations no longer seen', lines: d.knownNoLongerSeen ?? [] },
    { title: 'Notable leniencies that appeared', lines: (d.leniencies?.appeared ?? []).map(leniencyLine) },
    {
      title: 'Notable leniencies no longer seen (refused this run, or their probe did not run: see the rule)',
      lines: (d.leniencies?.noLongerSeen ?? []).map(leniencyLine),
    },
  ].filter((s) => s.lines.length > 0);
}

/**
 * The drift since the baseline named by --baseline / PG_BASELINE, or a sentence saying why there is none.
 * A baseline that cannot be read is reported, never fatal: drift is information, the verdict is this run's.
 */
export function baselineDrift(path: string | undefined, current: ConformanceJson): Drift | string | undefined {
  if (!path) return undefined;
  try {
    // Shown as the user would write it: relative to where the run started, when it lies below it.
    const shown = relative(process.cwd(), path);
    return driftSince(readConformanceJson(path), current, shown.startsWith('..') || isAbsolute(shown) ? path : shown);
  } catch (error) {
    return `The baseline ${path} could not be read (${(error as Error).message.split('\n')[0]}); nothing is compared.`;
  }
}

/** True when the comparison found nothing to report. */
export function unchanged(d: Drift): boolean {
  return d.comparable && driftSections(d).length === 0;
}
