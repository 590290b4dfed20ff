import type { Exchange } from '../../transport/exchange.js';
import { Redactor } from '../../evidence/redact.js';
import type { ReproduceContext } from '../../evidence/reproduce-context.js';
import { keyVariables } from '../../evidence/reproduce-line.js';

export { PRIVATE_CARD } from './canaries.js';

/** The keys, redactors and exchanges of the reproduce-line tests, in process and replayed in a shell. */

export const MERCHANT_KEY = 'merchant_key_Zq81mX';
export const VENDOR_KEY = 'vendor_key_Hw27pL';
export const ENV = { PG_API_KEY: MERCHANT_KEY, PG_VENDOR_API_KEY: VENDOR_KEY };
export const variables = keyVariables({ merchantKey: MERCHANT_KEY, vendorKey: VENDOR_KEY });
export const redactorFor = (sender: ReproduceContext['sender']) =>
  new Redactor([MERCHANT_KEY, VENDOR_KEY], { variables, sender });

/** A tokenize exchange as the suite records it, with the headers and body given. */
export function exchange(headers: Record<string, string>, body?: unknown): Exchange {
  return {
    operation: 'tokenize',
    family: 'pg',
    request: { method: 'POST', url: 'http://gateway.test/pg/tokenize', headers, body },
    status: 200,
    headers: {},
    text: '{}',
    json: {},
    ms: 1,
  };
}
