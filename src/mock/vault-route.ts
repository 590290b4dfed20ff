import type { FastifyInstance } from 'fastify';
import type { MockContext } from './context.js';
import { vaultPage } from './vault.js';
import { readVaultQuery } from './vault-query.js';

/** GET /platform/vault/customer (section 4.2): auth → read query → computed page. */
export function vaultRoute(app: FastifyInstance, ctx: MockContext): void {
  app.get('/platform/vault/customer', { onRequest: ctx.authenticate('listCustomers') }, async (request) => {
    const query = readVaultQuery(request.query as Record<string, unknown>, ctx.options.credentials.merchantId, ctx.behaviour);
    return vaultPage(query, ctx.state.customers, ctx.behaviour);
  });
}
