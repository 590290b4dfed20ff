import { expect } from '@playwright/test';
import { validateResponse } from '../catalogue/validate.js';
import { parsedJson } from '../transport/exchange.js';
import { MOCK_DEFAULTS } from '../mock/defaults.js';

/** Requests to the mock as its own tests send them, and the check that an answer keeps to spec/openapi.yaml. */

export type MockAnswer = { status: number; headers: Headers; text: string; json: Record<string, unknown> };

export type Send = {
  key?: string | null;
  authorization?: string;
  body?: unknown;
  rawBody?: string;
  contentType?: string | null;
  headers?: Record<string, string>;
};

export function basic(key: string, user = ''): string {
  return `Basic ${Buffer.from(`${user}:${key}`, 'utf8').toString('base64')}`;
}

/** One HTTP exchange; the merchant key is sent unless `key` is null or `authorization` overrides it. */
export async function send(baseUrl: string, method: string, path: string, options: Send = {}): Promise<MockAnswer> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const key = options.key === undefined ? MOCK_DEFAULTS.apiKey : options.key;
  if (options.authorization !== undefined) headers.authorization = options.authorization;
  else if (key !== null) headers.authorization = basic(key);
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const contentType =
    options.contentType === undefined ? (body === undefined ? null : 'application/json') : options.contentType;
  if (contentType !== null) headers['content-type'] = contentType;
  const res = await fetch(baseUrl + path, { method, headers, body });
  const text = await res.text();
  const parsed = parsedJson(text);
  // Left empty when the body is not JSON: tests assert on `text` and the content type then.
  const json = (parsed === undefined ? {} : parsed) as Record<string, unknown>;
  return { status: res.status, headers: res.headers, text, json };
}

/** Asserts a body validates against spec/openapi.yaml for the operation. */
export function expectValid(operationId: 'tokenize' | 'listCustomers' | 'disableWebhook', body: unknown): void {
  expect(
    validateResponse(operationId, body),
    `${operationId} answer should validate against spec/openapi.yaml`,
  ).toEqual([]);
}
