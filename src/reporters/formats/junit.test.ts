import { expect, test } from '../../testing/fixtures.js';
import type { Rule } from '../../catalogue/rules.js';
import { conformanceReport } from '../model/conformance-report.js';
import { judgeRules, ruleOutcomes, verdictOf, type RuleOutcome, type FinishedTest } from '../model/rule-outcomes.js';
import { conformanceJunit } from './junit.js';
import { xmlProblem } from '../../testing/readers/well-formed-xml.js';
import { escapeXml } from './xml-escape.js';

const rule = (id: string, text = `${id} wording`): Rule => ({
  id,
  section: '2.2',
  source: 's',
  rule: text,
  check: 'black-box',
  writes: false,
});
const record = (id: string, over: Partial<FinishedTest> = {}): FinishedTest => ({
  title: `tokenize.spec.ts › ${id} holds`,
  file: 'f',
  rules: [id],
  violated: [],
  outcome: 'passed',
  observations: [],
  judged: [{ ruleId: id, count: 3, what: 'answers' }],
  ...over,
});
const finding = {
  ruleId: 'TOK-8',
  operations: ['tokenize'],
  expected: 'first four digits, one x per hidden digit, last six digits',
  found: 'card_number hides 4 digits with x, expected 6',
  exchanges: ['Sent: POST http://127.0.0.1:4010/pg/tokenize\nReceived: HTTP 200'],
  reproduce: ['curl -sS -X POST -u ":$PG_API_KEY" \'http://127.0.0.1:4010/pg/tokenize\''],
};

function junitOf(outcomes: RuleOutcome[], over: Partial<Parameters<typeof conformanceReport>[0]> = {}) {
  const started = '2026-11-26T21:00:00.000Z';
  return conformanceJunit(
    conformanceReport({
      target: 'mock',
      targetId: 'mock',
      started,
      finished: '2026-11-26T21:00:12.500Z',
      runStatus: 'failed',
      verdict: verdictOf(outcomes),
      unavailable: [],
      outcomes,
      ...over,
    }),
  );
}

/** The one test case of a rule, from its opening tag to its end. */
const testCaseOf = (xml: string, id: string) => {
  const start = xml.indexOf(`name="${id}: `);
  return xml.slice(xml.lastIndexOf('<testcase', start), xml.indexOf('</testcase>', start) + '</testcase>'.length);
};

test('a failed rule is one test case with a failure carrying Expected, Found, the exchange and the reproduce line', () => {
  const outcomes = ruleOutcomes(
    [rule('TOK-8'), rule('TOK-9'), rule('AUTH-1')],
    [
      record('TOK-8', { outcome: 'failed', violated: ['TOK-8'], failures: [finding] }),
      record('TOK-9'),
      record('AUTH-1'),
    ],
    'mock',
  );
  const xml = junitOf(outcomes);
  expect(xmlProblem(xml)).toBeUndefined();
  expect(xml).toContain('<testsuites name="gateway-conformance: NON-CONFORMANT (mock)" tests="3" failures="1"');
  expect(xml).toContain('time="12.500"');
  expect(xml).toContain('<testsuite name="TOK" tests="2" failures="1" errors="0" skipped="0"');
  expect(testCaseOf(xml, 'TOK-8')).toBe(
    '<testcase classname="conformance.TOK" name="TOK-8: TOK-8 wording">' +
      '<failure type="rule violated" message="Found: card_number hides 4 digits with x, expected 6">' +
      'Test: tokenize.spec.ts › TOK-8 holds\n\n' +
      'Expected: first four digits, one x per hidden digit, last six digits\n' +
      'Found: card_number hides 4 digits with x, expected 6\n' +
      'Sent: POST http://127.0.0.1:4010/pg/tokenize\nReceived: HTTP 200\n' +
      "Reproduce with: curl -sS -X POST -u &quot;:$PG_API_KEY&quot; 'http://127.0.0.1:4010/pg/tokenize'" +
      '</failure></testcase>',
  );
  expect(testCaseOf(xml, 'TOK-9')).toContain('<system-out>Judged: 3 answers\npassed: tokenize.spec.ts › TOK-9 holds');
  expect(xml).toContain('<testcase classname="conformance.AUTH" name="AUTH-1: AUTH-1 wording">');
});

test('a rule not judged is skipped with its reason: not exercised, skipped for a variable, not selected', () => {
  const judgedNothing = {
    judged: [],
    notExercised: [{ ruleId: 'VAULT-7', reason: 'the vault holds no billing cards' }],
  };
  const { outcomes } = judgeRules(
    [rule('VAULT-7'), rule('HOOK-1'), rule('AUTH-1')],
    [
      record('VAULT-7', judgedNothing),
      record('HOOK-1', { outcome: 'skipped', skipReason: 'needs PG_WEBHOOK_ID' }),
      record('AUTH-1'),
    ],
    { target: 'sandbox', selected: ['VAULT-7', 'HOOK-1'] },
  );
  const xml = junitOf(outcomes, { selected: ['VAULT-7', 'HOOK-1'] });
  expect(xmlProblem(xml)).toBeUndefined();
  expect(testCaseOf(xml, 'VAULT-7')).toContain(
    '<skipped message="not exercised: the vault holds no billing cards"/></testcase>',
  );
  expect(testCaseOf(xml, 'HOOK-1')).toContain('<skipped message="skipped: needs PG_WEBHOOK_ID"/>');
  expect(testCaseOf(xml, 'AUTH-1')).toContain('<skipped message="not selected: the run was limited to other rules');
  expect(xml).toContain('tests="3" failures="0" errors="0" skipped="3"');
});

test('a known deviation is skipped with its ticket and expiry, its findings kept as output', () => {
  const failed = ruleOutcomes(
    [rule('TOK-8')],
    [record('TOK-8', { outcome: 'failed', violated: ['TOK-8'], failures: [finding] })],
    'sandbox',
  );
  const outcomes = failed.map((o) => ({ ...o, status: 'known deviation' as const }));
  const item = {
    rule: 'TOK-8',
    ticket: 'VENDOR-4711',
    expires: '2026-12-20',
    reason: 'reported',
    target: 'any',
    entry: 1,
    line: 2,
    found: [finding.found],
  };
  const xml = junitOf(outcomes, {
    verdict: 'CONFORMANT WITH KNOWN DEVIATIONS',
    knownDeviations: { file: 'known-deviations.yaml', known: [item], expired: [], noLongerSeen: [], notForTarget: [] },
  });
  expect(xmlProblem(xml)).toBeUndefined();
  const tok8 = testCaseOf(xml, 'TOK-8');
  expect(tok8).toContain('<skipped message="known deviation: VENDOR-4711, until 2026-12-20: reported"/>');
  expect(tok8).toContain('<system-out>Test: tokenize.spec.ts › TOK-8 holds\n\nExpected: first four digits');
  expect(tok8).not.toContain('<failure');
});

test('markup and control characters in a rule, a title or a finding never break the file', () => {
  const odd = 'a <b> & "quoted" value\u0007 with a bell\u0000';
  const outcomes = ruleOutcomes(
    [rule('ERR-5', `Every answer is <valid> & "typed"`)],
    [
      record('ERR-5', {
        title: `ERR-5 ${odd}`,
        outcome: 'failed',
        violated: ['ERR-5'],
        failures: [{ ...finding, ruleId: 'ERR-5', found: odd }],
      }),
    ],
    'mock',
  );
  const xml = junitOf(outcomes);
  expect(xmlProblem(xml)).toBeUndefined();
  expect(xml).toContain('name="ERR-5: Every answer is &lt;valid&gt; &amp; &quot;typed&quot;"');
  expect(xml).toContain('message="Found: a &lt;b&gt; &amp; &quot;quoted&quot; value with a bell"');
  expect(xml).not.toContain('\u0007');
  expect(xml).not.toContain('\u0000');
});

test('the shared XML escape leaves out what XML cannot hold and keeps tabs, line breaks and paired surrogates', () => {
  expect(escapeXml('<a href="x">&</a>')).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;');
  expect(escapeXml('tab\there\nline\r\u0001\u001f\ufffe\ud800!')).toBe('tab\there\nline\r!');
  expect(escapeXml('card \ud83d\udcb3')).toBe('card \ud83d\udcb3');
});

test('the well-formedness check refuses what a JUnit reader would', () => {
  expect(xmlProblem('<a><b></a></b>')).toContain('closes another element');
  expect(xmlProblem('<a x="1 & 2"/>')).toContain('bare &');
  expect(xmlProblem('<a x="<"/>')).toContain('a < in attribute');
  expect(xmlProblem('<a>\u0007</a>')).toContain('character U+7');
  expect(xmlProblem('<a/><b/>')).toContain('second root');
  expect(xmlProblem('<?xml version="1.0"?>\n<a x="&quot;&#10;">t&amp;&#x41;</a>\n')).toBeUndefined();
});
