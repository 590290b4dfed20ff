import type { CardView, EnqueueView, WebhookView } from '../mock/control/view-types.js';
import { sendRequest } from './http/http-request.js';

/** The control API's answers, in the mock's own types: a field the mock adds or drops shows here at once. */
export type MockCard = CardView;

/** A control call that takes longer than a test may on the mock is not coming. */
const CONTROL_TIMEOUT_MS = 30_000;

/**
 * Client of the embedded mock's control API (/__mock/): test set-up and the state black-box runs cannot see.
 * undici's request, like the gateway client (http/http-request.ts): a Playwright request context per test
 * cost a worker more than the calls themselves, and fetch twice the CPU per call.
 */
export class MockControl {
  private readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl.replace(/\/$/, '');
  }

  private async call<T>(method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
    const { status, text } = await sendRequest(`${this.baseUrl}/__mock${path}`, {
      method,
      body: data === undefined ? undefined : JSON.stringify(data),
      headers: data === undefined ? {} : { 'content-type': 'application/json' },
      timeoutMs: CONTROL_TIMEOUT_MS,
    });
    if (status < 200 || status > 299)
      throw new Error(`mock control ${method} /__mock${path} answered HTTP ${status}: ${text.slice(0, 500)}`);
    return JSON.parse(text) as T;
  }

  createWebhook(notificationUrl: string): Promise<WebhookView> {
    return this.call('POST', '/webhooks', { notification_url: notificationUrl });
  }

  webhook(id: string): Promise<WebhookView> {
    return this.call('GET', `/webhooks/${encodeURIComponent(id)}`);
  }

  enqueue(id: string, event: string, payload: unknown, ttlSeconds: number): Promise<EnqueueView> {
    return this.call('POST', `/webhooks/${encodeURIComponent(id)}/events`, { event, payload, ttl_seconds: ttlSeconds });
  }

  enable(id: string): Promise<WebhookView> {
    return this.call('POST', `/webhooks/${encodeURIComponent(id)}/enable`, {});
  }

  /** Moves only this webhook's clock, so parallel tests never expire each other's requests. */
  advanceClock(id: string, seconds: number): Promise<WebhookView> {
    return this.call('POST', `/webhooks/${encodeURIComponent(id)}/clock/advance`, { seconds });
  }

  /** Resolves once no delivery to the webhook is in flight. */
  settle(id: string): Promise<WebhookView> {
    return this.call('POST', `/webhooks/${encodeURIComponent(id)}/settle`, {});
  }

  card(cardId: string): Promise<MockCard> {
    return this.call('GET', `/cards/${encodeURIComponent(cardId)}`);
  }
}
