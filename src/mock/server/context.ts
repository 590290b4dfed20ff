import type { Behaviours } from '../behaviours/behaviours.js';
import type { Identity, Operation } from '../gateway/auth.js';
import type { MockState } from '../state/state.js';
import type { ResolvedOptions } from './resolved-options.js';
import type { MockRequest } from './reply.js';

/** What every route module receives: resolved options, the seams with their behaviours, and the state. */
export type MockContext = {
  readonly options: ResolvedOptions;
  readonly behaviours: Behaviours;
  readonly state: MockState;
  /** A gateway route's check before its body is read: section 5, before anything else. */
  readonly authenticate: (operation: Operation) => (request: MockRequest) => void;
};

export function identityOf(request: MockRequest): Identity {
  if (!request.identity) throw new Error('gateway route registered without its authentication');
  return request.identity;
}
