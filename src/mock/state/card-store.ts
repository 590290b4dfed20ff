import type { CardView } from '../control/view-types.js';

/** Section 4.1 rule 3: the three alternative kinds of payment information. */
export type PaymentKind = 'card' | 'ach' | 'wallet';

/**
 * What the mock keeps under a card ID: masked forms only. The full number, cvv2, routing number and
 * wallet payloads are never stored; a partial update keeps the masked number it already has.
 */
export type StoredCard = Readonly<CardView>;

/** Records are immutable and replaced whole, so a reader never sees a half-applied update. */
export class CardStore extends Map<string, StoredCard> {
  put(card: StoredCard): void {
    this.set(card.card_id, card);
  }
}
