import { describeExchange } from './describe-exchange.js';
import type { Exchange } from '../transport/exchange.js';
import type { Redactor } from './redact.js';
import { ruleById } from '../catalogue/rules.js';

/** A failed check: which rule, what it expected, what was seen, and the (redacted) exchange behind it. */
export class RuleViolation extends Error {
  constructor(
    readonly ruleId: string,
    problems: string[],
    expected: string,
    exchanges: Exchange[],
    redactor: Redactor,
  ) {
    const rule = ruleById(ruleId);
    super(
      [
        `[${ruleId}] ${rule.rule}`,
        `  (section ${rule.section}: "${rule.source}")`,
        `Expected: ${expected}`,
        `Found: ${problems.map((p) => redactor.text(p)).join('; ')}`,
        ...exchanges.map((e) => describeExchange(e, redactor)),
      ].join('\n'),
    );
    this.name = 'RuleViolation';
  }
}

/** A RuleViolation message's first line, "[TOK-8] …", as a test's error shows it (Playwright may put the error's name first). */
const VIOLATION_LINE = /^(?:[A-Za-z]+: )?\[([A-Z]+-[0-9]+)\] /;

/** The rule a line names when it is the first line of a RuleViolation message; undefined for any other line. */
export function violatedRuleOf(line: string): string | undefined {
  return VIOLATION_LINE.exec(line)?.[1];
}

/** The rules the RuleViolation messages in `text` name, in order, repeats kept: the reporters' one reading of them. */
export function rulesViolatedIn(text: string): string[] {
  return text.split('\n').flatMap((line) => violatedRuleOf(line) ?? []);
}
