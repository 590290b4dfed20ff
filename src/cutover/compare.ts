import { CONFIGURATION_SKIPS, configurationSkip } from '../config/configuration-skips.js';
import { driftSince, type Drift, type RuleChange, type ValueChange } from '../reporters/drift/drift.js';
import {
  verdictLineOf,
  type ConformanceJson,
  type LeniencyJson,
  type RuleJson,
} from '../reporters/model/read-report.js';
import { UNCLASSIFIED } from '../evidence/test-record.js';
import { dayOf } from '../known-deviations/entry.js';
import { asOnSandbox, carriedFromSandbox, type CarriedDeviation } from './known-carried.js';

/**
 * Production compared with the sandbox it replaces. The comparison itself is the drift between two runs
 * (drift.ts), made across targets on purpose; this module sorts its findings into what a client integrated
 * against the sandbox would feel on production, and what production could not show (read-only, its data).
 */

export type Difference = { rule: string; sentence: string };
/** `set`: the variables that would have production exercise the rule (a configuration skip's), when any. */
export type NotExercised = { rule: string; sandbox: string; production: string; why: string; set?: string[] };
export type OperationNotServed = { operation: string; reason: string; set?: string[] };

export type CutoverComparison = {
  sandbox: Drift['baseline'] & { verdictLine: string };
  production: { started: string; verdict: string; verdictLine: string };
  /** A rule passed on one side and failed on the other (or failed on production only). */
  ruleDifferences: Difference[];
  /** A behaviour the document leaves open (status, error shape, collation, limit…) that production shows otherwise. */
  observationDifferences: Difference[];
  /** Rules the sandbox run exercised that production did not, and why (read-only, no data, unavailable). */
  notExercised: NotExercised[];
  /**
   * Rules the sandbox run exercised that production cannot judge by design: a skip no variable lifts (the
   * suite disables no made-up webhook there) or the mock's control API. Not a gap of the production run.
   */
  unjudgeableOnProduction: NotExercised[];
  /** Operations the sandbox run had served that production never did, with why and what would call them. */
  operationsNotServed: OperationNotServed[];
  /** Rules failing on both sides: no difference, but no pass either. */
  failingOnBoth: string[];
  /** The sandbox run's known deviations, each saying whether it covers production. */
  knownFromSandbox: CarriedDeviation[];
  /** Production failures a carried sandbox entry matches: as on the sandbox, not a difference. */
  asOnSandbox: Difference[];
  /** What was not compared, and why; information. */
  notes: string[];
  /**
   * The notable leniencies either run saw, sorted by side: information for the move, never a difference (the
   * document does not forbid them), though a client relying on one the sandbox served may fail on production.
   */
  leniencies: { onBoth: LeniencyJson[]; productionOnly: LeniencyJson[]; sandboxOnly: LeniencyJson[] };
};

const EXERCISED = new Set(['passed', 'failed', 'known deviation']);
const failing = (status: string) => status === 'failed' || status === 'known deviation';
/** Observation kinds about the target's data, not its behaviour: production's vault differs by nature. */
const ABOUT_THE_DATA = new Set(['walk-truncated']);

const values = (v: string[]) => (v.length ? v.join(', ') : 'nothing');

/** Why production did not exercise a rule, from its report: the skip notes, the not-exercised reasons. */
function whyNot(rule: RuleJson): string {
  if (rule.status === 'not exercised' && rule.notExercised?.length) return rule.notExercised.join('; ');
  const notes = [...new Set(rule.tests.map((t) => t.note).filter((n): n is string => !!n))];
  if (notes.length) return notes.join('; ');
  return rule.status === 'not checkable on this target' ? "it needs the mock's control API" : rule.status;
}

/**
 * True when every test of the rule ran through and passed: what it did not observe, it would have seen. A
 * test stopped by a failure (on this rule or another) may not have reached its observations.
 */
const ranWhole = (rule: RuleJson | undefined) =>
  !!rule && rule.tests.length > 0 && rule.tests.every((t) => t.outcome === 'passed' && !t.note);

/** The variables whose absence skipped the rule's tests on production (PG_ALLOW_WRITES=1, PG_WEBHOOK_ID, …). */
function variablesFor(rule: RuleJson): string[] {
  return [
    ...new Set(rule.tests.map((t) => configurationSkip(t.note)?.set).filter((v): v is NonNullable<typeof v> => !!v)),
  ];
}

/**
 * A rule production cannot judge whatever is set: checkable only with the mock's control API, or skipped for
 * reasons none of which a variable lifts (as the run's own verdict reads such skips).
 */
function unjudgeableByDesign(rule: RuleJson): boolean {
  if (rule.status === 'not checkable on this target') return true;
  return rule.status === 'skipped' && rule.tests.every((t) => t.outcome === 'skipped' && !configurationSkip(t.note));
}

function classifyRule(c: RuleChange, now: RuleJson, out: CutoverComparison): void {
  if (EXERCISED.has(c.from) && EXERCISED.has(c.to)) {
    const sentence = failing(c.to)
      ? `${c.id} fails on production and passed on the sandbox: ${now.rule}`
      : `${c.id} passes on production but failed on the sandbox: a client may rely on the sandbox's deviation. ${now.rule}`;
    out.ruleDifferences.push({ rule: c.id, sentence });
  } else if (failing(c.to)) {
    out.ruleDifferences.push({
      rule: c.id,
      sentence: `${c.id} fails on production; the sandbox run did not exercise it (${c.from}): ${now.rule}`,
    });
  } else if (EXERCISED.has(c.from)) {
    const set = variablesFor(now);
    const entry = { rule: c.id, sandbox: c.from, production: c.to, why: whyNot(now), ...(set.length && { set }) };
    (unjudgeableByDesign(now) ? out.unjudgeableOnProduction : out.notExercised).push(entry);
  } else if (c.to === 'passed') {
    out.notes.push(`${c.id} was exercised on production only (the sandbox: ${c.from}); it passes there.`);
  } else {
    out.notes.push(`${c.id} was not exercised on either side (sandbox ${c.from}, production ${c.to}: ${whyNot(now)}).`);
  }
}

function classifyObservation(
  c: ValueChange,
  kind: 'changed' | 'appeared' | 'disappeared',
  rules: { sandbox: Map<string, RuleJson>; production: Map<string, RuleJson> },
  out: CutoverComparison,
): void {
  const [rule = '', observed = ''] = c.what.split(' ');
  if (ABOUT_THE_DATA.has(observed)) {
    out.notes.push(
      `${c.what} is about the data, not the gateway: the sandbox showed ${values(c.from)}, production ${values(c.to)}.`,
    );
    return;
  }
  // A rule that ran whole on both sides would have shown on each what the other did.
  const whole = ranWhole(rules.sandbox.get(rule)) && ranWhole(rules.production.get(rule));
  if (kind === 'changed') {
    const onlySandbox = c.from.filter((v) => !c.to.includes(v));
    const onlyProduction = c.to.filter((v) => !c.from.includes(v));
    const both = c.from.filter((v) => c.to.includes(v));
    const sentence =
      `${c.what}: the sandbox showed ${values(onlySandbox)}, production shows ` +
      `${values(onlyProduction)}${both.length ? ` (both: ${values(both)})` : ''}`;
    // Observations without a kind lump a rule's sentences together: comparable only when the rule ran whole.
    if (observed !== UNCLASSIFIED || whole) out.observationDifferences.push({ rule, sentence });
    else
      out.notes.push(
        `${sentence}. Not compared: these observations carry no kind, and ${rule} did not run all its tests through on both sides.`,
      );
    return;
  }
  if (whole) {
    const sentence =
      kind === 'appeared'
        ? `${c.what}: production shows ${values(c.to)}, which the sandbox never showed`
        : `${c.what}: the sandbox showed ${values(c.from)}, production never does`;
    out.observationDifferences.push({ rule, sentence });
  } else {
    const side = kind === 'appeared' ? 'production' : 'the sandbox';
    out.notes.push(
      `${c.what} was seen on ${side} only (${values(kind === 'appeared' ? c.to : c.from)}); not compared, ` +
        `as ${rule} did not run all its tests through on both sides.`,
    );
  }
}

/** Operations the sandbox run had served and production never did, with the variables their reason names. */
function operationsNotServed(sandbox: ConformanceJson, production: ConformanceJson): OperationNotServed[] {
  const notOnSandbox = new Set((sandbox.operationsNotServed ?? []).map((o) => o.operation));
  return (production.operationsNotServed ?? [])
    .filter((o) => !notOnSandbox.has(o.operation))
    .map((o) => {
      const set = Object.values(CONFIGURATION_SKIPS)
        .filter((skip) => o.reason.includes(skip.reason))
        .map((skip) => skip.set);
      return { ...o, ...(set.length && { set }) };
    });
}

export function compareCutover(
  sandbox: ConformanceJson,
  production: ConformanceJson,
  sandboxPath: string,
  today = dayOf(new Date()),
): CutoverComparison {
  const drift = driftSince(sandbox, production, sandboxPath, { acrossTargets: true });
  const out: CutoverComparison = {
    // The drift's baseline is the sandbox run: its path, start, target and verdict.
    sandbox: { ...drift.baseline, verdictLine: verdictLineOf(sandbox) },
    production: { started: production.started, verdict: production.verdict, verdictLine: verdictLineOf(production) },
    ruleDifferences: [],
    observationDifferences: [],
    notExercised: [],
    unjudgeableOnProduction: [],
    operationsNotServed: operationsNotServed(sandbox, production),
    failingOnBoth: [],
    knownFromSandbox: carriedFromSandbox(sandbox, today),
    asOnSandbox: [],
    notes: [...drift.notes],
    // A sandbox report without leniencies (an older suite) compares none: production's are its own (a note says so).
    leniencies: {
      onBoth: (production.leniencies ?? []).filter((l) => drift.leniencies && !drift.leniencies.appeared.includes(l)),
      productionOnly: drift.leniencies?.appeared ?? production.leniencies ?? [],
      sandboxOnly: drift.leniencies?.noLongerSeen ?? [],
    },
  };
  if (sandbox.target !== 'sandbox')
    out.notes.push(`The report given as the sandbox's was run against ${sandbox.target}.`);
  if (sandbox.verdict === 'CONFORMANT WITH KNOWN DEVIATIONS') {
    const note = 'The sandbox run accepted known deviations (listed apart)';
    out.notes.push(`${note}: production is compared with what it showed, those failures included.`);
  } else if (sandbox.verdict !== 'CONFORMANT')
    out.notes.push(
      `The sandbox run was ${sandbox.verdict}, not CONFORMANT: production is compared with what it showed, failures included.`,
    );
  const rules = {
    sandbox: new Map(sandbox.rules.map((r) => [r.id, r])),
    production: new Map(production.rules.map((r) => [r.id, r])),
  };
  const changes = [
    ...drift.newlyFailing,
    ...drift.newlyPassing,
    ...drift.newlyExercised,
    ...drift.noLongerExercised,
    ...drift.otherChanges,
  ];
  const asBefore = asOnSandbox(sandbox, production, today);
  out.asOnSandbox = [...asBefore].map(([rule, sentence]) => ({ rule, sentence }));
  for (const c of changes.sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }))) {
    if (!asBefore.has(c.id)) classifyRule(c, rules.production.get(c.id)!, out);
  }
  out.failingOnBoth = production.rules
    .filter((r) => r.status === 'failed' && rules.sandbox.get(r.id)?.status === 'failed')
    .map((r) => r.id);
  for (const c of drift.changedValue) classifyObservation(c, 'changed', rules, out);
  for (const c of drift.appeared) classifyObservation(c, 'appeared', rules, out);
  for (const c of drift.disappeared) classifyObservation(c, 'disappeared', rules, out);
  return out;
}

/** Every difference a client integrated against the sandbox could feel on production. */
export function feltDifferences(c: CutoverComparison): Difference[] {
  return [...c.ruleDifferences, ...c.observationDifferences];
}
