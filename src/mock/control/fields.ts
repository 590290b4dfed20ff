import { MockError } from '../gateway/errors.js';
import { objectBody } from '../gateway/body.js';
import type { HttpRequest } from '../http/app.js';

/** Reads a control API body (JSON object) that may carry only `allowed` fields. */
export function controlBody(
  request: HttpRequest,
  allowed: readonly string[],
  required: boolean,
): Record<string, unknown> {
  const body = objectBody(request, required) ?? {};
  const extra = Object.keys(body).filter((k) => !allowed.includes(k));
  if (extra.length) {
    throw new MockError(
      'unknownField',
      `Unknown field ${JSON.stringify(extra[0]!.slice(0, 64))}; this control route takes ${allowed.join(', ') || 'no fields'}.`,
    );
  }
  return body;
}

export function numberField(
  body: Record<string, unknown>,
  name: string,
  range: { min: number; max: number; fallback?: number },
): number {
  const value = body[name] ?? range.fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < range.min || value > range.max) {
    throw new MockError('controlInvalid', `${name} must be a number from ${range.min} to ${range.max}.`);
  }
  return value;
}
