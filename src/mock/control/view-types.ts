/**
 * What the control API (/__mock/) answers, as types: the mock's published interface for its control client
 * (src/transport/mock-control-client.ts). It imports nothing, so the client can be typed from it without reaching
 * into the server; the routes that build these answers are checked against it (webhook-view.ts, routes.ts).
 */

/** A webhook as GET /__mock/webhooks/:id and the calls that change it return it. */
export type WebhookView = {
  webhook_id: string;
  notification_url: string;
  status: 'active' | 'inactive';
  /** This webhook's clock (each webhook's clock may run ahead of the shared one). */
  now: string;
  queue: QueuedRequestView[];
  deliveries: readonly DeliveryView[];
  log: readonly LogEntryView[];
};

/** A queued request; one of an inactive webhook shows as `held` (section 3). */
export type QueuedRequestView = {
  id: string;
  event: string;
  payload: unknown;
  enqueued_at: string;
  expires_at: string;
  attempts: number;
  status: 'queued' | 'held' | 'delivered' | 'expired';
  /** A delivery attempt is under way. */
  in_flight: boolean;
};

export type DeliveryView = { request_id: string; at: string; status?: number; error?: string };

export type LogEntryView = {
  at: string;
  what: 'disabled' | 'enabled' | 'refused' | 'expired' | 'delivered';
  request_id?: string;
  detail: string;
};

/** POST /__mock/webhooks/:id/events: queued, or refused while the webhook is inactive. */
export type EnqueueView =
  { accepted: true; request: QueuedRequestView | undefined } | { accepted: false; reason: string };

/** A stored card as GET /__mock/cards/:card_id returns it: masked forms only. */
export type CardView = {
  card_id: string;
  kind: 'card' | 'ach' | 'wallet';
  card_number?: string;
  exp_date?: string;
  cardholder_name?: string;
  dda_number?: string;
  type_id?: string;
  wallet?: 'walletA' | 'walletB';
  created_at: string;
  updated_at: string;
  updates: number;
};
