import type { Rule } from '../../catalogue/rules.js';
import type { FinishedTest } from '../../reporters/model/rule-outcomes.js';

/** A catalogue rule with only its ID and how it is checked: what the outcome tests judge by. */
export const madeUpRule = (id: string, check: Rule['check'] = 'black-box'): Rule => ({
  id,
  section: '1',
  source: 's',
  rule: 'r',
  check,
  writes: false,
});

/** A passed test's record that judged its first rule once; `over` says what differs. */
export const madeUpRecord = (over: Partial<FinishedTest>): FinishedTest => ({
  title: 't',
  file: 'f',
  rules: [],
  violated: [],
  outcome: 'passed',
  observations: [],
  judged: [{ ruleId: over.rules?.[0] ?? '', count: 1, what: 'answers' }],
  ...over,
});
