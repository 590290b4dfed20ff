import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { baselineDrift } from './drift/baseline.js';
import { conformancePage } from './formats/html/conformance-html.js';
import { driftMarkdown } from './drift/drift-markdown.js';
import { catalogueOf } from './model/run-identity.js';
import { nightOf, readHistory, withNight, writeHistory, type Night } from './history/night-history.js';
import { conformanceMarkdown } from './formats/markdown.js';
import { verdictLine, type ConformanceSummary } from './model/verdict-line.js';

/**
 * Writes conformance.json, conformance.md and conformance.html into `dir`, with the drift since a baseline when
 * named, and history.json when a history is kept; returns the nights the page drew.
 */
export function writeConformance(dir: string, s: ConformanceSummary): Night[] | undefined {
  const json = {
    target: s.target,
    targetId: s.targetId,
    catalogue: catalogueOf(s.outcomes.map((o) => o.rule)),
    started: s.started,
    finished: s.finished,
    runStatus: s.runStatus,
    verdict: s.verdict,
    verdictLine: verdictLine(s.verdict, s.outcomes, s.coverage, s.knownDeviations, s.selected),
    counts: s.counts,
    unavailable: s.unavailable,
    configuration: s.configuration ?? [],
    operationsNotServed: s.operations ?? [],
    rules: s.outcomes.map((o) => ({
      id: o.rule.id,
      section: o.rule.section,
      rule: o.rule.rule,
      check: o.rule.check,
      status: o.status,
      judged: o.judged,
      notExercised: o.notExercised,
      tests: o.tests,
      observations: o.observations.map(({ ruleId: _rule, ...data }) => data),
    })),
    ...(s.coverage ? { coverage: s.coverage } : {}),
    ...(s.knownDeviations ? { knownDeviations: s.knownDeviations } : {}),
  };
  const drift = baselineDrift(s.baseline, json);
  mkdirSync(dir, { recursive: true });
  const nights =
    s.history === undefined ? undefined : carryHistory(s.history, dir, nightOf(json, s.knownDeviations?.known));
  const report = {
    ...json,
    ...(drift === undefined ? {} : { drift }),
    ...(s.generated ? { generated: s.generated } : {}),
  };
  writeFileSync(join(dir, 'conformance.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(dir, 'conformance.md'), conformanceMarkdown(s, drift === undefined ? [] : driftMarkdown(drift)));
  writeFileSync(join(dir, 'conformance.html'), conformancePage(report, drift, nights));
  return nights;
}

/** The previous nights and tonight, written beside the reports for the next night to read. */
function carryHistory(previous: string, dir: string, tonight: Night): Night[] {
  const { nights, note } = readHistory(previous);
  if (note) console.error(note);
  const carried = withNight(nights, tonight);
  writeHistory(dir, carried);
  return carried;
}
