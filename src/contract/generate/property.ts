import fc from 'fast-check';
import type { Exchange } from '../exchange.js';
import { generatedRuns, propertySeed, runSeed, SEED_VAR } from './settings.js';

/** What one generated input showed for one rule: problems (empty = the rule held) and the exchanges behind them. */
export type Judgement = { ruleId: string; problems: string[]; expected: string; exchanges: Exchange[] };

export type PropertyFailure<T> = {
  input: T;
  judgements: Judgement[];
  seed: number;
  runSeed: number;
  numRuns: number;
  numShrinks: number;
  /** Shrinking stopped at SHRINK_BUDGET: the input shown is the smallest found, maybe not the smallest there is. */
  budgetSpent: boolean;
};

export type PropertyOutcome<T> = { runs: number; seed: number; runSeed: number; failure?: PropertyFailure<T> };

/**
 * Shrinking sends a request per candidate; past this many after the first failure (or this long) the smallest
 * failing input found so far is reported, so a large input cannot make a failing run slow.
 */
export const SHRINK_BUDGET = { steps: 40, ms: 3_000 };

/** Thrown by a judge when the input could not be judged at all (infrastructure); it stops the property. */
class Aborted {
  constructor(readonly error: unknown) {}
}

/**
 * Runs `judge` on up to PG_GENERATED_RUNS inputs drawn from `arbitrary` with the run's seed. A failing input is
 * shrunk by fast-check to the smallest one that still fails; the judgements of that last failing run are kept,
 * so a fault that bites only sometimes is still reported with what it showed. Any other error ends the property
 * and is rethrown (a target that went away is not a counter-example).
 */
export async function runProperty<T>(name: string, arbitrary: fc.Arbitrary<T>, judge: (input: T) => Promise<Judgement[]>, env: NodeJS.ProcessEnv = process.env): Promise<PropertyOutcome<T>> {
  const base = runSeed(env);
  const seed = propertySeed(base, name);
  let lastFailure: { input: T; judgements: Judgement[] } | undefined;
  let aborted: Aborted | undefined;
  let shrinking: { steps: number; since: number } | undefined;
  const property = fc.asyncProperty(arbitrary, async (input) => {
    if (aborted) return true;
    // Out of budget: every further candidate "passes" without a request, so fast-check stops at the last failure.
    if (shrinking && (++shrinking.steps > SHRINK_BUDGET.steps || Date.now() - shrinking.since > SHRINK_BUDGET.ms)) return true;
    let judgements: Judgement[];
    try {
      judgements = await judge(input);
    } catch (error) {
      aborted = new Aborted(error);
      return true;
    }
    const failing = judgements.filter((j) => j.problems.length > 0);
    if (!failing.length) return true;
    lastFailure = { input, judgements: failing };
    shrinking ??= { steps: 0, since: Date.now() };
    return false;
  });
  const details = await fc.check(property, { seed, numRuns: generatedRuns(env) });
  if (aborted) throw aborted.error;
  if (!details.failed || !lastFailure) return { runs: details.numRuns, seed, runSeed: base };
  const budgetSpent = !!shrinking && (shrinking.steps > SHRINK_BUDGET.steps || Date.now() - shrinking.since > SHRINK_BUDGET.ms);
  return { runs: details.numRuns, seed, runSeed: base, failure: { ...lastFailure, seed, runSeed: base, numRuns: details.numRuns, numShrinks: details.numShrinks, budgetSpent } };
}

/** The lines a failure message and the report show: seed, shrunk input (described by the caller, redacted there) and how to replay. */
export function failureLines(failure: PropertyFailure<unknown>, described: string): string[] {
  return [
    `generated input (property seed ${failure.seed}, failed on run ${failure.numRuns}, shrunk in ${failure.numShrinks} steps${failure.budgetSpent ? ', stopped at the shrink budget' : ''}): ${described}`,
    `replay with ${SEED_VAR}=${failure.runSeed}`,
  ];
}
