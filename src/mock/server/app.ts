import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { MockError } from '../gateway/errors.js';
import { readJsonBody } from './json-body.js';
import { MockReply, MockRequest, type OnRequestHook, type PayloadHook, type ReplyHooks } from './reply.js';
import { Router } from './router.js';

/**
 * The mock's HTTP layer: node:http with a router of its own, sized for the mock's dozen routes. Per
 * request, in order: route lookup (a miss or a bad path answers a failure before anything is read),
 * onRequest hooks (a behaviour may answer first), the route's own check (section 5 authentication),
 * the JSON body for POST and PUT, the handler; on the way out, preSerialization and onSend hooks. With no
 * hook installed (no behaviour on) the way from socket to answer has no promise in it: see docs/bench.md.
 */

/** A handler answers through `reply`, or returns (or resolves to) the value to send. */
export type Handler = (request: MockRequest, reply: MockReply) => unknown;
export type Route = { handler: Handler; check?: (request: MockRequest) => void; readsBody: boolean };

export type AppOptions = {
  /** Every failure, thrown or found, becomes an answer here. */
  fail: (error: unknown, request: MockRequest, reply: MockReply) => void;
  /** What a request no route takes answers (404 or 405). */
  miss: (request: MockRequest, allowed: string[]) => MockError;
  /** HTTP the parser could not read. */
  clientError: (error: NodeJS.ErrnoException, socket: Socket) => void;
  /** One line per answer on stdout (method, URL, status, time; never bodies or headers). */
  logger: boolean;
};

export class MockApp {
  readonly server: Server;
  private readonly router = new Router<Route>();
  private readonly onRequest: OnRequestHook[] = [];
  private readonly onClose: (() => Promise<void> | void)[] = [];
  private readonly replyHooks: ReplyHooks;

  constructor(private readonly options: AppOptions) {
    this.replyHooks = { preSerialization: [], onSend: [], fail: options.fail };
    // The keep-alive and request time-outs the mock answered with on Fastify (72 s, none).
    this.server = createServer({ keepAliveTimeout: 72_000, requestTimeout: 0 }, (req, res) => this.dispatch(req, res));
    this.server.on('clientError', options.clientError);
  }

  get(path: string, handler: Handler, check?: Route['check']): void {
    this.router.add('GET', path, { handler, check, readsBody: false });
  }

  post(path: string, handler: Handler, check?: Route['check']): void {
    this.router.add('POST', path, { handler, check, readsBody: true });
  }

  put(path: string, handler: Handler, check?: Route['check']): void {
    this.router.add('PUT', path, { handler, check, readsBody: true });
  }

  addHook(name: 'onRequest', hook: OnRequestHook): void;
  addHook(name: 'preSerialization' | 'onSend', hook: PayloadHook): void;
  addHook(name: 'onClose', hook: () => Promise<void> | void): void;
  addHook(name: string, hook: unknown): void {
    if (name === 'onRequest') this.onRequest.push(hook as OnRequestHook);
    else if (name === 'preSerialization') this.replyHooks.preSerialization.push(hook as PayloadHook);
    else if (name === 'onSend') this.replyHooks.onSend.push(hook as PayloadHook);
    else if (name === 'onClose') this.onClose.push(hook as () => Promise<void>);
    else throw new Error(`unknown hook ${name}`);
  }

  async listen({ host, port }: { host: string; port: number }): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
  }

  /** Stops listening, ends every open connection, then runs the onClose hooks. */
  async close(): Promise<void> {
    if (this.server.listening) {
      const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
      this.server.closeAllConnections();
      await closed;
    }
    for (const hook of this.onClose) await hook();
  }

  private dispatch(req: IncomingMessage, res: ServerResponse): void {
    const url = req.url ?? '/';
    const at = url.indexOf('?');
    const request = new MockRequest(req, req.method ?? 'GET', url, at < 0 ? url : url.slice(0, at));
    const reply = new MockReply(res, request, this.replyHooks);
    if (this.options.logger) this.log(request, reply);
    let route: Route;
    try {
      const match = this.router.find(request.method, request.path);
      if (!match) throw this.options.miss(request, this.router.allowed(request.path));
      route = match.route;
      request.params = match.params;
    } catch (e) {
      this.options.fail(e, request, reply);
      return;
    }
    if (this.onRequest.length) void this.afterHooks(route, request, reply);
    else this.run(route, request, reply);
  }

  private async afterHooks(route: Route, request: MockRequest, reply: MockReply): Promise<void> {
    try {
      for (const hook of this.onRequest) {
        await hook(request, reply);
        if (reply.sent) return;
      }
    } catch (e) {
      this.options.fail(e, request, reply);
      return;
    }
    this.run(route, request, reply);
  }

  private run(route: Route, request: MockRequest, reply: MockReply): void {
    try {
      route.check?.(request);
    } catch (e) {
      this.options.fail(e, request, reply);
      return;
    }
    if (!route.readsBody) {
      this.handle(route, request, reply);
      return;
    }
    readJsonBody(request, (error, body) => {
      if (error) {
        // A body refused while read: the client may still be sending the rest, so the connection ends.
        if (error.failure !== 'unsupportedMediaType') reply.header('connection', 'close');
        this.options.fail(error, request, reply);
        return;
      }
      request.body = body;
      this.handle(route, request, reply);
    });
  }

  private handle(route: Route, request: MockRequest, reply: MockReply): void {
    try {
      const result = route.handler(request, reply);
      if (result instanceof Promise) {
        result.then(
          (value: unknown) => {
            if (value !== undefined && value !== reply && !reply.sent) reply.send(value);
          },
          (e: unknown) => this.options.fail(e, request, reply),
        );
      }
    } catch (e) {
      this.options.fail(e, request, reply);
    }
  }

  private log(request: MockRequest, reply: MockReply): void {
    const started = performance.now();
    reply.raw.once('finish', () => {
      const ms = (performance.now() - started).toFixed(2);
      const line = {
        time: new Date().toISOString(),
        method: request.method,
        url: request.url,
        status: reply.raw.statusCode,
        ms: Number(ms),
      };
      process.stdout.write(`${JSON.stringify(line)}\n`);
    });
  }
}
