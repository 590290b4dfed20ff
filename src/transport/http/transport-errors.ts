import type { Dispatcher } from 'undici';

/**
 * undici's errors as the codes who-answered.ts reads, in this one place: the system errors (ECONNREFUSED,
 * ECONNRESET, ENOTFOUND, the TLS codes with their certificate) pass as they came, and undici's own are told in
 * the words Node's http client used for the same event, so the classification does not depend on the client.
 */

/** A proxy that refused what it was asked: who-answered.ts reads the code, and the status (407: credentials). */
export class ProxyRefusedError extends Error {
  readonly code = 'ERR_PROXY_TUNNEL';

  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'ProxyRefusedError';
  }
}

type CodedError = Error & { code?: unknown; cause?: unknown };

/** The connection ended before any answer byte: node:http's "socket hang up", a reset to who-answered.ts. */
function hungUp(): Error {
  return Object.assign(new Error('socket hang up: the connection closed before any answer'), { code: 'ECONNRESET' });
}

/** What the caller sees of a failure, told whether the request went out and whether its answer began. */
export function transportError(error: CodedError, request: { sent: boolean; answered: boolean }): Error {
  switch (error.code) {
    case 'UND_ERR_SOCKET': // closed by the other side, or its bytes were no HTTP
    case 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH': // closed before the content-length was read
      return request.answered ? new Error('the connection closed before the answer was complete') : hungUp();
    case 'UND_ERR_PRX_TLS': // the proxy's certificate: the TLS error itself, as when no tunnel is involved
      return error.cause instanceof Error ? error.cause : error;
    case 'UND_ERR_INVALID_ARG':
      // Arguments are checked before anything is sent; after, undici reports so the only refusal it reads itself:
      // an http proxy's 407 to a request in absolute form (ProxyAgent with proxyTunnel: false).
      return request.sent && !request.answered
        ? new ProxyRefusedError(407, 'the proxy refused the request: HTTP 407 Proxy Authentication Required')
        : error;
    default:
      return error;
  }
}

/**
 * The interceptor of the client that opens CONNECT tunnels through a proxy: an answer other than 200 is a
 * `ProxyRefusedError` naming the proxy, the tunnel asked for and the status (undici's own error carries the
 * status in its message alone).
 */
export function tunnelRefusals(proxy: URL): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (options, handler) =>
    dispatch(options, {
      onRequestStart: (controller, context) => handler.onRequestStart?.(controller, context),
      onRequestUpgrade: (controller, statusCode, headers, socket) => {
        if (statusCode === 200) return handler.onRequestUpgrade?.(controller, statusCode, headers, socket);
        socket.destroy();
        handler.onResponseError?.(
          controller,
          new ProxyRefusedError(
            statusCode,
            `the proxy ${proxy.host} refused the tunnel to ${options.path}: HTTP ${statusCode}`,
          ),
        );
      },
      onResponseStart: (controller, statusCode, headers, statusMessage) =>
        handler.onResponseStart?.(controller, statusCode, headers, statusMessage),
      onResponseData: (controller, chunk) => handler.onResponseData?.(controller, chunk),
      onResponseEnd: (controller, trailers) => handler.onResponseEnd?.(controller, trailers),
      onResponseError: (controller, error) => handler.onResponseError?.(controller, error),
    });
}
