import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MockError } from '../gateway/errors.js';

export const BODY_LIMIT = 1024 * 1024;

/**
 * JSON is the only body type. An empty body parses to undefined, because section 4.3 sends
 * content-type: application/json with no body; each route then says whether it needs one.
 */
export function acceptJsonBodiesOnly(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else parseJson(request, body as string, done);
  });
}

function isJsonContentType(header: string | undefined): boolean {
  return header?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/** The request's JSON object body; `required` false lets an absent body through as undefined. */
export function objectBody(request: FastifyRequest, required: boolean): Record<string, unknown> | undefined {
  const body = request.body;
  if (body === undefined) {
    if (!required) return undefined;
    if (!isJsonContentType(request.headers['content-type'])) throw new MockError('unsupportedMediaType');
    throw new MockError('notAnObject', 'The body is empty. Send a JSON object.');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new MockError('notAnObject');
  return body as Record<string, unknown>;
}
