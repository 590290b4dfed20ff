import type { Identity, Operation } from './auth.js';
import type { MockError } from './errors.js';
import type { TokenizeInput } from './tokenize/request.js';
import type { PageWindow } from './vault/page.js';
import type { VaultQuery } from './vault/query.js';
import type { CardStore, StoredCard } from '../state/card-store.js';
import type { Customer } from '../state/customers.js';
import type { StateRules } from '../state/state.js';
import type { Webhook, WebhookRegistry } from '../state/webhooks.js';

/** An answer on its way out: status and JSON body; no body sends an empty one. `type` overrides the media type. */
/** `text`, when set, is sent as it is in place of a JSON body (an edge's HTML page, for a behaviour). */
export type SeamAnswer = { status: number; body: Record<string, unknown> | undefined; type?: string; text?: string };

/** What a success answer of one gateway operation was made from. */
export type AnswerContext =
  | {
      readonly operation: 'tokenize';
      readonly input: TokenizeInput;
      readonly card: StoredCard;
      readonly previous: StoredCard | undefined;
    }
  | { readonly operation: 'listCustomers'; readonly query: VaultQuery; readonly total: number }
  | { readonly operation: 'disableWebhook'; readonly id: string };

/** What a failure answer was made from. `gateway`: a /pg/ or /platform/ path, not the control API. */
export type FailureContext = {
  readonly family: 'pg' | 'platform';
  readonly gateway: boolean;
  readonly error: MockError;
  readonly url: string;
};

/**
 * The points where the faithful gateway lets a behaviour in. Each holds the conformant step by default
 * (faithful.ts); a behaviour replaces it with one that calls the step it replaces (`next`).
 * Nothing in the gateway's own code knows which behaviours exist. Webhook delivery (section 6) is the state's
 * rules: may a raised event join the queue (`admits`), may a queued one be posted (`mayPost`), and where (`target`).
 */
export type Seams = StateRules & {
  /** The request before it is judged (section 5): who it acts as, or a thrown MockError. */
  authenticate: (header: string | undefined, operation: Operation) => Identity;
  /** The tokenize body before it is judged (sections 2.1, 4.1), reduced to what the store needs. */
  readTokenize: (body: Record<string, unknown>, identity: Identity) => TokenizeInput;
  /** The listing's query before it is judged (section 4.2). */
  readVaultQuery: (query: Record<string, unknown>) => VaultQuery;
  /** The store: a judged tokenize request applied to the cards. */
  storeCard: (input: TokenizeInput, store: CardStore) => StoredCard;
  /** Which records a page holds (section 2.3). */
  vaultWindow: (query: VaultQuery, total: number) => PageWindow;
  /** The disable operation once authenticated (section 4.3). */
  disableWebhook: (id: string, hooks: WebhookRegistry) => SeamAnswer;
  /** The store: section 3's transitions of one webhook. */
  disableHook: (hook: Webhook, hooks: WebhookRegistry) => void;
  enableHook: (hook: Webhook, hooks: WebhookRegistry) => void;
};

/** What the behaviours on change after a step, in registry order, each the value the previous one left. */
export type Changes = {
  /** The success answer of a gateway operation before it is sent. */
  answer: ((answer: SeamAnswer, context: AnswerContext) => void)[];
  /** A failure answer before it is sent. */
  failure: ((answer: SeamAnswer, context: FailureContext) => void)[];
};

/** What the gateway's routes run: each seam's step, the changes after them, and customer record i as listed. */
export type GatewaySteps = {
  readonly seams: Seams;
  readonly changes: Changes;
  readonly recordAt: (index: number) => Customer;
};
