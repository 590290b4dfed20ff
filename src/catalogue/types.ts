/**
 * Friendly names for the types generated from spec/openapi.yaml (src/catalogue/openapi.gen.ts).
 * Edit the spec and run `npm run types:generate`; never edit the generated file.
 */
import type { components, operations } from './openapi.gen.js';

type Schemas = components['schemas'];

/** POST /pg/tokenize request body (section 2.1). */
export type TokenizeRequest = Schemas['TokenizeRequest'];

/** A customer record of the GET /platform/vault/customer success body (section 2.3). */
export type Customer = Schemas['Customer'];
/** Query parameters of GET /platform/vault/customer (section 4.2); all optional. */
export type ListCustomersQuery = NonNullable<operations['listCustomers']['parameters']['query']>;
