import type { HttpApp } from '../../http/app.js';
import type { MockContext } from '../../server/context.js';
import { fastPathApplies, VaultPages } from './fast-path.js';
import { vaultPage } from './page.js';

/** What the reply sets for an object it serializes; for a Buffer it would say application/octet-stream. */
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * GET /platform/vault/customer (section 4.2): auth → judge the query → the page its window holds.
 * With no behaviour on, the page is sent as bytes joined from cached records (fast-path.ts): the same bytes.
 */
export function vaultRoute(app: HttpApp, ctx: MockContext): void {
  const { seams, shapes, recordAt } = ctx.behaviours;
  const pages = fastPathApplies(ctx.behaviours) ? new VaultPages() : undefined;
  app.get('/platform/vault/customer', { onRequest: ctx.authenticate('listCustomers') }, (request, reply) => {
    const query = seams.readVaultQuery(request.query as Record<string, unknown>);
    const total = ctx.state.customers;
    if (pages) {
      reply.type(JSON_TYPE).send(pages.body(query, total));
      return;
    }
    const page = vaultPage(query, total, seams.vaultWindow(query, total), recordAt);
    const answer = { status: 200, body: page as unknown as Record<string, unknown> };
    const context = { operation: 'listCustomers', query, total } as const;
    for (const shape of shapes.answer) shape(answer, context);
    reply.code(answer.status).send(answer.body);
  });
}
