import { isAbsolute, relative } from 'node:path';
import { driftSince, type Drift } from './drift.js';
import { readConformanceJson, type ConformanceJson } from '../model/read-report.js';

/**
 * The drift since the baseline named by --baseline / PG_BASELINE, or a sentence saying why there is none.
 * A baseline that cannot be read is reported, never fatal: drift is information, the verdict is this run's.
 */
export function baselineDrift(path: string | undefined, current: ConformanceJson): Drift | string | undefined {
  if (!path) return undefined;
  try {
    // Shown as the user would write it: relative to where the run started, when it lies below it.
    const shown = relative(process.cwd(), path);
    return driftSince(readConformanceJson(path), current, shown.startsWith('..') || isAbsolute(shown) ? path : shown);
  } catch (error) {
    return `The baseline ${path} could not be read (${(error as Error).message.split('\n')[0]}); nothing is compared.`;
  }
}
