import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Behaviours } from '../behaviours/index.js';
import type { Identity, Operation } from '../gateway/auth.js';
import type { MockState } from '../state/state.js';
import type { ResolvedOptions } from './options.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the gateway routes' auth hook before the body is read. */
    identity: Identity | undefined;
  }
}

/** What every route module receives: resolved options, the seams with their behaviours, and the state. */
export type MockContext = {
  readonly options: ResolvedOptions;
  readonly behaviours: Behaviours;
  readonly state: MockState;
  /** onRequest hook of one gateway operation: section 5 before anything else is read. */
  readonly authenticate: (operation: Operation) => (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
};

export function identityOf(request: FastifyRequest): Identity {
  if (!request.identity) throw new Error('gateway route registered without the auth hook');
  return request.identity;
}
