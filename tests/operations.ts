import type { ResolvedConfig } from '../src/config/suite-env.js';
import type { Exchange } from '../src/transport/exchange.js';
import type { Auth, GatewayClient } from '../src/transport/gateway-client.js';
import { newCardRequest } from '../src/catalogue/request-builders.js';
import type { OperationId } from '../src/catalogue/spec.js';
import { listingQuery } from './vault-pages.js';

type Context = { gateway: GatewayClient; suite: ResolvedConfig; takeWebhook: () => Promise<string> };

/** Each operation called the plain way, so a rule can be checked on all three with one loop. */
export const OPERATIONS: { id: OperationId; writes: boolean; call: (ctx: Context, auth: Auth) => Promise<Exchange> }[] =
  [
    {
      id: 'tokenize',
      writes: true,
      // Section 4.1 rule 4: an integrator names itself in vendor_id.
      call: ({ gateway, suite }, auth) =>
        gateway.tokenize(
          newCardRequest(suite.merchant.merchantId, auth === 'vendor' ? { vendor_id: suite.vendor?.vendorId } : {}),
          auth,
        ),
    },
    {
      id: 'listCustomers',
      writes: false,
      call: ({ gateway, suite }, auth) => gateway.listCustomers(listingQuery(suite.merchant.merchantId, 2), auth),
    },
    {
      id: 'disableWebhook',
      writes: true,
      call: async ({ gateway, takeWebhook }, auth) => gateway.disableWebhook(await takeWebhook(), auth),
    },
  ];
