import type { Seams } from '../gateway/seams.js';
import type { MockState } from '../state/state.js';

/** What the control routes receive: the state they show and move, and what they report of the server. */
export type ControlContext = {
  readonly state: MockState;
  /** Section 3's enabling through its seam, so a behaviour that bends the transition bends it here too. */
  readonly enableHook: Seams['enableHook'];
  /** The behaviours this server runs, by name. */
  readonly on: { readonly faults: readonly string[]; readonly variants: readonly string[] };
};
