import { setTimeout as delay } from 'node:timers/promises';
import type { HttpApp, HttpRequest } from '../../http/app.js';
import { isGatewayPath } from '../../gateway/errors.js';

/** The variation's latency: what a sandbox across an ocean, behind a proxy or two, adds to every answer. */
export const SLOW_LINK_MS = 150;

/**
 * Variation `slow-tokenize`'s answer time for card storage: a slow vault service behind the tokenize endpoint.
 * Every `/pg/` answer leaves 1.2 s after it is ready, the listing and the disable as fast as ever (section 8:
 * time-outs are not shown). One operation slower than the rest, as card storage often is.
 */
export const SLOW_TOKENIZE_MS = 1_200;

/**
 * Variation `slow-link`: every gateway answer leaves 150 ms after it is ready (section 8: time-outs are not
 * shown). The request is served at once, so only the link is slow, as a client far away sees it. `slow-tokenize`
 * holds only the answers whose URL `applies` takes.
 */
export function installSlowLink(
  app: HttpApp,
  ms = SLOW_LINK_MS,
  applies: (url: string) => boolean = isGatewayPath,
): void {
  app.addHook('onSend', async (request: HttpRequest, _reply, payload: unknown) => {
    if (applies(request.url)) await delay(ms);
    return payload;
  });
}
