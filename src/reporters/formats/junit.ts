import { ticketOf } from '../../known-deviations/entry.js';
import type { ConformanceReport, RuleReport } from '../model/conformance-report.js';
import { isBroken, type Failure } from '../model/rule-outcomes.js';
import { escapeXml } from './xml-escape.js';
import { LENIENCIES_INTRO, LENIENCIES_TITLE, leniencyDetail, leniencyHeading, leniencyLine } from './leniency-lines.js';

/** An attribute's value on one line: a reader would fold its line breaks into spaces anyway. */
const attribute = (text: string) => escapeXml(text.replace(/\s+/g, ' ').trim());

/** A rule's family, the prefix of its ID (TOK, AUTH, VAULT…): each is one test suite. */
const familyOf = (id: string) => id.replace(/-[^-]*$/, '');

const unique = (list: readonly string[]) => [...new Set(list)];

function findingText(f: Failure): string {
  if (isBroken(f)) return f.message;
  return [
    `Expected: ${f.expected}`,
    `Found: ${f.found}`,
    ...f.exchanges,
    ...f.reproduce.map((r) => `Reproduce with: ${r}`),
  ].join('\n');
}

/** Each failed test of the rule with its findings: Expected, Found, the redacted exchanges, the reproduce lines. */
function findingsText(r: RuleReport): string {
  return r.tests
    .filter((t) => t.outcome === 'failed')
    .map((t) => [`Test: ${t.title}`, ...(t.failures ?? []).map(findingText)].join('\n\n'))
    .join('\n\n');
}

/** The first Found of the rule's findings, for the failure's one-line message. */
function firstFound(r: RuleReport): string {
  const details = r.tests.filter((t) => t.outcome === 'failed').flatMap((t) => t.failures ?? []);
  const first = details[0];
  const found = first ? (isBroken(first) ? first.message : first.found) : 'see the failed tests';
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : '';
  return `Found: ${found.split('\n')[0]}${more}`;
}

/** What the rule's tests said when they did not run: their skip reasons, without repeats. */
const notesOf = (r: RuleReport) => unique(r.tests.map((t) => t.note ?? '').filter(Boolean));

/** What a rule that passed judged, left open in part, observed and was served leniently: the test case's output. */
function passedText(r: RuleReport, report: ConformanceReport): string {
  return [
    `Judged: ${r.judged.join(', ') || 'nothing'}`,
    ...(r.notExercised.length ? [`Not judged in part: ${r.notExercised.join('; ')}`] : []),
    ...r.observations.map((o) => `Observed: ${o.text}`),
    ...report.leniencies.filter((l) => l.rule === r.id).map((l) => `Notable leniency: ${leniencyLine(l)}`),
    ...r.tests.map((t) => `${t.outcome}: ${t.title}`),
  ].join('\n');
}

/**
 * Why a rule was not judged, as its `<skipped>` says: not exercised, skipped, not checkable on this target,
 * not run, not selected. A known deviation is skipped too: the gateway does not keep the rule, so it is no
 * pass, and the run accepted the failure until a date, so it is no failure; a test view shows it apart from
 * both, with the ticket and the expiry.
 */
function skipReason(r: RuleReport, report: ConformanceReport): string | undefined {
  switch (r.status) {
    case 'known deviation': {
      const entries = (report.knownDeviations?.known ?? []).filter((k) => k.rule === r.id);
      const accepted = unique(entries.map((k) => `${ticketOf(k)}, until ${k.expires}: ${k.reason}`));
      return `known deviation: ${accepted.join('; ') || 'accepted in the known-deviations file'}`;
    }
    case 'not exercised':
      return `not exercised: ${r.notExercised.join('; ')}`;
    case 'skipped':
    case 'not checkable on this target':
      return `${r.status}: ${notesOf(r).join('; ') || 'its tests were skipped'}`;
    case 'not run':
      return 'not run: no test of this rule ran';
    case 'not selected':
      return 'not selected: the run was limited to other rules (--rule)';
    default:
      return undefined;
  }
}

function testCase(r: RuleReport, report: ConformanceReport): string {
  const open = `    <testcase classname="conformance.${attribute(familyOf(r.id))}" name="${attribute(`${r.id}: ${r.rule}`)}">`;
  const out = (text: string) => `<system-out>${escapeXml(text)}</system-out>`;
  if (r.status === 'failed')
    return (
      `${open}<failure type="rule violated" message="${attribute(firstFound(r))}">` +
      `${escapeXml(findingsText(r))}</failure></testcase>`
    );
  if (r.status === 'target unavailable') {
    const why = notesOf(r).join('; ') || 'infrastructure trouble stopped its checks';
    return `${open}<error type="target unavailable" message="${attribute(why)}"/></testcase>`;
  }
  const skipped = skipReason(r, report);
  if (skipped !== undefined) {
    const findings = r.status === 'known deviation' ? out(findingsText(r)) : '';
    return `${open}<skipped message="${attribute(skipped)}"/>${findings}</testcase>`;
  }
  return `${open}${out(passedText(r, report))}</testcase>`;
}

const kindOf = (r: RuleReport) =>
  r.status === 'failed'
    ? 'failures'
    : r.status === 'target unavailable'
      ? 'errors'
      : r.status === 'passed'
        ? 'passed'
        : 'skipped';

function counts(rules: readonly RuleReport[]): string {
  const n = (kind: string) => rules.filter((r) => kindOf(r) === kind).length;
  return `tests="${rules.length}" failures="${n('failures')}" errors="${n('errors')}" skipped="${n('skipped')}"`;
}

/**
 * The notable leniencies as a suite of their own that holds no test case (none is a test, passed or failed, so
 * the counts stay the rules'): a property per leniency and their detail as the suite's output. None: no suite.
 */
function leniencySuite(report: ConformanceReport): string[] {
  if (!report.leniencies.length) return [];
  const properties = report.leniencies
    .map((l) => `      <property name="${attribute(leniencyHeading(l))}" value="${attribute(l.text)}"/>`)
    .join('\n');
  const text = [
    LENIENCIES_INTRO,
    ...report.leniencies.flatMap((l) => ['', leniencyHeading(l), ...leniencyDetail(l)]),
  ].join('\n');
  return [
    `  <testsuite name="${attribute(LENIENCIES_TITLE)}" tests="0" failures="0" errors="0" skipped="0" ` +
      `timestamp="${attribute(report.started)}">\n    <properties>\n${properties}\n    </properties>\n` +
      `    <system-out>${escapeXml(text)}</system-out>\n  </testsuite>`,
  ];
}

/**
 * junit.xml for CI test views: one test case per rule of the catalogue, in one suite per family. A failed
 * rule carries each finding (Expected, Found, the exchanges and reproduce lines, redacted where they were
 * made); a rule not judged is skipped with the reason; one target unavailable is an error, as infrastructure
 * stopped it. The notable leniencies, when any, follow in a suite of their own (leniencySuite).
 */
export function conformanceJunit(report: ConformanceReport): string {
  const families = unique(report.rules.map((r) => familyOf(r.id)));
  const suites = families.map((family) => {
    const rules = report.rules.filter((r) => familyOf(r.id) === family);
    return (
      `  <testsuite name="${attribute(family)}" ${counts(rules)} timestamp="${attribute(report.started)}">\n` +
      `${rules.map((r) => testCase(r, report)).join('\n')}\n  </testsuite>`
    );
  });
  const seconds = (Date.parse(report.finished) - Date.parse(report.started)) / 1000;
  const time = Number.isFinite(seconds) ? ` time="${seconds.toFixed(3)}"` : '';
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<testsuites name="${attribute(`gateway-conformance: ${report.verdict} (${report.targetId})`)}" ` +
    `${counts(report.rules)}${time}>\n${[...suites, ...leniencySuite(report)].join('\n')}\n</testsuites>\n`
  );
}
