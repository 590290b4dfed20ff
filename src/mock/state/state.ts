import { CardStore } from './card-store.js';
import { VirtualClock } from './clock.js';
import { DeliveryWorker, type DeliveryRules } from './delivery-worker.js';
import { WebhookRegistry, type RaisedEvent, type Webhook } from './webhooks.js';

/** The rules of section 6 the state follows; a behaviour may bend them (gateway/seams.ts). */
export type StateRules = DeliveryRules & { admits: (hook: Webhook, event: RaisedEvent) => boolean };

/** What the state takes of the server's resolved options (options.ts), named here so the state imports nothing above it. */
export type StateOptions = {
  readonly webhookId: string;
  readonly customers: number;
  readonly deliveryTimeoutMs: number;
};

/** Where the seeded webhook posts: loopback port 9 (discard), which nothing listens on by default. */
export const DEFAULT_NOTIFICATION_URL = 'http://127.0.0.1:9/mock-default-webhook';

/**
 * State and seeded data: everything the mock remembers (cards, webhooks and their queues, the clock), the
 * computed customer vault (customers.ts), and the seeded state `reset()` returns it to.
 */
export class MockState {
  readonly cards = new CardStore();
  readonly clock = new VirtualClock();
  readonly webhooks: WebhookRegistry;
  readonly worker: DeliveryWorker;
  customers: number;

  constructor(
    private readonly options: StateOptions,
    rules: StateRules,
  ) {
    this.webhooks = new WebhookRegistry(this.clock, rules.admits);
    this.worker = new DeliveryWorker(this.webhooks, options.deliveryTimeoutMs, rules);
    this.customers = options.customers;
    this.seedWebhooks();
  }

  private seedWebhooks(): void {
    this.webhooks.create(DEFAULT_NOTIFICATION_URL, this.options.webhookId);
  }

  reset(): void {
    this.worker.reset();
    this.cards.clear();
    this.clock.reset();
    this.webhooks.clear();
    this.seedWebhooks();
    this.customers = this.options.customers;
  }

  close(): void {
    this.worker.stop();
  }
}
