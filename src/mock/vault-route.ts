import type { FastifyInstance } from 'fastify';
import type { MockContext } from './context.js';
import { vaultPage } from './vault.js';
import { fastPathApplies, VaultPages } from './vault-fast-path.js';
import { readVaultQuery } from './vault-query.js';

/** What Fastify sets for an object it serializes; for a Buffer it would say application/octet-stream. */
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * GET /platform/vault/customer (section 4.2): auth → read query → computed page. With no fault or variant
 * on, the page is sent as bytes joined from cached records (vault-fast-path.ts): the same bytes.
 */
export function vaultRoute(app: FastifyInstance, ctx: MockContext): void {
  const pages = fastPathApplies(ctx.behaviour) ? new VaultPages(ctx.behaviour) : undefined;
  app.get('/platform/vault/customer', { onRequest: ctx.authenticate('listCustomers') }, async (request, reply) => {
    const query = readVaultQuery(request.query as Record<string, unknown>, ctx.options.credentials.merchantId, ctx.behaviour);
    if (pages) {
      reply.type(JSON_TYPE);
      return pages.body(query, ctx.state.customers);
    }
    return vaultPage(query, ctx.state.customers, ctx.behaviour);
  });
}
