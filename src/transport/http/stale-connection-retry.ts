import { subscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import type { Dispatcher } from 'undici';
import { transportError } from './transport-errors.js';

/**
 * One retry, on a fresh connection, of a request that met a reset on a reused connection before any byte of
 * its answer, whatever its method: a kept-alive connection that the server, a load balancer or a NAT dropped
 * while it sat idle never delivered the request to anyone who could act on it (Node's documentation of
 * `request.reusedSocket`; browsers do the same). A reset on a fresh connection, or after answer bytes, is the
 * caller's to judge, as any other transport failure. undici's own `retry` cannot tell a reused connection
 * from a fresh one, hence this interceptor.
 *
 * Which connection carried a request, and what it had read, come from undici's diagnostics channels: a
 * socket is reused when it carried an earlier request, and a reset came before any answer byte when the
 * socket read nothing after this request's headers went out.
 *
 * A failure it does not retry reaches the caller in the words of transportError (transport-errors.ts), told
 * whether the request went out and whether its answer began; after it, nothing more of that request does.
 */

/** Errors of a connection that ended under the request: reset, broken pipe, closed by the other side. */
const RESETS: ReadonlySet<string> = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

type Headers = Parameters<NonNullable<Dispatcher.DispatchHandler['onResponseStart']>>[2];

type Sent = { socket: Socket; reused: boolean; readBefore: number };

/** Sockets that have carried a request. */
const carried = new WeakSet<object>();
/** Each undici request (the channels' object) and the socket it went on. */
const sentOn = new WeakMap<object, Sent>();
/** Errors that ended a request on a reused connection before any answer byte. */
const stale = new WeakSet<object>();

subscribe('undici:client:sendHeaders', (message) => {
  const { request, socket } = message as { request: object; socket: Socket };
  sentOn.set(request, { socket, reused: carried.has(socket), readBefore: socket.bytesRead });
  carried.add(socket);
});

subscribe('undici:request:error', (message) => {
  const { request, error } = message as { request: object; error: { code?: unknown } | null };
  const sent = sentOn.get(request);
  if (!error || !sent?.reused || sent.socket.bytesRead !== sent.readBefore) return;
  if (typeof error.code === 'string' && RESETS.has(error.code)) stale.add(error);
});

/**
 * The controller the caller holds for both tries: pause, resume and abort reach whichever try is under way,
 * and an abort between the tries stops the second before it writes anything.
 */
class RetryController implements Dispatcher.DispatchController {
  #target: Dispatcher.DispatchController | undefined;
  #paused = false;
  #reason: Error | null = null;
  /** Whether the request was sent once more on a fresh connection. */
  retried = false;

  set target(target: Dispatcher.DispatchController) {
    this.#target = target;
    if (this.#reason) target.abort(this.#reason);
    else if (this.#paused) target.pause();
  }

  get abortedByCaller(): boolean {
    return this.#reason !== null;
  }
  get aborted(): boolean {
    return this.#reason !== null || (this.#target?.aborted ?? false);
  }
  get paused(): boolean {
    return this.#paused;
  }
  get reason(): Error | null {
    return this.#reason ?? this.#target?.reason ?? null;
  }
  get rawHeaders(): Dispatcher.DispatchController['rawHeaders'] {
    return this.#target?.rawHeaders;
  }
  get rawTrailers(): Dispatcher.DispatchController['rawTrailers'] {
    return this.#target?.rawTrailers;
  }
  abort(reason: Error): void {
    this.#reason ??= reason;
    this.#target?.abort(reason);
  }
  pause(): void {
    this.#paused = true;
    this.#target?.pause();
  }
  resume(): void {
    this.#paused = false;
    this.#target?.resume();
  }
}

/** Whether the request behind `controller` was sent once more after a reset of a reused connection. */
export function sentAgain(controller: Dispatcher.DispatchController): boolean {
  return controller instanceof RetryController && controller.retried;
}

/** A body undici can send a second time: none, a string or bytes (a stream is read once). */
function replayable(body: Dispatcher.DispatchOptions['body']): boolean {
  return body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array;
}

class RetryOnce implements Dispatcher.DispatchHandler {
  readonly #controller = new RetryController();
  #started = false;
  #answered = false;
  #failed = false;

  constructor(
    private readonly options: Dispatcher.DispatchOptions,
    private readonly handler: Dispatcher.DispatchHandler,
    /** Where the second try goes: a dispatcher whose every connection is new and closed after its answer. */
    private readonly fresh: Dispatcher,
  ) {}

  onRequestStart(controller: Dispatcher.DispatchController, context: unknown): void {
    this.#controller.target = controller;
    if (this.#started) return;
    this.#started = true;
    this.handler.onRequestStart?.(this.#controller, context);
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Headers,
    statusMessage?: string,
  ): void {
    if (this.#failed) return;
    this.#answered = true;
    this.handler.onResponseStart?.(this.#controller, statusCode, headers, statusMessage);
  }

  // After a failure undici may still hand over the rest of a refusal's body: the caller has its error by then.
  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (!this.#failed) this.handler.onResponseData?.(this.#controller, chunk);
  }

  onResponseEnd(_controller: Dispatcher.DispatchController, trailers: Headers): void {
    if (!this.#failed) this.handler.onResponseEnd?.(this.#controller, trailers);
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    if (this.#failed) return;
    const retry =
      !this.#controller.retried &&
      !this.#answered &&
      !this.#controller.abortedByCaller &&
      stale.has(error) &&
      replayable(this.options.body);
    if (!retry) {
      this.#failed = true;
      this.handler.onResponseError?.(
        this.#controller,
        transportError(error, { sent: this.#started, answered: this.#answered }),
      );
      return;
    }
    this.#controller.retried = true;
    this.fresh.dispatch({ ...this.options, reset: true }, this);
  }
}

/** The interceptor: `fresh` is where the one retry goes (see RetryOnce). */
export function staleConnectionRetry(fresh: Dispatcher): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (options, handler) => dispatch(options, new RetryOnce(options, handler, fresh));
}
