import { bodyField, succeeded, type Exchange } from '../../transport/exchange.js';
import type { ObservationData } from '../observation-data.js';
import { futureExpiry } from '../../catalogue/request-builders.js';
import { DEFAULT_TEST_CARD, TEST_CARDS, UPDATE_FALLBACK_CARDS } from '../../catalogue/test-cards.js';
import type { TokenizeRequest } from '../../catalogue/types.js';

/**
 * Section 4.1 rule 2 updates the card saved under card_id; which brands and lengths a sandbox takes is not
 * shown, and some take only a few. An update is judged on the numbers the gateway accepts: each is tried
 * in turn until one is, and the declined ones are reported as not judged, never as failures.
 */
export type Attempt = { number: string; answer: Exchange };
export type UpdateOutcome = { accepted?: Attempt; declined: Attempt[] };

/**
 * Sends the update with `preferred`, then other published test numbers, then `stored` (the number the
 * card holds, which the gateway has accepted already), until one is accepted. So only a gateway that
 * declines every update, the one to a number it took itself included, ends with none accepted.
 */
export async function firstAcceptedUpdate(
  send: (number: string) => Promise<Exchange>,
  preferred: string,
  stored: string,
): Promise<UpdateOutcome> {
  const candidates = [...new Set([preferred, ...UPDATE_FALLBACK_CARDS.filter((n) => n !== stored), stored])];
  const declined: Attempt[] = [];
  for (const number of candidates) {
    const answer = await send(number);
    if (succeeded(answer)) return { accepted: { number, answer }, declined };
    declined.push({ number, answer });
  }
  return { declined };
}

/** A test number named as a report may show it: brand and length, never the digits. */
export function cardName(number: string): string {
  return `${number.length}-digit ${brandOf(number)}`;
}

function brandOf(number: string): string {
  return TEST_CARDS.find((c) => c.number === number)?.brand ?? (number.startsWith('4') ? 'visa' : 'test');
}

/** What a declined update tells (an observation) and what it leaves unjudged (a not-exercised reason). */
export function declinedUpdate({ number, answer }: Attempt): { text: string; data: ObservationData; reason: string } {
  const how = `rcode ${JSON.stringify(bodyField(answer, 'rcode'))}, HTTP ${answer.status}`;
  return {
    text: `an update to the ${cardName(number)} test number was declined (${how}); which brands and lengths a gateway takes is not shown`,
    data: { kind: 'declined-update-card', subject: brandOf(number), value: number.length },
    reason:
      `the gateway declined an update to the ${cardName(number)} test number, so that update was not judged ` +
      `(accepted brands and lengths are not shown)`,
  };
}

/**
 * Section 4.1 rule 3's card data, one field at a time: rule 2 updates the card saved under card_id whenever
 * card data comes with it, not only a whole new card. card_number carries the number the card already holds
 * (DEFAULT_TEST_CARD, which the gateway took), so no brand or length can be what a refusal is about.
 */
export function cardDataAlone(): Partial<TokenizeRequest>[] {
  return [
    { exp_date: futureExpiry(48) },
    { cvv2: '456' },
    { avs_address: '2 Update Street' },
    { avs_zip: '10002' },
    { email_address: ['update@example.com'] },
    { card_number: DEFAULT_TEST_CARD },
  ];
}

/**
 * Rule 2 across an update to another number: the accepted update's answer, where it shows a card_number, does
 * not show the one the card held before (as the answer that created it showed it). The card_id it names and
 * the masking itself are judged on the answer alone (checks/tokenize.ts, TOK-2 and TOK-8).
 */
export function earlierNumberProblems(created: Exchange, updated: Attempt, heldNumber: string): string[] {
  const shown = bodyField(updated.answer, 'card_number');
  const before = bodyField(created, 'card_number');
  return updated.number !== heldNumber && shown !== undefined && shown === before
    ? [`the answer shows card_number ${JSON.stringify(shown)}, the number the card held before the update`]
    : [];
}

/**
 * A refused update of some card data alone: which fields an update must carry together is not shown
 * ("Which fields must be present together for each payment information kind: not shown"), so it is observed.
 */
export function refusedPartialUpdate(
  fields: string,
  answer: Exchange,
): { text: string; data: ObservationData; reason: string } {
  const how = `rcode ${JSON.stringify(bodyField(answer, 'rcode'))}, HTTP ${answer.status}`;
  return {
    text: `an update carrying card_id and ${fields} alone was refused (${how}); which fields must be present together is not shown`,
    data: { kind: 'refused-partial-update', subject: fields, value: how },
    reason:
      `the gateway refused an update carrying card_id and ${fields} alone, so that update was not judged ` +
      '(which fields must be present together is not shown)',
  };
}
