import type { onRequestHookHandler } from 'fastify';
import type { MockState } from '../state/state.js';
import type { Identity, Operation } from './auth.js';
import type { GatewaySteps } from './seams.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Section 5's verdict, set by a gateway route's authentication before the body is read. */
    identity: Identity | undefined;
  }
}

/** What each gateway route receives: the steps it runs (with the behaviours on), the state, section 5's check. */
export type GatewayContext = {
  readonly steps: GatewaySteps;
  readonly state: MockState;
  /** A gateway route's onRequest hook: section 5, before its body is read. */
  readonly authenticate: (operation: Operation) => onRequestHookHandler;
};
