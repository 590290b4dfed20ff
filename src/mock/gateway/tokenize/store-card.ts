import type { CardStore, StoredCard } from '../../state/card-store.js';
import { maskAccountNumber, maskCardNumber } from '../../state/card-numbers.js';
import { MockError } from '../errors.js';
import { newCardId } from '../../state/ids.js';
import type { TokenizeInput } from './request.js';

/** The stored record a checked request produces: rule 1 (new card ID) or rule 2 (update in place). */
function nextRecord(input: TokenizeInput, previous: StoredCard | undefined, cardId: string, now: string): StoredCard {
  const kind = input.kind ?? previous?.kind;
  if (!kind) throw new MockError('paymentMissing');
  // Fields of the same kind not sent keep their stored value; a new card starts from nothing.
  const base: Partial<StoredCard> = previous ?? {};
  return {
    card_id: cardId,
    kind,
    card_number: input.card?.number !== undefined ? maskCardNumber(input.card.number) : base.card_number,
    exp_date: input.card?.expDate ?? base.exp_date,
    cardholder_name: input.cardholderName ?? base.cardholder_name,
    dda_number: input.ach?.accountNumber !== undefined ? maskAccountNumber(input.ach.accountNumber) : base.dda_number,
    type_id: input.ach?.typeId ?? base.type_id,
    wallet: input.wallet ?? base.wallet,
    created_at: previous?.created_at ?? now,
    updated_at: now,
    updates: previous ? previous.updates + 1 : 0,
  };
}

/** Applies a checked request to the store; the store changes only after every check has passed. */
export function storeCard(input: TokenizeInput, store: CardStore): StoredCard {
  let previous: StoredCard | undefined;
  let cardId: string;
  if (input.cardId !== undefined) {
    previous = store.get(input.cardId);
    if (!previous) throw new MockError('cardIdUnknown');
    if (input.kind && input.kind !== previous.kind) {
      throw new MockError(
        'cardIdKind',
        `card_id holds ${previous.kind} data; an update must send ${previous.kind} fields.`,
      );
    }
    cardId = input.cardId;
  } else {
    do cardId = newCardId();
    while (store.has(cardId));
  }
  const record = nextRecord(input, previous, cardId, new Date().toISOString());
  store.put(record);
  return record;
}
