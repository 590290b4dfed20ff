import type { ConformanceJson } from '../reporters/model/read-report.js';

/**
 * The environment of the production run: the production profile, its reports apart, no baseline or rule
 * selection of its own, and the sandbox run's generated inputs replayed (its seed and count), so both
 * gateways answer the same inputs and what they observed compares. A PG_SEED set by the user wins.
 */
export function productionRunEnv(
  sandbox: ConformanceJson,
  env: NodeJS.ProcessEnv,
  reportsDir: string,
): { env: NodeJS.ProcessEnv; note: string } {
  const child: NodeJS.ProcessEnv = { ...env, PG_TARGET: 'production', PG_REPORTS_DIR: reportsDir };
  delete child.PG_BASELINE;
  delete child.PG_RULES;
  const generated = sandbox.generated;
  const seed = typeof generated?.seed === 'number' ? generated.seed : undefined;
  if (env.PG_SEED)
    return {
      env: child,
      note:
        `Generated inputs: production ran with PG_SEED=${env.PG_SEED} as ` +
        `set${seed === undefined ? '' : `, the sandbox run with ${seed}`}; observations on generated inputs ` +
        `compare only where the inputs agree.`,
    };
  if (seed === undefined)
    return {
      env: child,
      note:
        'Generated inputs: the sandbox report records no seed, so production answered other generated inputs; ' +
        'observations on them compare only where the inputs agree.',
    };
  child.PG_SEED = String(seed);
  if (!env.PG_GENERATED_RUNS && typeof generated?.runsPerProperty === 'number')
    child.PG_GENERATED_RUNS = String(generated.runsPerProperty);
  return { env: child, note: `Generated inputs: production answered the sandbox run's inputs (PG_SEED=${seed}).` };
}
