import type { Behaviour } from './behaviour.js';
import { CardStore } from './card-store.js';
import { VirtualClock } from './clock.js';
import { DeliveryWorker } from './delivery-worker.js';
import type { ResolvedOptions } from './options.js';
import { WebhookRegistry } from './webhooks.js';

/** Where the seeded webhook posts: loopback port 9 (discard), which nothing listens on by default. */
export const DEFAULT_NOTIFICATION_URL = 'http://127.0.0.1:9/mock-default-webhook';

/** Everything the mock remembers, and the seeded state `reset()` returns it to. */
export class MockState {
  readonly cards = new CardStore();
  readonly clock = new VirtualClock();
  readonly webhooks: WebhookRegistry;
  readonly worker: DeliveryWorker;
  customers: number;

  constructor(private readonly options: ResolvedOptions, behaviour: Behaviour) {
    this.webhooks = new WebhookRegistry(this.clock, behaviour);
    this.worker = new DeliveryWorker(this.webhooks, options.deliveryTimeoutMs, behaviour);
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
