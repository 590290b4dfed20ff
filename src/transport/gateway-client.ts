import { setTimeout as delay } from 'node:timers/promises';
import { basicAuthorization } from './auth.js';
import { parsedJson, type Exchange } from './exchange.js';
import { sendRequest, type HttpAnswer } from './http/http-request.js';
import { IN_FLIGHT_PER_WORKER, NEAR_ANSWER_MS, type Pacer } from './pacer.js';
import { familyOf, type OperationId } from '../catalogue/spec.js';
import { TargetMisconfiguredError } from './target-misconfigured.js';
import { TargetUnavailableError, retryAfterMs } from './target-unavailable.js';
import type { ListCustomersQuery, TokenizeRequest } from '../catalogue/types.js';
import { merchantIdNumber, type MerchantIdForm } from '../catalogue/request-builders.js';
import { mayBePlainHttpToTls, tlsOnPlainUrl, whoAnswered, whoFailed, type NotAnswered } from './who-answered.js';

/** How a request authenticates: as the merchant, as the integrator, or with a literal header (or none). */
export type Auth = 'merchant' | 'vendor' | { authorization: string | undefined };

export type Credentials = { merchantKey: string; vendorKey: string | undefined };

export type RetryPolicy = {
  /** Tries of a request that met infrastructure and may be sent again (see GatewayClient.mayResend). */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Per attempt: no answer in this time is transport trouble. */
  timeoutMs: number;
  /** Tries of any request answered 429, and the total it may wait on them. */
  rateLimitAttempts: number;
  rateLimitWaitMs: number;
  /** A POST of unknown outcome (a 502, a reset) is sent again: only where a duplicate stored card does no harm. */
  resendUnknownPosts?: boolean;
};

/**
 * Infrastructure trouble is tried five times where the request may be repeated: an edge that blips on 1
 * request in 25 would fail a request three times in a row once in 15,625, which a nightly run of a few
 * thousand requests meets in one night of five; five tries (0.25 + 0.5 + 1 + 2 s of backoff at most) make
 * it once in ten million. A 429 (not processed) is tried again whatever the method, up to eight times and
 * 20 s of waiting (a test may take 90 s on a remote target).
 */
export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 5,
  baseDelayMs: 250,
  maxDelayMs: 5_000,
  timeoutMs: 15_000,
  rateLimitAttempts: 8,
  rateLimitWaitMs: 20_000,
};

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

/** Section 4.3's path for disabling `webhookId`, under the base address. */
export const disablePath = (webhookId: string) => `/platform/webhook/${encodeURIComponent(webhookId)}/disable`;

/** What the client may write: nothing, or anything but webhooks other than the ones listed. */
export type WritePolicy = { allowWrites: boolean; webhooks?: readonly string[] };

/**
 * The three operations of the interface, plus a raw `send` for requests the operations cannot express.
 * It speaks through undici (http/http-request.ts), not Playwright's request context, on purpose: Playwright
 * records API requests with their headers and bodies in traces and in error call logs, with no redaction option.
 * What the suite keeps of each request is the Exchange, which every writer redacts.
 */
export class GatewayClient {
  readonly exchanges: Exchange[] = [];
  /** The 429s this client met and the time it waited them out (the report's figure for a rate-limited test). */
  readonly rateLimited = { answers: 0, waitedMs: 0 };
  /** Told each wait a 429 asks for: the report's figure for a rate-limited test. */
  onRateLimitWait?: (ms: number) => void;
  /**
   * Told the time this client spent waiting on the target beyond NEAR_ANSWER_MS a request, as it grows:
   * for its slot (the pace learned, a 429's hold, a free lane) and for answers (a slow operation). The
   * fixture adds it to the test's time-out: a target limited or slow but working costs the test time, not
   * its verdict. A request that gets no answer adds nothing; its attempts bound it.
   */
  onWaited?: (ms: number) => void;
  /** The end of the time already told to onWaited: overlapping requests' waits count once. */
  private waitedUntil = -Infinity;
  /**
   * Told why the client stops the test before it throws: the fixture records it as data on the test, so a
   * report learns the class (target unavailable, configuration) without reading the error's message.
   */
  onStopped?: (stopped: TargetUnavailableError | TargetMisconfiguredError) => void;
  /** Told each exchange as it is kept, with the party whose key it carried (a string) or the header sent. */
  onExchange?: (exchange: Exchange, auth: Auth) => void;

  constructor(
    private readonly baseUrl: string,
    private readonly credentials: Credentials,
    private readonly policy: WritePolicy,
    private readonly redact: (text: string) => string = (t) => t,
    private readonly retry: RetryPolicy = DEFAULT_RETRY,
    /**
     * Paces every attempt, retries included (PG_MAX_RPS), and bounds the requests in flight (PG_IN_FLIGHT);
     * shared by every client of the worker process.
     */
    private readonly pacer?: Pacer,
  ) {}

  /** The limits the worker's pacer has learned, by scope, for the whole run (requests a second). */
  learnedLimits(): { scope: string; perSecond: number }[] {
    return this.pacer?.learnedLimits() ?? [];
  }

  /** How many requests this client's worker may have in flight: what a caller sending many at once may start. */
  get lanes(): number {
    return this.pacer?.lanes ?? IN_FLIGHT_PER_WORKER;
  }

  authorization(auth: Auth): string | undefined {
    if (auth === 'merchant') return basicAuthorization(this.credentials.merchantKey);
    if (auth === 'vendor') {
      if (!this.credentials.vendorKey)
        throw new Error('no vendor credentials configured (PG_VENDOR_ID, PG_VENDOR_API_KEY)');
      return basicAuthorization(this.credentials.vendorKey);
    }
    return auth.authorization;
  }

  /**
   * The merchant ID tokenize sends as a JSON number instead of section 2.1's string: set only where the
   * preflight found the target refuses the string and takes the number (TOK-12 judges that), so every other
   * rule is still exercised. Only this value is turned into a number; any other merchant_id goes as written.
   */
  merchantIdAsNumber?: string;

  /** `merchantIdAs` sends merchant_id in that form whatever the client's `merchantIdAsNumber` (TOK-12 compares both). */
  tokenize(
    body: TokenizeRequest | Record<string, unknown>,
    auth: Auth = 'merchant',
    merchantIdAs?: MerchantIdForm,
  ): Promise<Exchange> {
    return this.send({
      method: 'POST',
      path: '/pg/tokenize',
      operation: 'tokenize',
      auth,
      body: this.withMerchantIdForm(body, merchantIdAs),
    });
  }

  private withMerchantIdForm(body: Record<string, unknown>, as: MerchantIdForm | undefined): Record<string, unknown> {
    const id = body.merchant_id;
    const form = as ?? (this.merchantIdAsNumber !== undefined && id === this.merchantIdAsNumber ? 'number' : undefined);
    const number = form === 'number' && typeof id === 'string' ? merchantIdNumber(id) : undefined;
    if (number !== undefined) return { ...body, merchant_id: number };
    if (form === 'string' && typeof id === 'number') return { ...body, merchant_id: String(id) };
    return body;
  }

  listCustomers(
    query: ListCustomersQuery | Record<string, string | number> = {},
    auth: Auth = 'merchant',
  ): Promise<Exchange> {
    return this.send({
      method: 'GET',
      path: '/platform/vault/customer',
      operation: 'listCustomers',
      auth,
      query: query as Record<string, string | number>,
    });
  }

  /**
   * Section 4.3's disable: no body, as the document says. `withBody` sends the smallest JSON body (`{}`)
   * instead, only to ask whether a refusal of the bodiless form is the form's (checks/refused-disable.ts).
   */
  disableWebhook(webhookId: string, auth: Auth = 'merchant', withBody = false): Promise<Exchange> {
    if (this.policy.webhooks && !this.policy.webhooks.includes(webhookId)) {
      return Promise.reject(
        new WriteRefusedError(
          'PUT',
          '/platform/webhook/…/disable',
          'on this target the suite disables only PG_WEBHOOK_ID',
        ),
      );
    }
    // Section 4.3 names both headers though the request carries no body.
    return this.send({
      method: 'PUT',
      path: disablePath(webhookId),
      operation: 'disableWebhook',
      auth,
      headers: { 'content-type': 'application/json' },
      ...(withBody ? { body: {} } : {}),
    });
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
    const query = options.query
      ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]): [string, string] => [k, String(v)]))}`
      : '';
    const started = performance.now();
    const url = `${this.baseUrl}${options.path}${query}`;
    const init = { method: options.method, headers, body: data };
    const what = `${options.method} ${options.path}`;
    const { status, headers: answerHeaders, text } = await this.sendWithRetries(url, options.path, init, what);
    const exchange: Exchange = {
      operation: options.operation,
      family: familyOf(options.path),
      request: { method: options.method, url, headers, body: options.body },
      status,
      headers: answerHeaders,
      text,
      json: parsedJson(text),
      ms: Math.round(performance.now() - started),
    };
    this.exchanges.push(exchange);
    this.onExchange?.(exchange, options.auth ?? 'merchant');
    return exchange;
  }

  /**
   * Every answer and every failure is classified once (who-answered.ts) and this reads the class. A gateway
   * answer is returned to be judged. A configuration answer throws at once: no retry mends a setup mistake.
   * Infrastructure is sent again within the budget, as far as the request's outcome allows: a 429 waits its
   * Retry-After (or a jittered backoff) within rateLimitAttempts and rateLimitWaitMs, and with a pacer the
   * whole worker waits it out and slows down; anything else not processed (503, connection refused) or of
   * unknown outcome on a request that may be repeated (mayResend) is tried up to `attempts` times. What is
   * still failing at the bound is target unavailable, with its figures, never a verdict on the contract.
   */
  private async sendWithRetries(url: string, path: string, init: RequestInit, what: string): Promise<HttpAnswer> {
    const policy = this.retry;
    const target = new URL(url);
    let tries = 0;
    let limited = 0;
    let waitedMs = 0;
    let backoffWaitedMs = 0;
    const scope = familyOf(path);
    for (;;) {
      const asked = performance.now();
      const slot = await this.pacer?.slot(scope);
      const sentAt = performance.now();
      const attempts = () => `after ${tries + limited} attempt${tries + limited > 1 ? 's' : ''}`;
      let answer: HttpAnswer | undefined;
      let answered: NotAnswered;
      try {
        answer = await sendRequest(url, { ...init, timeoutMs: policy.timeoutMs }).finally(() => slot?.release());
        this.waited(asked);
        const who = whoAnswered(answer, path);
        if (who.by === 'gateway') {
          this.pacer?.served(performance.now(), scope, performance.now() - sentAt);
          return answer;
        }
        answered = who;
      } catch (error) {
        answered = whoFailed(error, target);
        // A TLS port resets plain http; asked once, when the retries would otherwise be spent on it.
        if (answered.by === 'infrastructure' && tries === 0 && mayBePlainHttpToTls(error, target)) {
          answered = (await tlsOnPlainUrl(target)) ?? answered;
        }
      }
      if (answered.by === 'configuration')
        throw this.stopped(new TargetMisconfiguredError(this.redact(answered.problem)));
      if (answer?.status === 429) {
        limited++;
        const wait = retryAfterMs(answer.headers['retry-after'], Infinity) || backoffMs(policy, limited);
        if (limited >= policy.rateLimitAttempts || waitedMs + wait > policy.rateLimitWaitMs) {
          this.rateLimited.answers++;
          throw this.stopped(
            new TargetUnavailableError(
              `${what} answered HTTP 429 (rate limited) ${limited} time${limited > 1 ? 's' : ''}, ` +
                (`${Math.round(waitedMs / 100) / 10} s waited, next wait ${Math.round(wait / 100) / 10} s ` +
                  `(${attempts()}); PG_MAX_RPS paces the run below a limit on the whole target`),
            ),
          );
        }
        waitedMs += wait;
        this.rateLimited.answers++;
        this.rateLimited.waitedMs += wait;
        this.onRateLimitWait?.(wait);
        // With a pacer every request of the worker waits this out together, and the pace slows (pacer.ts).
        if (this.pacer) this.pacer.limited(wait, performance.now(), scope);
        else await delay(wait);
        continue;
      }
      if (answer) this.pacer?.served(performance.now(), scope, performance.now() - sentAt);
      tries++;
      const resend = this.mayResend(init.method, answered.processed);
      if (!resend || tries >= policy.attempts) {
        const why = resend ? '' : `; not sent again: a ${init.method} whose outcome is unknown may have been processed`;
        const problem = answer ? ` ${answered.problem}` : `: ${answered.problem}`;
        throw this.stopped(
          new TargetUnavailableError(
            `${what}${this.redact(problem)} (${attempts()}, ${seconds(backoffWaitedMs)} s waited${why})`,
          ),
        );
      }
      const wait =
        (answer && retryAfterMs(answer.headers['retry-after'], policy.maxDelayMs)) ?? backoffMs(policy, tries);
      backoffWaitedMs += wait;
      await delay(wait);
    }
  }

  /** The wait of a request asked for at `asked` and answered now, beyond NEAR_ANSWER_MS, once however many overlap. */
  private waited(asked: number): void {
    const now = performance.now();
    const from = Math.max(asked + NEAR_ANSWER_MS, this.waitedUntil);
    this.waitedUntil = Math.max(this.waitedUntil, now);
    if (now > from) this.onWaited?.(now - from);
  }

  private stopped<E extends TargetUnavailableError | TargetMisconfiguredError>(error: E): E {
    this.onStopped?.(error);
    return error;
  }

  /**
   * Whether a request that met infrastructure may be sent again. Not processed (429, 503, refused): any
   * method. Outcome unknown (another 5xx, a reset, a time-out, a body cut short): a read, and a PUT (the
   * disable: idempotent as HTTP defines PUT, and section 3 leaves the webhook inactive either way); a POST
   * (tokenize) only where a second stored card is harmless (resendUnknownPosts: the mock, a sandbox), never
   * on production.
   */
  private mayResend(method: string, processed: 'no' | 'unknown'): boolean {
    if (processed === 'no' || method === 'GET' || method === 'PUT') return true;
    return this.retry.resendUnknownPosts === true;
  }
}

type RequestInit = { method: string; headers: Record<string, string>; body?: string };

function seconds(ms: number): number {
  return Math.round(ms / 100) / 10;
}

/** Exponential backoff with jitter (half to full), so workers that were refused together do not return together. */
function backoffMs(policy: RetryPolicy, attempt: number): number {
  return Math.min(policy.baseDelayMs * 2 ** (attempt - 1), policy.maxDelayMs) * (0.5 + Math.random() / 2);
}
