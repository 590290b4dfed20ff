import { listingQuery } from '../src/checks/registry.js';
import type { Auth, Exchange, GatewayClient, ResolvedConfig } from './fixtures.js';
import { newCardRequest, type OperationId } from './inputs.js';

type Context = { gateway: GatewayClient; suite: ResolvedConfig; takeWebhook: () => Promise<string> };

/** Who the request speaks for: by default the one `auth` names; a header of its own speaks for the merchant. */
type Party = 'merchant' | 'vendor';

/** Each operation called the plain way, so a rule can be checked on all three with one loop. */
export const OPERATIONS: {
  id: OperationId;
  writes: boolean;
  call: (ctx: Context, auth: Auth, party?: Party) => Promise<Exchange>;
}[] = [
  {
    id: 'tokenize',
    writes: true,
    // Section 4.1 rule 4: an integrator names itself in vendor_id.
    call: ({ gateway, suite }, auth, party = auth === 'vendor' ? 'vendor' : 'merchant') =>
      gateway.tokenize(
        newCardRequest(suite.merchant.merchantId, party === 'vendor' ? { vendor_id: suite.vendor?.vendorId } : {}),
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
