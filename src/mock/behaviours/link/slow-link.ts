import { setTimeout as delay } from 'node:timers/promises';
import type { HttpApp, HttpRequest } from '../../http/app.js';
import { isGatewayPath } from '../../gateway/errors.js';

/** The variation's latency: what a sandbox across an ocean, behind a proxy or two, adds to every answer. */
export const SLOW_LINK_MS = 150;

/**
 * Variation `slow-link`: every gateway answer leaves 150 ms after it is ready (section 8: time-outs are not
 * shown). The request is served at once, so only the link is slow, as a client far away sees it.
 */
export function installSlowLink(app: HttpApp, ms = SLOW_LINK_MS): void {
  app.addHook('onSend', async (request: HttpRequest, _reply, payload: unknown) => {
    if (isGatewayPath(request.url)) await delay(ms);
    return payload;
  });
}
