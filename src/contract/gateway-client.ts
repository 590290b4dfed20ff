import { setTimeout as delay } from 'node:timers/promises';
import { basicAuthorization } from './auth.js';
import type { Exchange } from './exchange.js';
import { familyOf, type OperationId } from './spec.js';
import { TargetUnavailableError, retryAfterMs, transportProblem } from './target-unavailable.js';
import type { ListCustomersQuery, TokenizeRequest } from './types.js';

/** How a request authenticates: as the merchant, as the integrator, or with a literal header (or none). */
export type Auth = 'merchant' | 'vendor' | { authorization: string | undefined };

export type Credentials = { merchantKey: string; vendorKey: string | undefined };

export type RetryPolicy = { attempts: number; baseDelayMs: number; maxDelayMs: number; timeoutMs: number };

/** Reads are idempotent and retried a bounded number of times; nothing else is ever retried. */
export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 250, maxDelayMs: 5_000, timeoutMs: 15_000 };

export type SendOptions = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  operation?: OperationId;
  auth?: Auth;
  query?: Record<string, string | number>;
  /** A JSON value, or a raw string sent as-is (for malformed-body checks). */
  body?: unknown;
  headers?: Record<string, string>;
};

/** Writes refused by policy never reach the network. */
export class WriteRefusedError extends Error {
  constructor(method: string, path: string, why = 'writes to production need PG_ALLOW_WRITES=1') {
    super(`${method} ${path} refused: ${why}`);
    this.name = 'WriteRefusedError';
  }
}

/** What the client may write: nothing, or anything but webhooks other than the ones listed. */
export type WritePolicy = { allowWrites: boolean; webhooks?: readonly string[] };

/**
 * The three operations of the interface, plus a raw `send` for requests the operations cannot express.
 * It speaks through Node's fetch, not Playwright's request context, on purpose: Playwright records API
 * requests with their headers and bodies in traces and in error call logs, with no redaction option.
 * What the suite keeps of each request is the Exchange, which every writer redacts.
 */
export class GatewayClient {
  readonly exchanges: Exchange[] = [];

  constructor(
    private readonly baseUrl: string,
    private readonly credentials: Credentials,
    private readonly policy: WritePolicy,
    private readonly redact: (text: string) => string = (t) => t,
    private readonly retry: RetryPolicy = DEFAULT_RETRY,
  ) {}

  authorization(auth: Auth): string | undefined {
    if (auth === 'merchant') return basicAuthorization(this.credentials.merchantKey);
    if (auth === 'vendor') {
      if (!this.credentials.vendorKey) throw new Error('no vendor credentials configured (PG_VENDOR_ID, PG_VENDOR_API_KEY)');
      return basicAuthorization(this.credentials.vendorKey);
    }
    return auth.authorization;
  }

  tokenize(body: TokenizeRequest | Record<string, unknown>, auth: Auth = 'merchant'): Promise<Exchange> {
    return this.send({ method: 'POST', path: '/pg/tokenize', operation: 'tokenize', auth, body });
  }

  listCustomers(query: ListCustomersQuery | Record<string, string | number> = {}, auth: Auth = 'merchant'): Promise<Exchange> {
    return this.send({ method: 'GET', path: '/platform/vault/customer', operation: 'listCustomers', auth, query: query as Record<string, string | number> });
  }

  disableWebhook(webhookId: string, auth: Auth = 'merchant'): Promise<Exchange> {
    if (this.policy.webhooks && !this.policy.webhooks.includes(webhookId)) {
      return Promise.reject(new WriteRefusedError('PUT', '/platform/webhook/…/disable', 'on this target the suite disables only PG_WEBHOOK_ID'));
    }
    const path = `/platform/webhook/${encodeURIComponent(webhookId)}/disable`;
    // Section 4.3 names both headers though the request carries no body.
    return this.send({ method: 'PUT', path, operation: 'disableWebhook', auth, headers: { 'content-type': 'application/json' } });
  }

  async send(options: SendOptions): Promise<Exchange> {
    if (!this.policy.allowWrites && options.method !== 'GET') throw new WriteRefusedError(options.method, options.path);
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const authorization = this.authorization(options.auth ?? 'merchant');
    if (authorization !== undefined) headers.authorization = authorization;
    let data: string | undefined;
    if (options.body !== undefined) {
      data = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const query = options.query ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]): [string, string] => [k, String(v)]))}` : '';
    const started = performance.now();
    const what = `${options.method} ${options.path}`;
    const attempts = options.method === 'GET' ? this.retry.attempts : 1;
    const url = `${this.baseUrl}${options.path}${query}`;
    let response: Response | undefined;
    for (let attempt = 1; !response; attempt++) {
      const backoff = Math.min(this.retry.baseDelayMs * 2 ** (attempt - 1), this.retry.maxDelayMs);
      const tried = `after ${attempt} attempt${attempt > 1 ? 's' : ''}`;
      let answer: Response;
      try {
        answer = await fetch(url, { method: options.method, headers, body: data, redirect: 'manual', signal: AbortSignal.timeout(this.retry.timeoutMs) });
      } catch (error) {
        if (attempt >= attempts) throw new TargetUnavailableError(`${what}: ${this.redact(transportProblem(error))} (${tried})`);
        await delay(backoff);
        continue;
      }
      if (answer.status === 429 || answer.status >= 500) {
        await answer.body?.cancel();
        if (attempt >= attempts) throw new TargetUnavailableError(`${what} answered HTTP ${answer.status} (${tried})`);
        await delay(retryAfterMs(answer.headers.get('retry-after') ?? undefined, this.retry.maxDelayMs) ?? backoff);
        continue;
      }
      response = answer;
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const exchange: Exchange = {
      operation: options.operation,
      family: familyOf(options.path),
      request: { method: options.method, url, headers, body: options.body },
      status: response.status,
      headers: Object.fromEntries(response.headers),
      text,
      json,
      ms: Math.round(performance.now() - started),
    };
    this.exchanges.push(exchange);
    return exchange;
  }
}
