import type { FastifyInstance } from 'fastify';
import { identityOf, type MockContext } from './context.js';
import { newPgId } from './ids.js';
import { objectBody } from './json-body.js';
import { PG_CODES } from './pg-codes.js';
import { tokenize } from './tokenize.js';
import { readTokenizeRequest } from './tokenize-request.js';

/** POST /pg/tokenize (section 4.1): auth → read → store → answer in the rcode scheme. */
export function tokenizeRoute(app: FastifyInstance, ctx: MockContext): void {
  app.post('/pg/tokenize', { onRequest: ctx.authenticate }, async (request) => {
    const body = objectBody(request, true)!;
    const input = readTokenizeRequest(body, identityOf(request), ctx.options.credentials);
    const card = tokenize(input, ctx.state.cards);
    return {
      rcode: PG_CODES.ok.rcode,
      rmsg: input.cardId ? 'Approved: card updated' : 'Approved: card stored',
      pg_id: newPgId(),
      card_id: card.card_id,
      ...(card.card_number !== undefined && { card_number: card.card_number }),
      ...(typeof body.echo_fields === 'string' && { echo_fields: body.echo_fields }),
    };
  });
}
