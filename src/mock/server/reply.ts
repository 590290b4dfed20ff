import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { Identity } from '../gateway/auth.js';

/** A request as routes, hooks and behaviours see it. `url` is the raw request target, query included. */
export class MockRequest {
  /** Section 5's verdict, set by a gateway route's authentication before the body is read. */
  identity: Identity | undefined = undefined;
  params: Record<string, string> = {};
  /** The parsed JSON body; undefined when none was sent (or the route reads none). */
  body: unknown = undefined;
  private parsedQuery: Record<string, unknown> | undefined;

  constructor(
    readonly raw: IncomingMessage,
    readonly method: string,
    readonly url: string,
    /** The path part of `url`, not decoded. */
    readonly path: string,
  ) {}

  get headers(): IncomingHttpHeaders {
    return this.raw.headers;
  }

  /** Query parameters, percent-decoded; a repeated name holds an array. */
  get query(): Record<string, unknown> {
    if (this.parsedQuery === undefined) {
      const at = this.url.indexOf('?');
      this.parsedQuery = at < 0 ? {} : parseQuery(this.url.slice(at + 1), '&', '=', { maxKeys: 0 });
    }
    return this.parsedQuery;
  }
}

/** Hooks on the way in (may answer first) and on the way out (may replace the payload; undefined keeps it). */
export type OnRequestHook = (request: MockRequest, reply: MockReply) => void | Promise<unknown>;
export type PayloadHook = (request: MockRequest, reply: MockReply, payload: unknown) => unknown;

export type ReplyHooks = {
  readonly preSerialization: PayloadHook[];
  readonly onSend: PayloadHook[];
  /** Any error a hook or the sending throws: answered as a failure. */
  readonly fail: (error: unknown, request: MockRequest, reply: MockReply) => void;
};

const JSON_TYPE = 'application/json; charset=utf-8';

function withCharset(type: string): string {
  return type.includes('json') && !/;\s*charset=/i.test(type) ? `${type.replace(/;\s*$/, '')}; charset=utf-8` : type;
}

const isStream = (payload: unknown): payload is NodeJS.ReadableStream =>
  typeof (payload as { pipe?: unknown } | null)?.pipe === 'function';

/**
 * An answer being built: status and headers, then `send` once. An object is serialized as JSON; a string
 * or Buffer is sent as it is; a stream is piped. With no hook installed the whole way is synchronous.
 */
export class MockReply {
  statusCode = 200;
  /** True once `send` was called: hooks before the route stop there. */
  sent = false;
  private fields: Record<string, string> = {};
  private failing = false;

  constructor(
    readonly raw: ServerResponse,
    readonly request: MockRequest,
    private readonly hooks: ReplyHooks,
  ) {}

  code(status: number): this {
    this.statusCode = status;
    return this;
  }

  header(name: string, value: string | number): this {
    this.fields[name.toLowerCase()] = String(value);
    return this;
  }

  headers(values: Readonly<Record<string, string | number>>): this {
    for (const name of Object.keys(values)) this.header(name, values[name] as string | number);
    return this;
  }

  getHeader(name: string): string | undefined {
    return this.fields[name.toLowerCase()];
  }

  removeHeader(name: string): this {
    delete this.fields[name.toLowerCase()];
    return this;
  }

  type(contentType: string): this {
    return this.header('content-type', contentType);
  }

  send(payload?: unknown): this {
    if (this.sent) return this;
    this.sent = true;
    const type = this.fields['content-type'];
    if (payload === undefined || payload === null || isStream(payload)) {
      this.out(payload);
    } else if (Buffer.isBuffer(payload)) {
      if (type === undefined) this.fields['content-type'] = 'application/octet-stream';
      this.out(payload);
    } else if (typeof payload === 'string') {
      this.fields['content-type'] = type === undefined ? 'text/plain; charset=utf-8' : withCharset(type);
      this.out(payload);
    } else {
      this.fields['content-type'] = type === undefined ? JSON_TYPE : withCharset(type);
      if (this.hooks.preSerialization.length) void this.serializeAfterHooks(payload);
      else this.out(JSON.stringify(payload));
    }
    return this;
  }

  /** Sends a failure in place of an answer whose hooks threw; a failure that fails again ends the socket. */
  private fail(error: unknown): void {
    if (this.failing || this.raw.headersSent) {
      this.raw.destroy();
      return;
    }
    this.failing = true;
    this.sent = false;
    this.fields = {};
    this.hooks.fail(error, this.request, this);
  }

  private async serializeAfterHooks(payload: unknown): Promise<void> {
    try {
      for (const hook of this.hooks.preSerialization) payload = (await hook(this.request, this, payload)) ?? payload;
      this.out(JSON.stringify(payload));
    } catch (e) {
      this.fail(e);
    }
  }

  private out(payload: unknown): void {
    if (this.hooks.onSend.length) void this.sendAfterHooks(payload);
    else this.write(payload);
  }

  private async sendAfterHooks(payload: unknown): Promise<void> {
    try {
      for (const hook of this.hooks.onSend) payload = (await hook(this.request, this, payload)) ?? payload;
      this.write(payload);
    } catch (e) {
      this.fail(e);
    }
  }

  private write(payload: unknown): void {
    const res = this.raw;
    const status = this.statusCode;
    const head = this.request.method === 'HEAD';
    if (payload === undefined || payload === null) {
      if (status >= 200 && status !== 204 && status !== 304 && !head) this.fields['content-length'] = '0';
      res.writeHead(status, this.fields).end();
    } else if (status < 200 || status === 204) {
      delete this.fields['content-type'];
      delete this.fields['content-length'];
      res.writeHead(status, this.fields).end();
    } else if (isStream(payload)) {
      res.writeHead(status, this.fields);
      payload.on('error', () => res.destroy());
      payload.pipe(res);
    } else {
      const body = payload as string | Buffer;
      const length = this.fields['content-length'];
      if (!length || (!head && Number(length) !== Buffer.byteLength(body)))
        this.fields['content-length'] = String(Buffer.byteLength(body));
      res.writeHead(status, this.fields).end(body);
    }
  }
}
