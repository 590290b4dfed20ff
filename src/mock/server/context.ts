import type { onRequestHookHandler } from 'fastify';
import type { Behaviours } from '../behaviours/behaviours.js';
import type { Identity, Operation } from '../gateway/auth.js';
import type { HttpRequest } from '../http/app.js';
import type { MockState } from '../state/state.js';
import type { ResolvedOptions } from './resolved-options.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Section 5's verdict, set by a gateway route's authentication before the body is read. */
    identity: Identity | undefined;
  }
}

/** What every route module receives: resolved options, the seams with their behaviours, and the state. */
export type MockContext = {
  readonly options: ResolvedOptions;
  readonly behaviours: Behaviours;
  readonly state: MockState;
  /** A gateway route's onRequest hook: section 5, before its body is read. */
  readonly authenticate: (operation: Operation) => onRequestHookHandler;
};

export function identityOf(request: HttpRequest): Identity {
  if (!request.identity) throw new Error('gateway route registered without its authentication');
  return request.identity;
}
