import type { Registered } from './faults.js';

/**
 * Legitimate variations: choices the document leaves open ("not shown") where a real gateway may differ
 * from the mock's default. A conformant suite must pass with any of them on.
 */
export const VARIANTS = [
  {
    name: 'vault-past-end-fails',
    rule: 'VAULT-6',
    description: 'A vault page past the last one answers a platform failure instead of code 0 with an empty page.',
  },
  {
    name: 'failures-http-200',
    rule: 'AUTH-7',
    description: 'Every failure is answered with HTTP 200; only the body (rcode or code) says it failed.',
  },
] as const satisfies readonly Registered[];

export type VariantName = (typeof VARIANTS)[number]['name'];
