/**
 * Deliberate faults: each breaks one rule of spec/rules.yaml so the suite can prove it notices.
 * A fault is a named check beside the line it breaks (`behaviour.faults.has(name)`); off, it costs a Set lookup.
 */
export type Registered = { readonly name: string; readonly rule: string; readonly description: string };

export const FAULTS = [
  {
    name: 'auth-accepts-user-part',
    rule: 'AUTH-4',
    description: 'Accepts a Basic token whose user part (before the colon) is not empty.',
  },
  {
    name: 'vault-total-pages-floor',
    rule: 'VAULT-3',
    description: 'Computes totalPages as floor(totalRecords / count) instead of ceil.',
  },
] as const satisfies readonly Registered[];

export type FaultName = (typeof FAULTS)[number]['name'];
