import { bodyField, succeeded, type Exchange } from '../../transport/exchange.js';
import type { MockCard } from '../../transport/mock-control-client.js';
import type { ObservationData } from '../observation-data.js';
import { paymentKinds, type PaymentKind } from '../request.js';
import { maskable, maskCardNumber } from './card-number.js';
import { futureExpiry } from '../../catalogue/request-builders.js';
import { DEFAULT_TEST_CARD, TEST_CARDS, UPDATE_FALLBACK_CARDS } from '../../catalogue/test-cards.js';
import type { TokenizeRequest } from '../../catalogue/types.js';
import { judgeIn } from '../judge.js';
import { rcodeAndStatus } from '../compared-answers.js';

const judge = judgeIn(import.meta.url);

/** What an observation or a not-exercised reason says of one update, and its data for --baseline. */
type Unjudged = { text: string; data: ObservationData; reason: string };

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
export function declinedUpdate({ number, answer }: Attempt): Unjudged {
  const how = rcodeAndStatus(answer);
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
export function refusedPartialUpdate(fields: string, answer: Exchange): Unjudged {
  const how = rcodeAndStatus(answer);
  return {
    text: `an update carrying card_id and ${fields} alone was refused (${how}); which fields must be present together is not shown`,
    data: { kind: 'refused-partial-update', subject: fields, value: how },
    reason:
      `the gateway refused an update carrying card_id and ${fields} alone, so that update was not judged ` +
      '(which fields must be present together is not shown)',
  };
}

/** Section 4.1 rule 3's kinds, as a sentence names the data of one and an entry holding it. */
export type EntryKind = Exclude<PaymentKind, 'card_id only' | 'none'>;
const DATA_OF: Record<EntryKind, string> = { card: 'card data', ACH: 'ACH data', wallet: 'a wallet payload' };
const ENTRY_OF: Record<EntryKind, string> = { card: 'a card', ACH: 'an ACH entry', wallet: 'a wallet entry' };

/** The one kind a request body carries, if it carries exactly one. */
function kindSent(body: Readonly<Record<string, unknown>>): EntryKind | undefined {
  const kinds = paymentKinds(body);
  const [kind] = kinds;
  return kinds.length === 1 && kind !== undefined && kind in DATA_OF ? (kind as EntryKind) : undefined;
}

/**
 * A refused update of ACH data or of a wallet payload, sent to an entry of that kind: section 2.1's card_id updates
 * the card whatever payment information comes with it, but which fields an update must carry together is not
 * shown, so it is observed and left unjudged.
 */
export function refusedUpdate(kind: EntryKind, answer: Exchange): Unjudged {
  const how = rcodeAndStatus(answer);
  return {
    text: `an update carrying card_id and ${DATA_OF[kind]} was refused (${how}); which fields must be present together is not shown`,
    data: { kind: 'refused-update', subject: DATA_OF[kind], value: how },
    reason:
      `the gateway refused an update carrying card_id and ${DATA_OF[kind]}, so that update was not judged ` +
      '(which fields must be present together is not shown)',
  };
}

/**
 * An update carrying another kind than the entry under card_id holds (ACH data with a card's card_id): whether an
 * entry may change kind is not shown, so what the gateway answered is an observation, never a failure here. An
 * accepted one is still judged on its answer, as every accepted update is (TOK-2 in checks/tokenize.ts): section
 * 2.1's card_id updates that card whatever the request carries, and no sentence makes a new card ID of it.
 */
export function crossKindUpdate(held: EntryKind, answer: Exchange): { text: string; data: ObservationData } {
  const body = answer.request.body as Record<string, unknown>;
  const sent = kindSent(body);
  const what = sent ? DATA_OF[sent] : 'no one kind of payment information';
  const value = !succeeded(answer)
    ? `refused (${rcodeAndStatus(answer)})`
    : bodyField(answer, 'card_id') === body.card_id
      ? 'accepted under the card_id sent'
      : 'accepted under another card_id';
  return {
    text: `${what} sent with the card_id of ${ENTRY_OF[held]} was ${value}; whether an entry may change kind is not shown`,
    data: { kind: 'cross-kind-update', subject: `${what} to ${ENTRY_OF[held]}`, value },
  };
}

/**
 * Rule 2 on the stored side (the mock's control API): the entry under card_id holds what the accepted `update` sent,
 * field by field, in the forms the mock keeps: a card number masked as section 2.2 masks it, an account number by
 * its last four digits, a wallet payload by which wallet it came from. Fields the update did not send are not
 * judged (which ones an update replaces is not shown), and no full number is written.
 */
export function storedUpdateProblems(stored: MockCard, update: Exchange): string[] {
  const sent = update.request.body as Readonly<Record<string, unknown>>;
  const problems: string[] = [];
  const compare = (field: string, want: unknown, got: unknown) => {
    if (got !== want) problems.push(`the stored ${field} is ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
  };
  const kind = kindSent(sent);
  if (kind) compare('kind', kind.toLowerCase(), stored.kind);
  if (maskable(sent.card_number)) compare('card_number', maskCardNumber(sent.card_number), stored.card_number);
  for (const field of ['exp_date', 'cardholder_name', 'type_id'] as const)
    if (typeof sent[field] === 'string') compare(field, sent[field], stored[field]);
  if (typeof sent.dda_number === 'string' && !stored.dda_number?.endsWith(sent.dda_number.slice(-4)))
    problems.push(
      `the stored dda_number is ${JSON.stringify(stored.dda_number)}, which does not end with the last four digits sent`,
    );
  const wallet =
    sent.payload_walletA_pay !== undefined ? 'walletA' : sent.payload_walletB_pay !== undefined ? 'walletB' : undefined;
  if (wallet) compare('wallet', wallet, stored.wallet);
  return problems;
}

/**
 * TOK-2: some update of the card was accepted (firstAcceptedUpdate tries down to the number the card holds);
 * `step` numbers the update among several to one card.
 */
export const someUpdateAccepted = judge(
  'TOK-2',
  function someUpdateAccepted({ accepted, declined }: UpdateOutcome, step?: number) {
    const none =
      step === undefined
        ? `every update was declined, the one to the number the card holds included (${declined.length} tried)`
        : `update ${step}: every update was declined, the one to the number the card holds included`;
    return { problems: accepted ? [] : [none], expected: 'an update with card data accepted' };
  },
);

/** TOK-2: an accepted update to another number does not answer the number the card held (earlierNumberProblems). */
export const earlierNumberGone = judge(
  'TOK-2',
  function earlierNumberGone(created: Exchange, updated: Attempt, heldNumber: string) {
    return {
      problems: earlierNumberProblems(created, updated, heldNumber),
      expected: 'the answer shows the new number, not the one the card held',
      judged: { count: 1, what: 'updates' },
    };
  },
);

/**
 * TOK-2: the stored card reflects an accepted update (storedUpdateProblems): the `step`th of several to one
 * card, or one carrying `data` (ACH data, a wallet payload).
 */
export const storedAsUpdated = judge(
  'TOK-2',
  function storedAsUpdated(stored: MockCard, update: Exchange, of: { step: number } | { data: string }) {
    const problems = storedUpdateProblems(stored, update);
    return {
      problems: 'step' in of ? problems.map((p) => `after update ${of.step}, ${p}`) : problems,
      expected:
        'step' in of
          ? 'the stored card reflects each accepted update in turn'
          : `the stored entry holds the ${of.data} of the accepted update`,
      judged: { count: 1, what: 'updates' },
    };
  },
);
