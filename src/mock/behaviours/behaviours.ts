import type { Seams, Shapes } from '../server/seams.js';
import type { Customer } from '../state/customers.js';
import type { Wire } from './unit.js';

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
};
