import { authenticator } from './auth.js';
import { readTokenizeRequest, type TokenizeFormats } from './tokenize/request.js';
import { storeCard } from './tokenize/store-card.js';
import { pageWindow } from './vault/page.js';
import { readVaultQuery } from './vault/query.js';
import { disableWebhook } from './webhook-disable.js';
import type { Credentials } from './credentials.js';
import type { Seams } from './seams.js';

/**
 * Every seam's conformant step: what the gateway does when no behaviour is on. `formats()` and `seams()`
 * are read when a step runs, so a behaviour that narrows a format or replaces a transition is seen by
 * the steps that use it.
 */
export function faithfulSeams(credentials: Credentials, formats: () => TokenizeFormats, seams: () => Seams): Seams {
  return {
    authenticate: authenticator(credentials),
    readTokenize: (body, identity) => readTokenizeRequest(body, identity, credentials, formats()),
    readVaultQuery: (query) => readVaultQuery(query, credentials.merchantId),
    storeCard,
    vaultWindow: pageWindow,
    disableWebhook: (id, hooks) => disableWebhook(id, hooks, (hook) => seams().disableHook(hook, hooks)),
    disableHook: (hook, hooks) => hooks.disable(hook),
    enableHook: (hook, hooks) => hooks.enable(hook),
    admits: (hook) => hook.status === 'active',
    // An inactive webhook's requests are held; deliveries are POSTed to the notification_url.
    mayPost: (hook) => hook.status === 'active',
    target: (hook) => ({ url: hook.notificationUrl, method: 'POST' }),
  };
}
