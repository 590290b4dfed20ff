import type { IncomingMessage } from 'node:http';
import secureJsonParse from 'secure-json-parse';
import { MockError } from '../gateway/errors.js';
import type { MockRequest } from './reply.js';

export const BODY_LIMIT = 1024 * 1024;

function isJsonContentType(header: string | undefined): boolean {
  return header === 'application/json' || header?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

type Done = (error: MockError | undefined, body?: unknown) => void;
type Reading = { done: Done; length: number; received: number; chunks: Buffer[] };

/** The body being read, kept on the request stream itself so the listeners are shared, not made per request. */
const READING = Symbol('reading');
type Reader = IncomingMessage & { [READING]?: Reading };

function stop(raw: Reader): Reading {
  raw.off('data', onData);
  raw.off('end', onEnd);
  raw.off('error', onEnd);
  const reading = raw[READING] as Reading;
  raw[READING] = undefined;
  return reading;
}

function onData(this: Reader, chunk: Buffer): void {
  const reading = this[READING] as Reading;
  reading.received += chunk.length;
  if (reading.received > BODY_LIMIT) stop(this).done(new MockError('bodyTooLarge'));
  else reading.chunks.push(chunk);
}

function onEnd(this: Reader, error?: Error): void {
  const { done, length, received, chunks } = stop(this);
  if (error || (!Number.isNaN(length) && received !== length)) {
    done(new MockError('badRequest', 'content-length does not match the body sent.'));
    return;
  }
  const text =
    chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks, received).toString('utf8');
  if (text === '') {
    done(undefined, undefined);
    return;
  }
  let body: unknown;
  try {
    body = secureJsonParse(text, null, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    done(new MockError('invalidJson', 'The body is not valid JSON (keys __proto__ and constructor are refused too).'));
    return;
  }
  done(undefined, body);
}

/**
 * Reads a request body. JSON is the only body type: any other media type, or a body without one, is 415.
 * An empty body parses to undefined, because section 4.3 sends content-type: application/json with no
 * body; each route then says whether it needs one. Keys `__proto__` and `constructor.prototype` are
 * refused (secure-json-parse), and more than 1 MiB is 413 without reading further.
 */
export function readJsonBody(request: MockRequest, done: Done): void {
  const headers = request.headers;
  const contentType = headers['content-type'];
  const declared = headers['content-length'];
  const empty = headers['transfer-encoding'] === undefined && (declared === undefined || declared === '0');
  if (contentType === undefined && empty) {
    done(undefined, undefined);
    return;
  }
  if (!isJsonContentType(contentType)) {
    done(new MockError('unsupportedMediaType'));
    return;
  }
  if (empty) {
    // Nothing follows the headers (section 4.3 sends none): no need to wait for the stream's end.
    done(undefined, undefined);
    return;
  }
  const length = Number(declared);
  if (length > BODY_LIMIT) {
    done(new MockError('bodyTooLarge'));
    return;
  }
  const raw: Reader = request.raw;
  raw[READING] = { done, length, received: 0, chunks: [] };
  raw.on('data', onData);
  raw.on('end', onEnd);
  raw.on('error', onEnd);
}

/** The request's JSON object body; `required` false lets an absent body through as undefined. */
export function objectBody(request: MockRequest, required: boolean): Record<string, unknown> | undefined {
  const body = request.body;
  if (body === undefined) {
    if (!required) return undefined;
    if (!isJsonContentType(request.headers['content-type'])) throw new MockError('unsupportedMediaType');
    throw new MockError('notAnObject', 'The body is empty. Send a JSON object.');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new MockError('notAnObject');
  return body as Record<string, unknown>;
}
