import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Behaviour } from './behaviour.js';
import { customerAt } from './customers.js';
import { AUTH_FAILURES, failureAnswer, familyOf, isGatewayPath, MockError } from './errors.js';
import { newCardId } from './ids.js';
import { PG_CODES } from './pg-codes.js';

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

/** The single place a failure becomes a reply: family scheme, status, headers, JSON body. */
export function sendFailure(behaviour: Behaviour, error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const mockError = error instanceof MockError ? error : fromFastify(error as FastifyError);
  if (mockError.failure === 'internal') {
    // Log the kind of error only: a message from deep inside could quote request data.
    request.log.error({ code: (error as FastifyError).code, name: (error as Error).name }, 'mock failed unexpectedly');
  }
  const family = familyOf(request.url);
  const answer = failureAnswer(family, mockError);
  const body = request.body as Record<string, unknown> | undefined;
  // Section 2.2: echo_fields comes back unchanged, on failures too when the body carried it as a string.
  if (family === 'pg' && body && typeof body === 'object' && typeof body.echo_fields === 'string') {
    answer.body.echo_fields = body.echo_fields;
  }
  const { faults, variants } = behaviour;
  const gateway = isGatewayPath(request.url);
  const auth = AUTH_FAILURES.includes(mockError.failure);
  if (gateway) {
    if (family === 'pg' && faults.has('pg-failure-rmsg-empty')) answer.body.rmsg = '';
    if (family === 'pg' && faults.has('pg-failure-without-rmsg')) delete answer.body.rmsg;
    if (family === 'platform' && faults.has('platform-failure-code-as-string')) answer.body.code = String(answer.body.code);
    if (mockError.failure === 'expDateFormat' && faults.has('bad-expiry-answers-000')) Object.assign(answer, { status: 200, body: { ...answer.body, rcode: PG_CODES.ok.rcode } });
    if (auth && family === 'pg' && faults.has('rejection-leaks-card-id')) answer.body.card_id = newCardId();
    if (auth && request.url.startsWith('/platform/vault/') && faults.has('rejection-leaks-customers')) answer.body.data = [customerAt(0, behaviour), customerAt(1, behaviour)];
  }
  let status = answer.status;
  if (gateway && auth && variants.has('auth-failures-403')) status = 403;
  if (gateway && status === 400 && variants.has('validation-failures-422')) status = 422;
  if (variants.has('failures-http-200')) status = 200;
  reply.code(status).headers(mockError.headers);
  if (gateway && status >= 400 && variants.has('errors-non-family-shape')) {
    if (status === 401) reply.type('application/json').send({ error: 'unauthorized' });
    else reply.send();
    return;
  }
  reply.type('application/json; charset=utf-8').send(answer.body);
}

/** Unknown paths, wrong methods and every thrown error answer through sendFailure, never as HTML or a stack. */
export function answerFailures(app: FastifyInstance, behaviour: Behaviour): void {
  app.setErrorHandler((error, request, reply) => sendFailure(behaviour, error, request, reply));
  app.setNotFoundHandler((request, reply) => sendFailure(behaviour, routeMiss(app, request), request, reply));
  // Answer a miss before body parsing or auth, so a bad body on a wrong path still reads as 404 or 405.
  app.addHook('onRequest', async (request) => {
    if (request.is404) throw routeMiss(app, request);
  });
}
