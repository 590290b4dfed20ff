/**
 * The run's generated-input settings, read from the environment so every worker agrees:
 * PG_SEED replays a run (the main process picks one when unset), PG_GENERATED_RUNS bounds each property.
 */
export const SEED_VAR = 'PG_SEED';
export const RUNS_VAR = 'PG_GENERATED_RUNS';
/** Keeps the conformance run against the embedded mock within a few seconds of the fixed examples alone. */
export const DEFAULT_RUNS = 25;

/** Called once in the runner's main process (playwright.config.ts); workers inherit the seed it sets. */
export function ensureRunSeed(env: NodeJS.ProcessEnv = process.env): number {
  env[SEED_VAR] ||= String(Math.floor(Math.random() * 2 ** 31));
  return runSeed(env);
}

export function runSeed(env: NodeJS.ProcessEnv = process.env): number {
  const seed = Number(env[SEED_VAR]);
  if (!Number.isSafeInteger(seed))
    throw new Error(`${SEED_VAR} must be an integer (the seed a report printed), got ${JSON.stringify(env[SEED_VAR])}`);
  return seed;
}

export function generatedRuns(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[RUNS_VAR];
  if (raw === undefined || raw === '') return DEFAULT_RUNS;
  const runs = Number(raw);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`${RUNS_VAR} must be a positive integer, got ${JSON.stringify(raw)}`);
  return runs;
}

/** Each property draws from its own stream of the run seed, so adding one property does not move the others. */
export function propertySeed(runSeedValue: number, name: string): number {
  let h = runSeedValue | 0;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h | 0;
}
