import { setTimeout as delay } from 'node:timers/promises';
import type { HttpApp, HttpRequest } from '../../http/app.js';

/** The variation's answer time for card storage: a slow vault service behind the tokenize endpoint. */
export const SLOW_TOKENIZE_MS = 1_200;

/**
 * Variation `slow-tokenize`: every `/pg/` answer leaves 1.2 s after it is ready, the listing and the disable
 * as fast as ever (section 8: time-outs are not shown). One operation slower than the rest, as card storage
 * often is; the request is served at once, so only its answer is late.
 */
export function installSlowOperation(app: HttpApp, ms = SLOW_TOKENIZE_MS): void {
  app.addHook('onSend', async (request: HttpRequest, _reply, payload: unknown) => {
    if (request.url.startsWith('/pg/')) await delay(ms);
    return payload;
  });
}
