import type { Socket } from 'node:net';
import { parse as parseQuery } from 'node:querystring';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

export type { FastifyInstance as HttpApp, FastifyReply as HttpReply, FastifyRequest as HttpRequest };

/** Largest request body read; a longer one is refused (413), before reading when content-length says so. */
export const BODY_LIMIT = 1024 * 1024;

/** Longest path segment a parameter may take; a longer one is refused as a bad request, not looked up. */
export const MAX_PARAM_LENGTH = 1000;

/** Methods a 405 may name, in the order the Allow header lists them. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Why the HTTP layer refused a request before any route saw it (the failure names of gateway/errors.ts). */
export type RefusalReason =
  'notFound' | 'methodNotAllowed' | 'unsupportedMediaType' | 'bodyTooLarge' | 'invalidJson' | 'badRequest' | 'internal';

/** A request the HTTP layer refused: the reason, a text that says more, and headers the answer carries (Allow). */
export class Refusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    readonly detail?: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(detail ?? reason);
    this.name = 'Refusal';
  }
}

/** Fastify's own request errors, named as the mock's failures. */
function refusalOf(error: FastifyError): Refusal {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new Refusal('unsupportedMediaType');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new Refusal('bodyTooLarge');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new Refusal('invalidJson', 'The body is not valid JSON (keys __proto__ and constructor are refused too).');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new Refusal('badRequest', 'content-length does not match the body sent.');
    case 'FST_ERR_BAD_URL':
      return new Refusal('badRequest', 'The URL is not valid (bad percent-encoding?).');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new Refusal('badRequest', `A path segment is longer than ${MAX_PARAM_LENGTH} characters.`);
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return new Refusal('badRequest');
  return new Refusal('internal');
}

/** Fastify's errors become Refusals; anything else (a route's own error) is passed on as it is. */
function named(error: unknown): unknown {
  const code = (error as Partial<FastifyError> | null)?.code;
  return typeof code === 'string' && code.startsWith('FST_ERR_') ? refusalOf(error as FastifyError) : error;
}

/** A route's path as a pattern of request paths: each `:name` segment takes one non-empty segment. */
function pathPattern(route: string): RegExp {
  const segments = route
    .split('/')
    .map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}$`);
}

/** Whether a content-type header names JSON, the only body type the mock reads. */
export function isJsonType(header: string | undefined): boolean {
  return header?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

export type HttpOptions = {
  /** Every failure, thrown or refused, becomes an answer here (a Refusal, or whatever a route threw). */
  fail: (error: unknown, request: FastifyRequest, reply: FastifyReply) => void;
  /** HTTP the parser could not read. */
  clientError: (error: NodeJS.ErrnoException, socket: Socket) => void;
  /** One line per answer on stdout (method, URL, status, time; never bodies or headers). */
  logRequests: boolean;
};

/**
 * The mock's HTTP layer: Fastify with JSON as the only body type (secure-json-parse refuses the keys
 * `__proto__` and `constructor.prototype`), 1 MiB bodies (413 before reading when content-length says more),
 * `:name` parameters up to 1000 characters, HEAD for every GET, and every refusal answered through `fail`.
 * A path no route takes answers 404, or 405 naming the methods it takes, before its body is read.
 */
export function httpApp(options: HttpOptions): FastifyInstance {
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT,
    // close() ends kept-alive connections too, so a stopped mock never holds a client's socket.
    forceCloseConnections: true,
    routerOptions: {
      maxParamLength: MAX_PARAM_LENGTH,
      // Percent-decoded values, a repeated name as an array; no cap on the number of parameters.
      querystringParser: (text) => parseQuery(text, '&', '=', { maxKeys: 0 }),
    },
    frameworkErrors: (error, request, reply) => options.fail(named(error), request, reply),
    clientErrorHandler: options.clientError,
  });

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  // An empty body parses to undefined: section 4.3 sends content-type: application/json with no body,
  // and each route says whether it needs one.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else parseJson(request, body as string, done);
  });

  // The routes' paths by method, to name in a 405 the methods a path is served with.
  const routes: { method: string; path: RegExp }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, path: pathPattern(route.url) });
  });
  const miss = (request: FastifyRequest): Refusal => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = METHODS.filter((method) => routes.some((r) => r.method === method && r.path.test(path)));
    return allowed.length
      ? new Refusal('methodNotAllowed', `${request.method} is not allowed here; use ${allowed.join(' or ')}.`, {
          allow: allowed.join(', '),
        })
      : new Refusal('notFound');
  };
  app.setErrorHandler((error, request, reply) => options.fail(named(error), request, reply));
  app.setNotFoundHandler((request, reply) => options.fail(miss(request), request, reply));
  // A miss answers before any other hook and before its body is read: a bad body on a wrong path is 404 or 405.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.is404) done(miss(request));
    else done();
  });
  if (options.logRequests) {
    app.addHook('onResponse', (request, reply, done) => {
      const line = {
        time: new Date().toISOString(),
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Number(reply.elapsedTime.toFixed(2)),
      };
      process.stdout.write(`${JSON.stringify(line)}\n`);
      done();
    });
  }
  return app;
}
