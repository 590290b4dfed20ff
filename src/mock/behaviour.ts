import { FAULTS, type FaultName, type Registered } from './faults.js';
import { VARIANTS, type VariantName } from './variants.js';

/** Built once per server from its options; every fault or variant check is a Set lookup on it. */
export type Behaviour = {
  readonly faults: ReadonlySet<FaultName>;
  readonly variants: ReadonlySet<VariantName>;
};

/** Problems with a list of fault or variant names; unknown names are listed with the known ones. */
export function unknownNames(kind: 'fault' | 'variant', names: readonly string[], label: string): string[] {
  const registry: readonly Registered[] = kind === 'fault' ? FAULTS : VARIANTS;
  const known = registry.map((r) => r.name);
  const unknown = names.filter((n) => !known.includes(n));
  if (!unknown.length) return [];
  return [`${label}: unknown ${kind}${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `"${n}"`).join(', ')}; known ${kind}s: ${known.join(', ') || '(none)'}`];
}

/** Names must already be checked with unknownNames (resolveOptions does that). */
export function buildBehaviour(faults: readonly string[], variants: readonly string[]): Behaviour {
  return {
    faults: new Set(faults as FaultName[]),
    variants: new Set(variants as VariantName[]),
  };
}
