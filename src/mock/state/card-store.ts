/** Section 4.1 rule 3: the three alternative kinds of payment information. */
export type PaymentKind = 'card' | 'ach' | 'wallet';

/**
 * What the mock keeps under a card ID: masked forms only. The full number, cvv2, routing number and
 * wallet payloads are never stored; a partial update keeps the masked number it already has.
 */
export type StoredCard = {
  readonly card_id: string;
  readonly kind: PaymentKind;
  readonly card_number?: string;
  readonly exp_date?: string;
  readonly cardholder_name?: string;
  readonly dda_number?: string;
  readonly type_id?: string;
  readonly wallet?: 'walletA' | 'walletB';
  readonly created_at: string;
  readonly updated_at: string;
  readonly updates: number;
};

/** Records are immutable and replaced whole, so a reader never sees a half-applied update. */
export class CardStore {
  private readonly cards = new Map<string, StoredCard>();

  get(cardId: string): StoredCard | undefined {
    return this.cards.get(cardId);
  }

  has(cardId: string): boolean {
    return this.cards.has(cardId);
  }

  put(card: StoredCard): void {
    this.cards.set(card.card_id, card);
  }

  delete(cardId: string): void {
    this.cards.delete(cardId);
  }

  clear(): void {
    this.cards.clear();
  }
}
