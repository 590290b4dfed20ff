import { resolve } from 'node:path';

/** The file a run reads when PG_KNOWN_DEVIATIONS names none: in the working directory, beside .env. */
export const DEFAULT_FILE = 'known-deviations.yaml';
/** PG_KNOWN_DEVIATIONS=off, which `--no-known-deviations` sets for the run: the file is ignored. */
export const OFF = 'off';

export type Source = { use: false } | { use: true; path: string; named: boolean };

/**
 * Which known-deviations file a run reads: PG_KNOWN_DEVIATIONS (absolute once resolved, so the child
 * processes read the same file), else known-deviations.yaml here. `named` tells a file the operator asked
 * for, which must exist, from the default one, which may be absent.
 */
export function knownDeviationsSource(env: NodeJS.ProcessEnv): Source {
  const value = env.PG_KNOWN_DEVIATIONS?.trim();
  if (value?.toLowerCase() === OFF) return { use: false };
  return value
    ? { use: true, path: resolve(value), named: true }
    : { use: true, path: resolve(DEFAULT_FILE), named: false };
}
