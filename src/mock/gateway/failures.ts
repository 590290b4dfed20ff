import type { Socket } from 'node:net';
import { PLATFORM_CODES } from './platform-codes.js';
import { familyOf } from '../../catalogue/spec.js';
import { failureAnswer, isGatewayPath, MockError } from './errors.js';
import { Refusal, type HttpReply, type HttpRequest } from '../http/app.js';
import type { SeamAnswer, FailureContext, Changes } from './seams.js';

/**
 * The single place a failure becomes a reply: family scheme, status, headers, JSON body. Behaviours that
 * change failures see the answer here (`changes`), after the conformant one is built. Anything thrown that
 * is neither a MockError nor the HTTP layer's Refusal is the mock's own bug: a 500, logged by kind only (`log`).
 */
export function sendFailure(
  changes: Changes['failure'],
  error: unknown,
  request: HttpRequest,
  reply: HttpReply,
  log?: (line: string) => void,
): void {
  const mockError =
    error instanceof MockError
      ? error
      : error instanceof Refusal
        ? new MockError(error.reason, error.detail, error.headers)
        : new MockError('internal');
  if (mockError.failure === 'internal' && log) {
    // The kind of error only: a message from deep inside could quote request data.
    log(
      JSON.stringify({
        msg: 'mock failed unexpectedly',
        code: (error as NodeJS.ErrnoException)?.code,
        name: (error as Error)?.name,
      }),
    );
  }
  // Section 7: /pg/ answers in rcode/rmsg; /platform/, the control API and anything else in code/message.
  const family = familyOf(request.url);
  const answer: SeamAnswer = failureAnswer(family, mockError);
  const body = request.body as Record<string, unknown> | undefined;
  // Section 2.2: echo_fields comes back unchanged, on failures too when the body carried it as a string.
  if (family === 'pg' && body && typeof body === 'object' && typeof body.echo_fields === 'string') {
    answer.body!.echo_fields = body.echo_fields;
  }
  const context: FailureContext = { family, gateway: isGatewayPath(request.url), error: mockError, url: request.url };
  for (const change of changes) change(answer, context);
  reply.code(answer.status).headers(mockError.headers);
  if (answer.text !== undefined) reply.type(answer.type ?? 'text/plain').send(answer.text);
  else if (answer.body === undefined) reply.send();
  else reply.type(answer.type ?? 'application/json; charset=utf-8').send(answer.body);
}

/** HTTP the parser cannot read never reaches a route; answer it in the platform scheme, not Node's default. */
export function answerUnreadable(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const body = JSON.stringify({
    code: PLATFORM_CODES.badRequest.code,
    message: tooLarge ? 'The request headers are too large.' : 'The HTTP request is malformed.',
  });
  socket.end(
    `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
      `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}
