import { expect, test } from '../../testing/fixtures.js';
import { EXIT_CODES, judgeRules, verdictOf, type FinishedTest } from './rule-outcomes.js';
import { madeUpRecord, madeUpRule } from '../../testing/made-up/records.js';
import { selectedRules, selectionVerdict } from './rule-selection.js';
import { verdictLine } from './verdict-line.js';

const rule = madeUpRule;
const record = madeUpRecord;
const CATALOGUE = [rule('TOK-1'), rule('TOK-8'), rule('TOK-10'), rule('ERR-5')];

/** As the reporter does it in a run of `npm run conformance -- --rule …`: the selection comes in with its options. */
function limitedRun(selected: string[], records: FinishedTest[]) {
  const { outcomes } = judgeRules(CATALOGUE, records, { target: 'mock', selected });
  const verdict = selectionVerdict(verdictOf(outcomes), outcomes);
  return { outcomes, verdict, line: verdictLine(verdict, outcomes, undefined, undefined, selected) };
}

test('a run limited to a rule that passes is CONFORMANT for that rule, exit 0, and says what it covered', () => {
  const run = limitedRun(['TOK-8'], [record({ rules: ['TOK-8'] })]);
  expect(run.outcomes.map((o) => o.status)).toEqual(['not selected', 'passed', 'not selected', 'not selected']);
  expect(run.verdict).toBe('CONFORMANT');
  expect(EXIT_CODES[run.verdict]).toBe(0);
  expect(run.line).toBe(
    'CONFORMANT for TOK-8 (1 of 4 rules selected): 4 rules; 1 of 1 applicable exercised, 1 passed; 3 not selected',
  );
});

test('the same rules missing from a whole run still make it INCOMPLETE', () => {
  const records = [record({ rules: ['TOK-8'] })];
  expect(verdictOf(judgeRules(CATALOGUE, records, { target: 'mock', selected: selectedRules({}) }).outcomes)).toBe(
    'INCOMPLETE',
  );
});

test('a selected rule that fails, or judged nothing, or had no test run, decides the verdict', () => {
  expect(limitedRun(['TOK-8'], [record({ rules: ['TOK-8'], outcome: 'failed' })]).verdict).toBe('NON-CONFORMANT');
  expect(limitedRun(['TOK-8', 'TOK-1'], [record({ rules: ['TOK-8'] })]).verdict).toBe('INCOMPLETE');
  const skipped = limitedRun(
    ['TOK-8'],
    [record({ rules: ['TOK-8'], outcome: 'skipped', skipReason: 'writes to production need PG_ALLOW_WRITES=1' })],
  );
  expect(skipped.outcomes[1]!.status).toBe('skipped');
  expect(skipped.verdict, 'a selection that exercised nothing is no pass').toBe('NOT FULLY EXERCISED');
});

test('a rule outside the selection that a selected test saw fail still fails the run', () => {
  const run = limitedRun(['TOK-8'], [record({ rules: ['TOK-8', 'ERR-5'], violated: ['ERR-5'], outcome: 'failed' })]);
  expect(run.outcomes.map((o) => o.status)).toEqual(['not selected', 'passed', 'not selected', 'failed']);
  expect(run.verdict).toBe('NON-CONFORMANT');
});

test('PG_RULES is read as the conformance command writes it', () => {
  expect(selectedRules({ PG_RULES: 'TOK-8,tok-9 ' })).toEqual(['TOK-8', 'TOK-9']);
  expect(selectedRules({ PG_RULES: '' })).toBeUndefined();
});
