import { expect, test } from '../../testing/fixtures.js';
import { xmlProblem } from '../../testing/readers/well-formed-xml.js';
import { trafficJunit } from './traffic-junit.js';
import type { RuleRow, TrafficReport } from './traffic-report-types.js';

const row = (over: Partial<RuleRow>): RuleRow => ({
  ruleId: 'TOK-8',
  side: 'gateway',
  section: '2.2',
  rule: 'card_number is masked',
  outcome: 'kept',
  judged: 2,
  broken: 0,
  findings: [],
  ...over,
});

const report = (rules: RuleRow[]): TrafficReport => ({
  target: { kind: 'sandbox', origin: 'https://sandbox.example' },
  started: '2026-11-26T21:00:00.000Z',
  finished: '2026-11-26T21:01:00.000Z',
  verdict: 'BROKEN',
  exchanges: 4,
  judged: 4,
  notJudged: 0,
  unavailable: 0,
  byOperation: {},
  paymentKinds: {},
  findings: 1,
  rules,
  observations: [],
  unavailableExchanges: [],
});

test('traffic-junit.xml stays well-formed whatever an exchange carried: markup escaped, control characters left out', () => {
  const xml = trafficJunit(
    report([
      row({
        outcome: 'broken',
        broken: 1,
        rule: 'card_number <masked> & "typed"',
        findings: [
          {
            at: 't',
            problems: ['card_number shows <b>\u0007'],
            expected: 'x & y',
            exchange: 'Sent: POST /pg/tokenize',
          },
        ],
      }),
      row({ ruleId: 'AUTH-1', side: 'application', outcome: 'not exercised', judged: 0, why: 'no "auth" <seen>' }),
    ]),
  );
  expect(xmlProblem(xml)).toBeUndefined();
  expect(xml).toContain('name="TOK-8 (gateway side): card_number &lt;masked&gt; &amp; &quot;typed&quot;"');
  expect(xml).toContain('card_number shows &lt;b&gt;\nExpected: x &amp; y');
  expect(xml).toContain('<skipped message="no &quot;auth&quot; &lt;seen&gt;"/>');
});
