/**
 * Friendly names for the types generated from spec/openapi.yaml (src/catalogue/openapi.gen.ts).
 * Edit the spec and run `npm run types:generate`; never edit the generated file.
 */
import type { components, operations } from './openapi.gen.js';

type Schemas = components['schemas'];

/** Result scheme of the payment gateway family (/pg/): rcode "000" = success. */
export type PgResult = Schemas['PgResult'];
/** Result scheme of the platform family (/platform/): code 0 = success. */
export type PlatformResult = Schemas['PlatformResult'];

/** POST /pg/tokenize request body (section 2.1). */
export type TokenizeRequest = Schemas['TokenizeRequest'];
/** POST /pg/tokenize success body (section 2.2). */
export type TokenizeResponse = Schemas['TokenizeResponse'];

/** GET /platform/vault/customer success body (section 2.3). */
export type CustomerListResponse = Schemas['CustomerListResponse'];
export type Customer = Schemas['Customer'];
export type ShippingAddress = Schemas['ShippingAddress'];
export type BillingCard = Schemas['BillingCard'];
/** Query parameters of GET /platform/vault/customer (section 4.2); all optional. */
export type ListCustomersQuery = NonNullable<operations['listCustomers']['parameters']['query']>;

/** PUT /platform/webhook/{webhook_id}/disable success body (section 2.5). */
export type DisableWebhookResponse = Schemas['DisableWebhookResponse'];
