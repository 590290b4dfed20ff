import type { Family, OperationId } from '../catalogue/spec.js';

/** One request the suite sent and what came back: everything a failure message or an observation needs. */
export type Exchange = {
  operation: OperationId | undefined;
  family: Family;
  request: {
    method: string;
    url: string;
    headers: Record<string, string>;
    body: unknown;
  };
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
  ms: number;
};

/** The body's JSON, or undefined when it is not JSON (JSON.parse never yields undefined itself). */
export function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function bodyField(exchange: Exchange, name: string): unknown {
  const body = exchange.json;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>)[name] : undefined;
}

/** The family's success indicator of section 7: rcode "000" for /pg/, code 0 for /platform/. */
export function succeeded(exchange: Exchange): boolean {
  return exchange.family === 'pg' ? bodyField(exchange, 'rcode') === '000' : bodyField(exchange, 'code') === 0;
}
