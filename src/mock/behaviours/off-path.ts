import type { Behaviour } from './behaviour.js';
import { onSuccess } from './tokenize/answer.js';

/**
 * Faults that bite only off the fixed examples' beaten path (long input, one new card in fifty, page sizes and
 * card lengths no fixed test uses): the generated-input properties (tests/properties/) and the run-wide TOK-1
 * outcome catch them; the fixed examples alone let them through.
 */

/** Per card store (one per server), the new card IDs handed out, for card-id-reissued-every-50th. */
const issuedBy = new WeakMap<object, string[]>();

export const OFF_PATH_FAULTS = [
  {
    name: 'echo-fields-cut-at-1024',
    rule: 'TOK-9',
    description: 'An echo_fields longer than 1,024 characters comes back cut to its first 1,024.',
    answer: onSuccess((body) => {
      if (typeof body.echo_fields === 'string' && body.echo_fields.length > 1024)
        body.echo_fields = body.echo_fields.slice(0, 1024);
    }),
  },
  {
    name: 'vault-short-pages-mid-counts',
    rule: 'VAULT-2',
    description:
      'For count 11 to 24 (sizes no fixed test uses) every page serves count - 1 records, so one record a page is never listed.',
    vaultWindow: (next) => (q, total) => {
      const w = next(q, total);
      return q.count >= 11 && q.count <= 24 ? { ...w, end: Math.min(w.start + q.count - 1, total) } : w;
    },
  },
  {
    name: 'mask-off-for-non-visa-lengths',
    rule: 'TOK-8',
    modes: ['mock'],
    description:
      'A 13-, 17- or 18-digit number not starting with 4 is masked as first six, last four. Mock mode only: ' +
      'real targets get published test card numbers alone, and the published ones of those lengths start ' +
      'with 4.',
    answer: onSuccess((body, { input }) => {
      const sent = input.card?.number;
      if (sent !== undefined && [13, 17, 18].includes(sent.length) && !sent.startsWith('4'))
        body.card_number = sent.slice(0, 6) + 'x'.repeat(sent.length - 10) + sent.slice(-4);
    }),
  },
  {
    name: 'exp-date-first-four-read',
    rule: 'TOK-10',
    description:
      'An exp_date longer than four characters is read by its first four, so MMYYYY (122029) is taken as MMYY.',
    readTokenize: (next) => (body, identity) =>
      next(
        typeof body.exp_date === 'string' && body.exp_date.length > 4
          ? { ...body, exp_date: body.exp_date.slice(0, 4) }
          : body,
        identity,
      ),
  },
  {
    name: 'card-id-reissued-every-50th',
    rule: 'TOK-1',
    description:
      'Every 50th new card is stored and answered under the card_id of the new card 20 before it; caught only across the run.',
    acrossTheRun: 'it bites on the 50th new card, and TOK-1 is judged across every card the run stores',
    storeCard: (next) => (input, store) => {
      const card = next(input, store);
      if (input.cardId !== undefined) return card;
      const issued = issuedBy.get(store) ?? [];
      issuedBy.set(store, issued);
      issued.push(card.card_id);
      if (issued.length % 50 !== 0) return card;
      store.delete(card.card_id);
      const reissued = { ...card, card_id: issued[issued.length - 21]! };
      store.put(reissued);
      return reissued;
    },
  },
] as const satisfies readonly Behaviour[];
