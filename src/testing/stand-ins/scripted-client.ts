import { basicAuthorization } from '../../transport/auth.js';
import { parsedJson } from '../../transport/exchange.js';
import { futureExpiry, newAchRequest, newCardRequest } from '../../catalogue/request-builders.js';
import { TEST_CARDS } from '../../catalogue/test-cards.js';

/**
 * A small merchant application, scripted: it calls the three operations the way section 4 and 5 say
 * (or, on request, with one deliberate mistake each), so the proxy has known-good and known-bad traffic
 * to judge. Used by the proxy's tests and the canary test.
 */
export type Mistake = 'token-without-colon' | 'no-merchant-id' | 'exp-date-with-slash';

export type ClientCredentials = { merchantId: string; apiKey: string; webhookId: string };

export type CallResult = { kind: string; status: number; body: unknown; ms: number };

const CALL_KINDS = ['new card', 'update', 'ACH', 'listing', 'page past the end', 'disable'] as const;
export type CallKind = (typeof CALL_KINDS)[number];

/** A page of the vault listing, by customer ID, highest first. */
const listingPath = (merchantId: string, count: number, page: number) =>
  `/platform/vault/customer?count=${count}&page=${page}&order_on=customer_id&order_by=desc&merchant_id=${encodeURIComponent(merchantId)}`;

export class ScriptedClient {
  private lastCardId: string | undefined;
  private cards = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly credentials: ClientCredentials,
  ) {}

  private async call(
    kind: string,
    method: string,
    path: string,
    options: { body?: unknown; authorization?: string } = {},
  ): Promise<CallResult> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: options.authorization ?? basicAuthorization(this.credentials.apiKey),
    };
    if (options.body !== undefined || method === 'PUT') headers['content-type'] = 'application/json';
    const started = performance.now();
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    // Not JSON, the text as it came; a JSON null stays null.
    const json = parsedJson(text);
    const body = json === undefined ? text : json;
    return { kind, status: response.status, body, ms };
  }

  async newCard(mistake?: Mistake, i = 0): Promise<CallResult> {
    // Every published test number in turn, so masking is judged at every length.
    const card = TEST_CARDS[this.cards++ % TEST_CARDS.length]!;
    const request: Record<string, unknown> = newCardRequest(this.credentials.merchantId, {
      card_number: card.number,
      echo_fields: `[{"order_ref":"A-${1000 + i}"}]`,
    });
    if (mistake === 'no-merchant-id') delete request.merchant_id;
    // The mistake the document's MMYY rules out: the printed form of an expiry.
    if (mistake === 'exp-date-with-slash')
      request.exp_date = `${futureExpiry().slice(0, 2)}/${futureExpiry().slice(2)}`;
    // Base 64 of the key alone: the colon in front of it (the empty user part) forgotten.
    const authorization =
      mistake === 'token-without-colon'
        ? `Basic ${Buffer.from(this.credentials.apiKey).toString('base64')}`
        : undefined;
    const result = await this.call('new card', 'POST', '/pg/tokenize', { body: request, authorization });
    const cardId = (result.body as { card_id?: unknown }).card_id;
    if (typeof cardId === 'string') this.lastCardId = cardId;
    return result;
  }

  async step(kind: CallKind, i: number): Promise<CallResult> {
    const m = this.credentials.merchantId;
    switch (kind) {
      case 'new card':
        return this.newCard(undefined, i);
      case 'update':
        if (!this.lastCardId) return this.newCard(undefined, i);
        return this.call(kind, 'POST', '/pg/tokenize', {
          body: newCardRequest(m, {
            card_id: this.lastCardId,
            card_number: '5555555555554444',
            exp_date: futureExpiry(36),
          }),
        });
      case 'ACH':
        return this.call(kind, 'POST', '/pg/tokenize', { body: newAchRequest(m) });
      case 'listing':
        return this.call(kind, 'GET', listingPath(m, 4, i % 7));
      case 'page past the end':
        return this.call(kind, 'GET', listingPath(m, 10, 99));
      case 'disable':
        return this.call(kind, 'PUT', `/platform/webhook/${encodeURIComponent(this.credentials.webhookId)}/disable`);
    }
  }

  /** `count` calls cycling through every kind; each mistake replaces one new-card call, once. */
  async run(count: number, mistakes: readonly Mistake[] = []): Promise<CallResult[]> {
    const results: CallResult[] = [];
    const pending = [...mistakes];
    for (let i = 0; i < count; i++) {
      const kind = CALL_KINDS[i % CALL_KINDS.length]!;
      results.push(
        kind === 'new card' && pending.length ? await this.newCard(pending.shift(), i) : await this.step(kind, i),
      );
    }
    return results;
  }
}
