import { TOKENIZE_FORMATS } from '../gateway/tokenize/request.js';
import { faithfulSeams } from '../server/faithful.js';
import type { Credentials } from '../credentials.js';
import type { Seams, Shapes } from '../server/seams.js';
import { seededCustomer } from '../state/customers.js';
import { FAULTS } from './faults.js';
import type { Behaviours } from './behaviours.js';
import type { Env, Unit } from './unit.js';
import { VARIANTS } from './variants.js';

const SEAMS = [
  'authenticate',
  'readTokenize',
  'readVaultQuery',
  'storeCard',
  'vaultWindow',
  'disableWebhook',
  'disableHook',
  'enableHook',
  'admits',
  'mayPost',
  'target',
] as const satisfies readonly (keyof Seams)[];

/** The units a server runs, in registry order (faults first). Names must already be checked with unknownNames. */
export function activeUnits(faults: readonly string[], variants: readonly string[]): Unit[] {
  const units: readonly Unit[] = [...FAULTS, ...VARIANTS];
  const on = new Set([...faults, ...variants]);
  return units.filter((u) => on.has(u.name));
}

/** The core's seams with these units applied: each unit wraps the step before it, in registry order. */
export function buildBehaviours(
  credentials: Credentials,
  faults: readonly string[],
  variants: readonly string[],
): Behaviours {
  const units = activeUnits(faults, variants);
  const records = units.flatMap((u) => (u.record ? [u.record] : []));
  const recordAt = (index: number) => {
    const { record, cardNumbers } = seededCustomer(index);
    for (const change of records) change(record, cardNumbers);
    return record;
  };
  const env: Env = { credentials, customer: recordAt };
  const formats = units.reduce((f, u) => (u.formats ? u.formats(f) : f), TOKENIZE_FORMATS);
  const seams: Seams = faithfulSeams(
    credentials,
    () => formats,
    () => seams,
  );
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
  return { seams, shapes, wire: units.flatMap((u) => (u.wire ? [u.wire] : [])), recordAt };
}
