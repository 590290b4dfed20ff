import { describeExchange } from './describe-exchange.js';
import type { Exchange } from './exchange.js';
import type { Redactor } from './redact.js';
import { ruleById } from './rules.js';

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
