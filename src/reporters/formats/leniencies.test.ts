import { expect, test } from '../../testing/fixtures.js';
import type { Rule } from '../../catalogue/rules.js';
import { LENIENCIES, SERVED } from '../../catalogue/leniencies.js';
import type { Observation } from '../../evidence/test-record.js';
import { compareCutover } from '../../cutover/compare.js';
import { cutoverMarkdown, cutoverOutcome, cutoverReport } from '../../cutover/report.js';
import { driftMarkdown } from '../drift/drift-markdown.js';
import { driftSince, unchanged } from '../drift/drift.js';
import { conformanceReport } from '../model/conformance-report.js';
import { ruleOutcomes, verdictOf, type FinishedTest } from '../model/rule-outcomes.js';
import type { ConformanceJson } from '../model/read-report.js';
import { conformancePage } from './html/conformance-html.js';
import { conformanceJunit } from './junit.js';
import { LENIENCIES_TITLE } from './leniency-lines.js';
import { conformanceMarkdown } from './markdown.js';

const rule = (id: string, section = '5.3'): Rule => ({
  id,
  section,
  source: `the document on ${id}`,
  rule: `${id} wording`,
  check: 'black-box',
  writes: false,
});
const RULES = [rule('AUTH-3'), rule('AUTH-4'), rule('TOK-7', '2.1')];

const served = (name: keyof typeof LENIENCIES, operation: string, text: string): Observation => ({
  ruleId: LENIENCIES[name].rule,
  kind: name,
  subject: operation,
  value: SERVED,
  text,
});
const statusSeen: Observation = {
  ruleId: 'AUTH-4',
  kind: 'token-variant-answer',
  subject: 'the key as user part, the colon after it',
  value: 'accepted',
  text: 'vault listing with the key as user part, the colon after it: accepted',
};

const record = (id: string, observations: Observation[] = []): FinishedTest => ({
  title: `auth.spec.ts › ${id} probe`,
  file: 'f',
  rules: [id],
  violated: [],
  outcome: 'passed',
  observations,
  judged: [{ ruleId: id, count: 1, what: 'requests' }],
  served: ['tokenize', 'listCustomers', 'disableWebhook'],
});

function reportOf(records: FinishedTest[], baseline?: string) {
  const outcomes = ruleOutcomes(RULES, records, 'sandbox');
  return conformanceReport({
    target: 'sandbox',
    targetId: 'sandbox 0123456789ab',
    started: '2026-12-01T21:00:00.000Z',
    finished: '2026-12-01T21:00:10.000Z',
    runStatus: 'passed',
    verdict: verdictOf(outcomes),
    unavailable: [],
    outcomes,
    baseline,
  });
}

const LENIENT = [
  record('AUTH-3', [served('key-whitespace-trimmed', 'listCustomers', 'the vault listing served the spaced key')]),
  record('AUTH-4', [
    statusSeen,
    served('key-as-user-part', 'tokenize', 'tokenize served KEY:'),
    served('key-as-user-part', 'listCustomers', 'vault listing served KEY:'),
  ]),
  record('TOK-7', [served('other-merchant-id-served', 'tokenize', 'tokenize served another merchant_id')]),
];

test('the model lists each leniency served once, in catalogue order, apart from its rule, and no verdict moves', () => {
  const report = reportOf([...LENIENT, record('AUTH-3', [LENIENT[0]!.observations![0]!])]);
  expect(report.verdict).toBe('CONFORMANT');
  expect(report.leniencies.map((l) => `${l.name} ${l.operation}`)).toEqual([
    'other-merchant-id-served tokenize',
    'key-whitespace-trimmed listCustomers',
    'key-as-user-part listCustomers',
    'key-as-user-part tokenize',
  ]);
  expect(report.leniencies[0]).toMatchObject({
    rule: 'TOK-7',
    section: '2.1',
    text: 'tokenize served another merchant_id',
  });
  // The rule keeps its other observations; the leniency is the report's, written once.
  expect(report.rules.find((r) => r.id === 'AUTH-4')!.observations.map((o) => o.kind)).toEqual([
    'token-variant-answer',
  ]);
  expect(report.rules.find((r) => r.id === 'TOK-7')!.observations).toEqual([]);
});

test('an observation of a leniency kind under another rule than its own is no leniency', () => {
  const stray = { ...served('key-as-user-part', 'tokenize', 'x'), ruleId: 'AUTH-3' };
  expect(reportOf([record('AUTH-3', [stray])]).leniencies).toEqual([]);
});

test('conformance.md, the page and junit.xml show each leniency in a section of its own', () => {
  const report = reportOf(LENIENT);
  const md = conformanceMarkdown(report);
  expect(md).toContain(`## ${LENIENCIES_TITLE}`);
  expect(md).toContain('- **key-as-user-part on tokenize (AUTH-4, section 5.3)**');
  expect(md).toContain(`  - Sent: ${LENIENCIES['other-merchant-id-served'].sent}.`);
  expect(md).toContain(`  - The document: "${LENIENCIES['key-whitespace-trimmed'].source}"`);
  // Before the rules, and not again under the rule.
  expect(md.indexOf(LENIENCIES_TITLE)).toBeLessThan(md.indexOf('## Rules'));
  expect(md.split('tokenize served another merchant_id')).toHaveLength(2);

  const page = conformancePage(report);
  expect(page).toContain('<h2 id="leniencies">');
  expect(page).toContain('<strong>key-whitespace-trimmed on listCustomers (AUTH-3, section 5.2, 5.3)</strong>');

  const junit = conformanceJunit(report);
  expect(junit).toContain(`<testsuite name="${LENIENCIES_TITLE}" tests="0"`);
  expect(junit).toContain('<property name="other-merchant-id-served on tokenize (TOK-7, section 2.1)"');
  expect(junit).toContain('Notable leniency: key-as-user-part on listCustomers');
  // The counts stay the rules'.
  expect(junit).toMatch(/<testsuites name="[^"]*" tests="3" failures="0"/);
});

test('a run without leniencies shows none: no section, an empty list in conformance.json', () => {
  const report = reportOf([record('AUTH-3', []), record('AUTH-4', [statusSeen]), record('TOK-7')]);
  expect(report.leniencies).toEqual([]);
  expect(conformanceMarkdown(report)).not.toContain('lenienc');
  expect(conformancePage(report)).not.toContain('lenienc');
  expect(conformanceJunit(report)).not.toContain('lenienc');
});

const json = (records: FinishedTest[]) => JSON.parse(JSON.stringify(reportOf(records))) as ConformanceJson;

test('drift names the leniencies that appeared and those no longer seen, and nothing when they are the same', () => {
  const before = json([LENIENT[0]!, LENIENT[1]!, record('TOK-7')]);
  const after = json([record('AUTH-3'), LENIENT[1]!, LENIENT[2]!]);
  const d = driftSince(before, after, 'b.json');
  expect(d.leniencies?.appeared.map((l) => l.name)).toEqual(['other-merchant-id-served']);
  expect(d.leniencies?.noLongerSeen.map((l) => `${l.name} ${l.operation}`)).toEqual([
    'key-whitespace-trimmed listCustomers',
  ]);
  // Compared in their own lists, never as a rule's observations.
  expect([...d.appeared, ...d.disappeared, ...d.changedValue]).toEqual([]);
  const md = driftMarkdown(d).join('\n');
  expect(md).toContain('### Notable leniencies that appeared');
  expect(md).toContain('- other-merchant-id-served on tokenize (TOK-7, section 2.1): tokenize served another');
  expect(md).toContain('### Notable leniencies no longer seen');
  expect(unchanged(driftSince(after, after, 'b.json'))).toBe(true);
});

test('a baseline of an older suite records no leniencies: not compared, said in a note', () => {
  const { leniencies: _none, ...older } = json([record('AUTH-3')]);
  const d = driftSince(older, json(LENIENT), 'b.json');
  expect(d.leniencies).toBeUndefined();
  expect(d.notes).toContain(
    'The baseline records no notable leniencies (an older version of the suite): not compared.',
  );
});

test('the cutover report lists the leniencies of each side apart from its outcome', () => {
  const sandbox = { ...json([LENIENT[0]!, LENIENT[1]!, record('TOK-7')]), target: 'sandbox' };
  const production = { ...json([record('AUTH-3'), LENIENT[1]!, LENIENT[2]!]), target: 'production' };
  const c = compareCutover(sandbox, production, 'sandbox.json', '2026-12-02');
  expect(c.leniencies.onBoth.map((l) => `${l.name} ${l.operation}`)).toEqual([
    'key-as-user-part listCustomers',
    'key-as-user-part tokenize',
  ]);
  expect(c.leniencies.productionOnly.map((l) => l.name)).toEqual(['other-merchant-id-served']);
  expect(c.leniencies.sandboxOnly.map((l) => l.name)).toEqual(['key-whitespace-trimmed']);
  const webhook = { url: 'https://merchant.example/hook', ok: true, findings: [] };
  const outcome = cutoverOutcome(c, webhook);
  expect(outcome.code).toBe(0);
  const md = cutoverMarkdown(cutoverReport(c, webhook, outcome, 'reports'));
  expect(md).toContain('## Notable leniencies (not part of the outcome)');
  expect(md).toContain('key-whitespace-trimmed on listCustomers (AUTH-3, section 5.2, 5.3): the vault listing served');
  expect(md).toContain('a client relying on it may fail after the move');
});

test('a cutover where neither side saw a leniency has no such section', () => {
  const none = json([record('AUTH-3')]);
  const c = compareCutover({ ...none, target: 'sandbox' }, { ...none, target: 'production' }, 's.json', '2026-12-02');
  const webhook = { url: 'https://merchant.example/hook', ok: true, findings: [] };
  expect(cutoverMarkdown(cutoverReport(c, webhook, cutoverOutcome(c, webhook), 'reports'))).not.toContain('lenienc');
});
