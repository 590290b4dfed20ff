import type { Socket } from 'node:net';
import { buildBehaviours } from '../behaviours/index.js';
import { installWire } from '../behaviours/seams/wire.js';
import { controlRoutes } from '../control/routes.js';
import { controlWebhookRoutes } from '../control/webhook-routes.js';
import { PLATFORM_CODES } from '../gateway/platform-codes.js';
import { tokenizeRoute } from '../gateway/tokenize/route.js';
import { vaultRoute } from '../gateway/vault/route.js';
import { webhookDisableRoute } from '../gateway/webhook-disable.js';
import { httpApp, type HttpApp } from '../http/app.js';
import { MockState } from '../state/state.js';
import type { MockContext } from './context.js';
import { sendFailure } from './failures.js';
import { resolveOptions, type MockOptions } from './options.js';

/**
 * Server wiring: options → the core's seams with the behaviours that are on (behaviours/) → state →
 * the HTTP layer (http/app.ts) with the gateway's three operations (gateway/) and the control API (control/).
 */

export type MockServer = {
  app: HttpApp;
  /** Resolves when no webhook delivery is in flight (for one webhook, or for all). */
  settled(webhookId?: string): Promise<void>;
};

/** HTTP the parser cannot read never reaches a route; answer it in the platform scheme, not Node's default. */
function clientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const body = JSON.stringify({
    code: PLATFORM_CODES.badRequest.code,
    message: tooLarge ? 'The request headers are too large.' : 'The HTTP request is malformed.',
  });
  socket.end(
    `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
      `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/**
 * Builds the mock gateway without listening (start.ts listens). Throws MockConfigError for
 * bad options, including unknown fault or variant names.
 */
export function buildMockServer(options: MockOptions = {}): MockServer {
  const resolved = resolveOptions(options);
  const behaviours = buildBehaviours(resolved.credentials, resolved.faults, resolved.variants);
  const { seams } = behaviours;
  const state = new MockState(resolved, seams);
  const log = resolved.logger ? (line: string) => process.stdout.write(`${line}\n`) : undefined;
  const app = httpApp({
    fail: (error, request, reply) => sendFailure(behaviours.shapes.failure, error, request, reply, log),
    clientError,
    logRequests: resolved.logger,
  });
  app.decorateRequest('identity', undefined);

  const ctx: MockContext = {
    options: resolved,
    behaviours,
    state,
    // Callback style: a hook on every gateway request needs no promise of its own.
    authenticate: (operation) => (request, _reply, done) => {
      try {
        request.identity = seams.authenticate(request.headers.authorization, operation);
      } catch (e) {
        done(e as Error);
        return;
      }
      done();
    },
  };

  installWire(app, behaviours.wire);
  tokenizeRoute(app, ctx);
  vaultRoute(app, ctx);
  webhookDisableRoute(app, ctx);
  controlRoutes(app, ctx);
  controlWebhookRoutes(app, ctx);
  app.addHook('onClose', async () => state.close());

  return {
    app,
    settled: async (webhookId) => {
      const hook = webhookId === undefined ? undefined : state.webhooks.get(webhookId);
      if (webhookId !== undefined && !hook) throw new Error(`settled(): no webhook "${webhookId}"`);
      await state.worker.settled(hook);
    },
  };
}
