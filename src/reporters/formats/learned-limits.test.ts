import { expect, test } from '../../testing/fixtures.js';
import type { Rule } from '../../catalogue/rules.js';
import { conformanceReport } from '../model/conformance-report.js';
import { ruleOutcomes, verdictOf, type FinishedTest } from '../model/rule-outcomes.js';
import { conformanceMarkdown } from './markdown.js';

const RULES: Rule[] = [
  {
    id: 'TOK-1',
    section: '4.1',
    source: 'the document on TOK-1',
    rule: 'TOK-1 wording',
    check: 'black-box',
    writes: true,
  },
];
const RECORD: FinishedTest = {
  title: 'tokenize.spec.ts › TOK-1 stores a card',
  file: 'f',
  rules: ['TOK-1'],
  violated: [],
  outcome: 'passed',
  observations: [],
  judged: [{ ruleId: 'TOK-1', count: 1, what: 'tokenizes' }],
  served: ['tokenize', 'listCustomers', 'disableWebhook'],
};

function markdownOf(learnedLimits?: { scope: string; perSecond: number }[]): string {
  const outcomes = ruleOutcomes(RULES, [RECORD], 'sandbox');
  return conformanceMarkdown(
    conformanceReport({
      target: 'sandbox',
      targetId: 'sandbox 0123456789ab',
      started: '2026-12-02T07:00:00.000Z',
      finished: '2026-12-02T07:01:00.000Z',
      runStatus: 'passed',
      verdict: verdictOf(outcomes),
      unavailable: [],
      outcomes,
      learnedLimits,
    }),
  );
}

test('conformance.md names each limit the run learned, by scope, apart from the verdict', () => {
  const md = markdownOf([
    { scope: 'pg', perSecond: 5.3 },
    { scope: 'target', perSecond: 20 },
  ]);
  expect(md).toContain('## Rate limits learned (from 429s, not part of the verdict)');
  expect(md).toContain('- /pg/: about 5.3 requests a second');
  expect(md).toContain('- the whole target: about 20 requests a second');
  expect(md).toContain('CONFORMANT');
});

test('a run that met no 429 has no section of learned limits', () => {
  expect(markdownOf()).not.toContain('Rate limits learned');
  expect(markdownOf([])).not.toContain('Rate limits learned');
});
