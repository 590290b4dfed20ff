import fc from 'fast-check';
import type { Exchange } from '../transport/exchange.js';
import { JudgedAhead } from './judged-ahead.js';
import { generatedRuns, propertySeed, runSeed, SEED_VAR } from './settings.js';

/** What one generated input showed for one rule: problems (empty = the rule held) and the exchanges behind them. */
export type PropertyFinding = { ruleId: string; problems: string[]; expected: string; exchanges: Exchange[] };

export type PropertyFailure<T> = {
  input: T;
  judgements: PropertyFinding[];
  seed: number;
  runSeed: number;
  numRuns: number;
  numShrinks: number;
  /** Shrinking stopped at SHRINK_BUDGET: the input shown is the smallest found, maybe not the smallest there is. */
  budgetSpent: boolean;
};

export type PropertyOutcome<T> = { runs: number; seed: number; runSeed: number; failures: PropertyFailure<T>[] };

/**
 * Shrinking sends a request per candidate; past this many after the first failure (or this long) the smallest
 * failing input found so far is reported, so a large input cannot make a failing run slow.
 */
export const SHRINK_BUDGET = { steps: 40, ms: 3_000 };

/** `round` is 0 on the first pass over the inputs; later passes look again for rules that have not failed yet. */
export type Judge<T> = (input: T, round: number) => Promise<PropertyFinding[]>;

/**
 * Runs `judge` on up to PG_GENERATED_RUNS inputs drawn from `arbitrary` with the run's seed, `lanes` of them at
 * once. A failing input is shrunk by fast-check to the smallest one that still fails the same rules; the
 * judgements of that last failing run are kept, so a fault that bites only sometimes is still reported with
 * what it showed. Each rule is its own property: once a rule has failed, the inputs are drawn again (same
 * seed) for the rules that have not, so a rule failing on the first bad input does not hide another that a
 * different input breaks, and shrinking one rule's failure cannot end on an input that shows only another
 * rule's. Any other error ends the property and is rethrown (a target that went away is not a counter-example).
 */
export async function runProperty<T>(
  name: string,
  arbitrary: fc.Arbitrary<T>,
  judge: Judge<T>,
  { lanes, env = process.env }: { lanes: number; env?: NodeJS.ProcessEnv },
): Promise<PropertyOutcome<T>> {
  const base = runSeed(env);
  const seed = propertySeed(base, name);
  const failures: PropertyFailure<T>[] = [];
  const settled = new Set<string>();
  let runs = 0;
  for (let round = 0; ; round++) {
    const outcome = await checkOnce(
      arbitrary,
      (input) => judge(input, round),
      { seed, numRuns: generatedRuns(env), lanes },
      settled,
    );
    if (round === 0) runs = outcome.runs;
    if (!outcome.failure) break;
    failures.push({ ...outcome.failure, seed, runSeed: base });
    outcome.failure.judgements.forEach((j) => settled.add(j.ruleId));
  }
  return { runs, seed, runSeed: base, failures };
}

type Checked<T> = { runs: number; failure?: Omit<PropertyFailure<T>, 'seed' | 'runSeed'> };

/** One fast-check pass that fails only on rules not in `settled`, and shrinks while those same rules fail. */
async function checkOnce<T>(
  arbitrary: fc.Arbitrary<T>,
  judge: (input: T) => Promise<PropertyFinding[]>,
  options: { seed: number; numRuns: number; lanes: number },
  settled: ReadonlySet<string>,
): Promise<Checked<T>> {
  let lastFailure: { input: T; judgements: PropertyFinding[] } | undefined;
  // What a judge threw when an input could not be judged at all (infrastructure): it stops the property.
  let aborted: { error: unknown } | undefined;
  let shrinking: { steps: number; since: number; rules: Set<string> } | undefined;
  const ahead = new JudgedAhead(arbitrary, judge, options);
  const property = fc.asyncProperty(arbitrary, async (input) => {
    if (aborted) return true;
    // Out of budget: every further candidate "passes" without a request, so fast-check stops at the last failure.
    if (shrinking && (++shrinking.steps > SHRINK_BUDGET.steps || Date.now() - shrinking.since > SHRINK_BUDGET.ms))
      return true;
    let judgements: PropertyFinding[];
    try {
      judgements = await (shrinking ? judge(input) : ahead.take(input));
    } catch (error) {
      aborted = { error };
      ahead.stop();
      return true;
    }
    const failing = judgements.filter(
      (j) => j.problems.length > 0 && !settled.has(j.ruleId) && (!shrinking || shrinking.rules.has(j.ruleId)),
    );
    if (!failing.length) return true;
    lastFailure = { input, judgements: failing };
    shrinking ??= { steps: 0, since: Date.now(), rules: new Set(failing.map((j) => j.ruleId)) };
    ahead.stop();
    return false;
  });
  let details: fc.RunDetails<[T]>;
  try {
    details = await fc.check(property, { seed: options.seed, numRuns: options.numRuns });
  } finally {
    await ahead.settle();
  }
  if (aborted) throw aborted.error;
  if (!details.failed || !lastFailure) return { runs: details.numRuns };
  const budgetSpent =
    !!shrinking && (shrinking.steps > SHRINK_BUDGET.steps || Date.now() - shrinking.since > SHRINK_BUDGET.ms);
  return {
    runs: details.numRuns,
    failure: { ...lastFailure, numRuns: details.numRuns, numShrinks: details.numShrinks, budgetSpent },
  };
}

/** The lines a failure message and the report show: seed, shrunk input (described by the caller, redacted there) and how to replay. */
export function failureLines(failure: PropertyFailure<unknown>, described: string): string[] {
  return [
    `generated input (property seed ${failure.seed}, failed on run ${failure.numRuns}, shrunk in ` +
      `${failure.numShrinks} steps${failure.budgetSpent ? ', stopped at the shrink budget' : ''}): ` +
      `${described}`,
    `replay with ${SEED_VAR}=${failure.runSeed}`,
  ];
}
