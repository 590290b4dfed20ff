import { driftSince, type Drift } from './drift.js';
import { readConformanceJson, type ConformanceJson } from './report-json.js';

/**
 * The drift since the baseline named by --baseline / PG_BASELINE, or a sentence saying why there is none.
 * A baseline that cannot be read is reported, never fatal: drift is information, the verdict is this run's.
 */
export function baselineDrift(path: string | undefined, current: ConformanceJson): Drift | string | undefined {
  if (!path) return undefined;
  try {
    return driftSince(readConformanceJson(path), current, path);
  } catch (error) {
    return `The baseline ${path} could not be read (${(error as Error).message.split('\n')[0]}); nothing is compared.`;
  }
}
