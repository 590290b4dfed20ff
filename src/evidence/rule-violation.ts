import { exchangeShown } from './describe-exchange.js';
import { reproduceWithCurl } from './reproduce-line.js';
import type { Finding } from './annotations.js';
import type { Exchange } from '../transport/exchange.js';
import type { Redactor } from './redact.js';
import { ruleById, type Rule } from '../catalogue/rules.js';
import { operationOf } from '../catalogue/spec.js';

/**
 * The words of a failed check's message, for people reading a test's error: no code reads them back (the
 * reports are written from the finding), so a unit test rewrites every one and requires the same reports.
 */
export const violationWording = {
  message: (rule: Rule, f: Finding): string =>
    [
      `[${rule.id}] ${rule.rule}`,
      `  (section ${rule.section}: "${rule.source}")`,
      `Expected: ${f.expected}`,
      `Found: ${f.found}`,
      ...f.exchanges.map((shown, i) => `${shown}\nReproduce with: ${f.reproduce[i]}`),
    ].join('\n'),
  /** One test's several failed checks, as one error. */
  several: (messages: readonly string[]): string => messages.join('\n\n'),
};

function operationsOf(exchanges: readonly Exchange[]): string[] {
  const found = exchanges.flatMap((e) => {
    let path: string;
    try {
      path = new URL(e.request.url).pathname;
    } catch {
      path = e.request.url.split('?')[0]!;
    }
    return operationOf(e.request.method, path) ?? [];
  });
  return [...new Set(found)];
}

/** A failed check: which rule, what it expected, what was seen, and the (redacted) exchanges behind it. */
export class RuleViolation extends Error {
  readonly finding: Finding;

  constructor(ruleId: string, problems: string[], expected: string, exchanges: Exchange[], redactor: Redactor) {
    const rule = ruleById(ruleId);
    const finding: Finding = {
      ruleId,
      operations: operationsOf(exchanges),
      expected: redactor.text(expected),
      found: problems
        .map((p) => redactor.text(p))
        .join('; ')
        .trimEnd(),
      exchanges: exchanges.map((e) => exchangeShown(e, redactor)),
      reproduce: exchanges.map((e) => reproduceWithCurl(e, redactor)),
    };
    super(violationWording.message(rule, finding));
    this.name = 'RuleViolation';
    this.finding = finding;
  }

  get ruleId(): string {
    return this.finding.ruleId;
  }
}
