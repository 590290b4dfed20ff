import { expect, test } from '../../testing/fixtures.js';
import type { Rule } from '../../catalogue/rules.js';
import type { KnownDeviation, KnownDeviations } from '../../known-deviations/entry.js';
import { conformancePage } from '../formats/html/conformance-html.js';
import { driftSections, driftSince } from '../drift/drift.js';
import { knownSections } from './known-outcomes.js';
import type { ConformanceJson } from '../model/read-report.js';
import { EXIT_CODES, judgeRules, verdictOf, type FinishedTest } from '../model/rule-outcomes.js';
import { stepSummary } from '../formats/step-summary.js';
import { verdictLine } from '../model/verdict-line.js';

const rule = (id: string): Rule => ({
  id,
  section: '2.2',
  source: 's',
  rule: `${id} wording`,
  check: 'black-box',
  writes: false,
});
const judged = (id: string) => [{ ruleId: id, count: 1, what: 'answers' }];
const passing = (id: string): FinishedTest => ({
  title: `${id} passes`,
  file: 'f',
  rules: [id],
  violated: [],
  outcome: 'passed',
  observations: [],
  judged: judged(id),
});
const failing = (id: string, found: string): FinishedTest => ({
  ...passing(id),
  title: `${id} fails`,
  violated: [id],
  outcome: 'failed',
  failures: [
    {
      ruleId: id,
      operations: ['tokenize'],
      expected: 'x',
      found,
      exchanges: ['Sent: POST https://sandbox.example/pg/tokenize'],
      reproduce: [],
    },
  ],
});
const entry = (over: Partial<KnownDeviation> = {}): KnownDeviation => ({
  rule: 'TOK-8',
  operation: 'tokenize',
  found: 'hides 6 digits',
  reason: 'reported',
  ticket: 'TICKET-123',
  expires: '2026-12-20',
  target: 'any',
  index: 1,
  line: 2,
  ...over,
});
const file = (...entries: KnownDeviation[]): KnownDeviations => ({ path: 'known-deviations.yaml', entries });
const run = { target: 'sandbox', today: '2026-11-25' };
const RULES = [rule('TOK-8'), rule('TOK-9')];

function judge(records: FinishedTest[], known: KnownDeviations) {
  const applied = judgeRules(RULES, records, { target: run.target, known: { file: known, today: run.today } });
  const verdict = verdictOf(applied.outcomes);
  return { ...applied, verdict, line: verdictLine(verdict, applied.outcomes, undefined, applied.known) };
}

test(
  'a failure an unexpired entry matches is a known deviation: CONFORMANT WITH KNOWN DEVIATIONS, exit 0, ' +
    'naming ticket and expiry',
  () => {
    const r = judge([failing('TOK-8', 'card_number hides 6 digits with x'), passing('TOK-9')], file(entry()));
    expect(r.outcomes.map((o) => o.status)).toEqual(['known deviation', 'passed']);
    expect(r.verdict).toBe('CONFORMANT WITH KNOWN DEVIATIONS');
    expect(EXIT_CODES[r.verdict]).toBe(0);
    expect(r.line).toBe(
      'CONFORMANT WITH KNOWN DEVIATIONS: 2 rules; 2 of 2 applicable exercised, 1 passed, 1 known (TICKET-123, until 2026-12-20)',
    );
    expect(knownSections(r.known)[0]!.lines).toEqual([
      'TOK-8: TICKET-123, until 2026-12-20 (entry 1, line 2): reported. Found: card_number hides 6 digits with x',
    ]);
  },
);

test('a failure of the same rule the entry does not match is a failure as always', () => {
  const r = judge(
    [failing('TOK-8', 'card_number hides 6 digits with x'), failing('TOK-8', 'card_number shows every digit')],
    file(entry()),
  );
  expect(r.outcomes[0]!.status).toBe('failed');
  expect(r.verdict).toBe('NON-CONFORMANT');
  expect(r.unmatched.map((f) => f.found)).toEqual(['card_number shows every digit']);
});

test('an expired entry stops hiding: its failure counts and the verdict line says since when', () => {
  const r = judge([failing('TOK-8', 'card_number hides 6 digits with x')], file(entry({ expires: '2026-11-24' })));
  expect(r.verdict).toBe('NON-CONFORMANT');
  expect(r.line).toContain("1 failed, TOK-8's known deviation expired on 2026-11-24 (TICKET-123): it counts");
  expect(r.unmatched).toHaveLength(1);
});

test('an entry whose rule passed is listed as no longer seen; one whose rule was not judged is not', () => {
  const r = judge([passing('TOK-8')], file(entry(), entry({ rule: 'TOK-9', index: 2 })));
  expect(r.verdict).toBe('INCOMPLETE'); // TOK-9 had no test here
  expect(r.known.noLongerSeen.map((i) => i.rule)).toEqual(['TOK-8']);
  expect(r.line).toContain('1 known deviation no longer seen');
  expect(knownSections(r.known).map((s) => s.title)).toEqual(['Known deviations no longer seen']);
  expect(knownSections(r.known)[0]!.lines[0]).toContain('the gateway may have fixed it; remove the entry');
});

test('any other verdict wins over a known deviation, and still names it: target unavailable, not fully exercised', () => {
  const unavailable: FinishedTest = { ...passing('TOK-9'), outcome: 'unavailable', error: 'HTTP 503' };
  const r = judge([failing('TOK-8', 'hides 6 digits'), unavailable], file(entry()));
  expect(r.verdict).toBe('TARGET UNAVAILABLE');
  expect(r.line).toContain('1 known (TICKET-123, until 2026-12-20)');
  const known = judgeRules(RULES, [failing('TOK-8', 'hides 6 digits'), passing('TOK-9')], {
    target: 'sandbox',
    known: { file: file(entry()), today: run.today },
  }).outcomes;
  expect(verdictOf(known, { operations: [{ operation: 'disableWebhook', reason: 'never served' }] })).toBe(
    'NOT FULLY EXERCISED',
  );
});

test('an entry for the sandbox only does not hide a production failure', () => {
  const applied = judgeRules(RULES, [failing('TOK-8', 'hides 6 digits'), passing('TOK-9')], {
    target: 'production',
    known: { file: file(entry({ target: 'sandbox' })), today: run.today },
  });
  expect(verdictOf(applied.outcomes)).toBe('NON-CONFORMANT');
  expect(applied.known.notForTarget.map((i) => i.target)).toEqual(['sandbox']);
});

test('the page, the CI summary and the drift show the known deviations and the entries no longer seen', () => {
  const item = {
    rule: 'TOK-8',
    ticket: 'TICKET-123',
    expires: '2026-12-20',
    reason: 'reported',
    target: 'any',
    entry: 1,
    line: 2,
    found: ['hides 6 digits'],
  };
  const tonight: ConformanceJson = {
    target: 'sandbox',
    started: 's',
    finished: 'f',
    verdict: 'CONFORMANT WITH KNOWN DEVIATIONS',
    verdictLine:
      'CONFORMANT WITH KNOWN DEVIATIONS: 2 rules; 2 of 2 applicable exercised, 1 passed, 1 known (TICKET-123, until 2026-12-20)',
    rules: [
      {
        id: 'TOK-8',
        rule: 'r',
        check: 'black-box',
        status: 'known deviation',
        tests: [{ title: 't', outcome: 'failed' }],
        observations: [],
      },
      {
        id: 'TOK-9',
        rule: 'r',
        check: 'black-box',
        status: 'passed',
        tests: [{ title: 't', outcome: 'passed' }],
        observations: [],
      },
    ],
    knownDeviations: {
      file: 'known-deviations.yaml',
      known: [item],
      expired: [],
      noLongerSeen: [{ ...item, rule: 'TOK-9', entry: 2, found: [] }],
      notForTarget: [],
    },
  };
  const page = conformancePage(tonight);
  expect(page).toContain('<div class="verdict known" id="verdict">CONFORMANT WITH KNOWN DEVIATIONS: 2 rules;');
  expect(page).toContain(
    '<h2 class="known-deviations">Known deviations (accepted in known-deviations.yaml; not failures until they expire)</h2>',
  );
  expect(page).toContain(
    'TOK-9: TICKET-123 (entry 2, line 2) matched nothing this run: the gateway may have fixed it; remove the entry',
  );
  const summary = stepSummary(tonight);
  expect(summary).toContain('| TOK-8 | *known deviation* | 0/1 passed |');
  expect(summary).toContain('## Known deviations no longer seen');
  const baseline = {
    ...tonight,
    verdict: 'NON-CONFORMANT',
    rules: [{ ...tonight.rules[0]!, status: 'failed' }, tonight.rules[1]!],
    knownDeviations: undefined,
  };
  const drift = driftSince(baseline, tonight, 'last-night/conformance.json');
  expect(drift.otherChanges).toEqual([{ id: 'TOK-8', from: 'failed', to: 'known deviation' }]);
  expect(driftSections(drift).find((s) => s.title === 'Known deviations no longer seen')?.lines).toHaveLength(1);
});
