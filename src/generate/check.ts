import type fc from 'fast-check';
import type { Redactor } from '../evidence/redact.js';
import { RuleViolation, failureOf, type TestRecorder } from '../evidence/test-record.js';
import { failureLines, runProperty, type PropertyFinding } from './property.js';
import { SEED_VAR } from './settings.js';

/**
 * Checks a rule on generated inputs: `judge` sends one input and returns what each rule showed.
 * `describe` says the input in words (the report shows it, redacted); it must not need the real key.
 */
export type PropertyCheck = <T>(
  name: string,
  arbitrary: fc.Arbitrary<T>,
  judge: (input: T) => Promise<PropertyFinding[]>,
  describe?: (input: T) => string,
) => Promise<number>;

/** Long inputs (echo_fields of a few KB) are shown by their ends and length, enough to rebuild them with the seed. */
export function shorten(text: string, max = 400): string {
  return text.length <= max ? text : `${text.slice(0, max - 120)} … ${text.slice(-80)} (${text.length} characters)`;
}

/**
 * `recorder` counts, per rule, the generated inputs that reached a verdict ("passed means exercised"); `lanes`
 * inputs are judged at once (the requests the worker may have in flight).
 */
export function propertyCheck(redactor: Redactor, recorder: TestRecorder, lanes: number): PropertyCheck {
  return async (name, arbitrary, judge, describe = (input) => JSON.stringify(input)) => {
    // Later rounds draw the same inputs again for rules not yet failed: count each input once.
    const counted = async (input: Parameters<typeof judge>[0], round: number) => {
      const judgements = await judge(input);
      if (round === 0) for (const j of judgements) recorder.judged(j.ruleId, 1, 'generated inputs');
      return judgements;
    };
    const outcome = await runProperty(name, arbitrary, counted, { lanes });
    const shrunk = outcome.failures.map((failure) => ({
      failure,
      lines: failureLines(failure, shorten(redactor.text(describe(failure.input)))),
    }));
    recorder.generated(
      name,
      outcome.runs,
      `${SEED_VAR}=${outcome.runSeed}`,
      shrunk.map((s) => s.lines),
    );
    if (!shrunk.length) return outcome.runs;
    const violations = shrunk.flatMap(({ failure, lines }) =>
      failure.judgements.map(
        (j) => new RuleViolation(j.ruleId, [...j.problems, ...lines], j.expected, j.exchanges, redactor),
      ),
    );
    throw failureOf(recorder, violations) ?? new Error(`${name}: failed without a rule named`);
  };
}
