import type { HttpApp } from '../../http/app.js';
import type { GatewayContext } from '../context.js';
import { objectBody } from '../body.js';
import { newPgId } from '../../state/ids.js';
import { PG_CODES } from '../pg-codes.js';

/**
 * POST /pg/tokenize (section 4.1): auth → judge the body → store → answer in the rcode scheme.
 * Each step goes through its seam (gateway/seams.ts), which is the conformant step unless a behaviour is on.
 */
export function tokenizeRoute(app: HttpApp, ctx: GatewayContext): void {
  const { seams, changes } = ctx.steps;
  const cards = ctx.state.cards;
  app.post('/pg/tokenize', { onRequest: ctx.authenticate('tokenize') }, (request, reply) => {
    const body = objectBody(request, true)!;
    if (!request.identity) throw new Error('gateway route registered without its authentication');
    const input = seams.readTokenize(body, request.identity);
    const previous = input.cardId === undefined ? undefined : cards.get(input.cardId);
    const card = seams.storeCard(input, cards);
    const answer = {
      status: 200,
      body: {
        rcode: PG_CODES.ok.rcode,
        rmsg: input.cardId ? 'Approved: card updated' : 'Approved: card stored',
        pg_id: newPgId(),
        card_id: card.card_id,
        ...(card.card_number !== undefined && { card_number: card.card_number }),
        // Section 2.2: echo_fields comes back exactly as sent.
        ...(typeof body.echo_fields === 'string' && { echo_fields: body.echo_fields }),
      } as Record<string, unknown>,
    };
    const context = { operation: 'tokenize', input, card, previous } as const;
    for (const change of changes.answer) change(answer, context);
    reply.code(answer.status).send(answer.body);
  });
}
