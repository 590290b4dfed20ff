import { TOKENIZE_FORMATS } from '../gateway/tokenize/request.js';
import { faithfulSeams } from '../server/faithful.js';
import type { Credentials } from '../server/options.js';
import type { Seams, Shapes } from '../server/seams.js';
import { seededCustomer, type Customer } from '../state/customers.js';
import { FAULTS } from './faults.js';
import type { Env, Registered, Unit, Wire } from './unit.js';
import { VARIANTS } from './variants.js';

/**
 * Behaviours: the mock's deliberate faults (faults.ts) and legitimate variations (variants.ts), each a
 * small unit beside the rule it breaks or the leeway it uses, applied at the seams the faithful core
 * offers (server/seams.ts). The gateway's own code never names one; with none on, every seam is the
 * conformant step and no hook is installed.
 */
export type Behaviours = {
  readonly seams: Seams;
  readonly shapes: Shapes;
  readonly wire: readonly Wire[];
  /** Customer record i as this server lists it. */
  readonly recordAt: (index: number) => Customer;
  /** No fault and no variant is on. */
  readonly none: boolean;
};

/** Problems with a list of fault or variant names; unknown names are listed with the known ones. */
export function unknownNames(kind: 'fault' | 'variant', names: readonly string[], label: string): string[] {
  const registry: readonly Registered[] = kind === 'fault' ? FAULTS : VARIANTS;
  const known = registry.map((r) => r.name);
  const unknown = names.filter((n) => !known.includes(n));
  if (!unknown.length) return [];
  return [`${label}: unknown ${kind}${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `"${n}"`).join(', ')}; known ${kind}s: ${known.join(', ') || '(none)'}`];
}

const SEAMS = ['authenticate', 'readTokenize', 'readVaultQuery', 'storeCard', 'vaultWindow', 'disableWebhook', 'disableHook', 'enableHook', 'admits', 'mayPost', 'target'] as const satisfies readonly (keyof Seams)[];

/** The units a server runs, in registry order (faults first). Names must already be checked with unknownNames. */
export function activeUnits(faults: readonly string[], variants: readonly string[]): Unit[] {
  const units: readonly Unit[] = [...FAULTS, ...VARIANTS];
  const on = new Set([...faults, ...variants]);
  return units.filter((u) => on.has(u.name));
}

/** The core's seams with these units applied: each unit wraps the step before it, in registry order. */
export function buildBehaviours(credentials: Credentials, faults: readonly string[], variants: readonly string[]): Behaviours {
  const units = activeUnits(faults, variants);
  const records = units.flatMap((u) => (u.record ? [u.record] : []));
  const recordAt = records.length
    ? (index: number) => {
        const { record, cardNumbers } = seededCustomer(index);
        for (const change of records) change(record, cardNumbers);
        return record;
      }
    : (index: number) => seededCustomer(index).record;
  const env: Env = { credentials, customer: recordAt };
  const formats = units.reduce((f, u) => (u.formats ? u.formats(f) : f), TOKENIZE_FORMATS);
  const seams: Seams = faithfulSeams(credentials, () => formats, () => seams);
  for (const unit of units) {
    for (const name of SEAMS) {
      const around = unit[name] as ((next: unknown, env: Env) => never) | undefined;
      if (around) (seams as Record<string, unknown>)[name] = around(seams[name], env);
    }
  }
  const shapes: Shapes = {
    tokenizeFormats: formats,
    record: records,
    answer: units.flatMap((u) => (u.answer ? [(a, c) => u.answer!(a, c, env)] : [])),
    failure: units.flatMap((u) => (u.failure ? [(a, c) => u.failure!(a, c, env)] : [])),
  };
  return { seams, shapes, wire: units.flatMap((u) => (u.wire ? [u.wire] : [])), recordAt, none: units.length === 0 };
}
