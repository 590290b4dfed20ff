import { isJsonType, type HttpRequest } from '../http/app.js';
import { MockError } from './errors.js';

/** The request's JSON object body; `required` false lets an absent body through as undefined. */
export function objectBody(request: HttpRequest, required: boolean): Record<string, unknown> | undefined {
  const body = request.body;
  if (body === undefined) {
    if (!required) return undefined;
    if (!isJsonType(request.headers['content-type'])) throw new MockError('unsupportedMediaType');
    throw new MockError('notAnObject', 'The body is empty. Send a JSON object.');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new MockError('notAnObject');
  return body as Record<string, unknown>;
}
