import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failureAnswer, familyOf, isGatewayPath, MockError } from '../gateway/errors.js';
import type { Answer, FailureContext, Shapes } from './seams.js';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Fastify's own request errors, renamed into the mock's failure names. */
function fromFastify(error: FastifyError): MockError {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE': return new MockError('unsupportedMediaType');
    case 'FST_ERR_CTP_BODY_TOO_LARGE': return new MockError('bodyTooLarge');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new MockError('invalidJson', 'The body is not valid JSON (keys __proto__ and constructor are refused too).');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH': return new MockError('badRequest', 'content-length does not match the body sent.');
    case 'FST_ERR_BAD_URL': return new MockError('badRequest', 'The URL is not valid (bad percent-encoding?).');
    case 'FST_ERR_MAX_PARAM_LENGTH': return new MockError('badRequest', 'A path segment is longer than 1000 characters.');
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return new MockError('badRequest');
  return new MockError('internal');
}

/** 404 and 405 stay apart: a known path with another method answers 405 and names the allowed ones. */
export function routeMiss(app: FastifyInstance, request: FastifyRequest): MockError {
  const path = request.url.split('?')[0] ?? '/';
  const allowed = METHODS.filter((method) => app.findRoute({ method, url: path }));
  if (allowed.length) {
    return new MockError('methodNotAllowed', `${request.method} is not allowed here; use ${allowed.join(' or ')}.`, { allow: allowed.join(', ') });
  }
  return new MockError('notFound');
}

/**
 * The single place a failure becomes a reply: family scheme, status, headers, JSON body. Behaviours that
 * change failures see the answer here (`shapes`), after the conformant one is built.
 */
export function sendFailure(shapes: Shapes['failure'], error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const mockError = error instanceof MockError ? error : fromFastify(error as FastifyError);
  if (mockError.failure === 'internal') {
    // Log the kind of error only: a message from deep inside could quote request data.
    request.log.error({ code: (error as FastifyError).code, name: (error as Error).name }, 'mock failed unexpectedly');
  }
  const family = familyOf(request.url);
  const answer: Answer = failureAnswer(family, mockError);
  const body = request.body as Record<string, unknown> | undefined;
  // Section 2.2: echo_fields comes back unchanged, on failures too when the body carried it as a string.
  if (family === 'pg' && body && typeof body === 'object' && typeof body.echo_fields === 'string') {
    answer.body!.echo_fields = body.echo_fields;
  }
  if (shapes.length) {
    const context: FailureContext = { family, gateway: isGatewayPath(request.url), error: mockError, url: request.url };
    for (const shape of shapes) shape(answer, context);
  }
  reply.code(answer.status).headers(mockError.headers);
  if (answer.body === undefined) reply.send();
  else reply.type(answer.type ?? 'application/json; charset=utf-8').send(answer.body);
}

/** Unknown paths, wrong methods and every thrown error answer through sendFailure, never as HTML or a stack. */
export function answerFailures(app: FastifyInstance, shapes: Shapes['failure']): void {
  app.setErrorHandler((error, request, reply) => sendFailure(shapes, error, request, reply));
  app.setNotFoundHandler((request, reply) => sendFailure(shapes, routeMiss(app, request), request, reply));
  // Answer a miss before body parsing or auth, so a bad body on a wrong path still reads as 404 or 405.
  // Callback style, not async: it runs on every request, and a promise per request is measurable (docs/bench.md).
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.is404) done(routeMiss(app, request));
    else done();
  });
}
