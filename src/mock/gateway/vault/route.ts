import type { HttpApp } from '../../http/app.js';
import type { GatewayContext } from '../context.js';
import { vaultPage } from './page.js';

/**
 * GET /platform/vault/customer (section 4.2): auth → judge the query → the page its window holds → answer.
 * Every run, faithful or faulty, builds the page here and Fastify serializes it: a behaviour changes what
 * the seams hand this route (query, window, records, answer), never which code sends it.
 */
export function vaultRoute(app: HttpApp, ctx: GatewayContext): void {
  const { seams, changes, recordAt } = ctx.steps;
  app.get('/platform/vault/customer', { onRequest: ctx.authenticate('listCustomers') }, (request, reply) => {
    const query = seams.readVaultQuery(request.query as Record<string, unknown>);
    const total = ctx.state.customers;
    const page = vaultPage(query, total, seams.vaultWindow(query, total), recordAt);
    const answer = { status: 200, body: page as unknown as Record<string, unknown> };
    const context = { operation: 'listCustomers', query, total } as const;
    for (const change of changes.answer) change(answer, context);
    reply.code(answer.status).send(answer.body);
  });
}
