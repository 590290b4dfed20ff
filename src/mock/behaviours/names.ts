import { FAULTS } from './faults.js';
import type { Registered } from './unit.js';
import { VARIANTS } from './variants.js';

/** Problems with a list of fault or variant names; unknown names are listed with the known ones. */
export function unknownNames(kind: 'fault' | 'variant', names: readonly string[], label: string): string[] {
  const registry: readonly Registered[] = kind === 'fault' ? FAULTS : VARIANTS;
  const known = registry.map((r) => r.name);
  const unknown = names.filter((n) => !known.includes(n));
  if (!unknown.length) return [];
  return [
    `${label}: unknown ${kind}${unknown.length > 1 ? 's' : ''} ` +
      `${unknown.map((n) => `"${n}"`).join(', ')}; known ${kind}s: ${known.join(', ') || '(none)'}`,
  ];
}
