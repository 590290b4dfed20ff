import type { FastifyInstance } from 'fastify';
import type { Behaviour } from './behaviour.js';
import type { StoredCard } from './card-store.js';
import { identityOf, type MockContext } from './context.js';
import { newPgId } from './ids.js';
import { objectBody } from './json-body.js';
import { echoCut, nonVisaLengthMask } from './off-path-faults.js';
import { PG_CODES } from './pg-codes.js';
import { tokenize } from './tokenize.js';
import { readTokenizeRequest, type TokenizeInput } from './tokenize-request.js';

/** The masked number the answer shows: the stored one, unless a masking fault shows the number sent otherwise. */
function answeredNumber(input: TokenizeInput, card: StoredCard, before: StoredCard | undefined, { faults }: Behaviour): string | undefined {
  if (before) return before.card_number; // fault update-answers-old-number
  const sent = input.card?.number;
  if (sent === undefined) return card.card_number;
  const hidden = sent.length - 10;
  if (faults.has('mask-last-four-only')) return 'x'.repeat(sent.length - 4) + sent.slice(-4);
  if (faults.has('mask-fixed-six-x')) return `${sent.slice(0, 4)}xxxxxx${sent.slice(-6)}`;
  if (faults.has('mask-full-19-digits') && sent.length === 19) return sent;
  if (faults.has('mask-asterisks')) return sent.slice(0, 4) + '*'.repeat(hidden) + sent.slice(-6);
  if (faults.has('mask-first-six-last-four')) return sent.slice(0, 6) + 'x'.repeat(hidden) + sent.slice(-4);
  return nonVisaLengthMask(sent, faults) ?? card.card_number;
}

/** Section 2.2: echo_fields comes back exactly as sent. */
function echoed(sent: unknown, { faults }: Behaviour): string | undefined {
  if (typeof sent !== 'string' || faults.has('echo-fields-dropped')) return undefined;
  if (faults.has('echo-fields-reserialized')) return JSON.stringify(JSON.parse(sent));
  if (faults.has('echo-fields-trimmed')) return sent.trim();
  if (faults.has('echo-fields-ascii-escaped')) return sent.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return echoCut(sent, faults);
}

/** POST /pg/tokenize (section 4.1): auth → read → store → answer in the rcode scheme. */
export function tokenizeRoute(app: FastifyInstance, ctx: MockContext): void {
  const { faults, variants } = ctx.behaviour;
  app.post('/pg/tokenize', { onRequest: ctx.authenticate('tokenize') }, async (request, reply) => {
    const body = objectBody(request, true)!;
    const input = readTokenizeRequest(body, identityOf(request), ctx.options.credentials, ctx.behaviour);
    const before = input.cardId !== undefined && faults.has('update-answers-old-number') ? ctx.state.cards.get(input.cardId) : undefined;
    const card = tokenize(input, ctx.state.cards, ctx.behaviour);
    const cardNumber = answeredNumber(input, card, before, ctx.behaviour);
    const echo = echoed(body.echo_fields, ctx.behaviour);
    if (input.cardId === undefined && variants.has('success-statuses-2xx')) reply.code(201);
    return {
      rcode: faults.has('tokenize-success-rcode-00') ? '00' : PG_CODES.ok.rcode,
      rmsg: input.cardId ? 'Approved: card updated' : 'Approved: card stored',
      ...(!faults.has('pg-id-missing-on-success') && { pg_id: faults.has('pg-id-as-number') ? Date.now() : newPgId() }),
      ...(!faults.has('card-id-missing-on-success') && { card_id: card.card_id }),
      ...(cardNumber !== undefined && { card_number: cardNumber }),
      ...(echo !== undefined && { echo_fields: echo }),
    };
  });
}
