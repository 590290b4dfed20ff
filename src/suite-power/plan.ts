import { FAULTS } from '../mock/behaviours/faults.js';
import { VARIANTS } from '../mock/behaviours/variants.js';
import { loadRules } from '../catalogue/rules.js';
import type { Mode, RegistryEntry } from '../mock/behaviours/behaviour.js';
import { KNOWN_CASES, type KnownCase } from './known-cases.js';

export const MODES: Mode[] = ['mock', 'black-box'];

export type PlannedRun = {
  /** Unique per run, e.g. "fault:mask-asterisks:black-box"; names its project(s) and its report folder. */
  id: string;
  kind: 'fault' | 'variant' | 'known';
  name: string;
  rule: string;
  description: string;
  mode: Mode;
  /** fault: the suite must fail; variant: the suite must pass; known: the verdict its case names. */
  expected: 'caught' | 'passes' | 'case verdict';
  /** Rules other than `rule` that may legitimately notice the fault too (a fault's optional `alsoNoticedBy`). */
  alsoNoticedBy: readonly string[];
  /** A known-deviations case (known-cases.ts): the fault it runs against and the entry beside it. */
  knownCase?: KnownCase;
  /** A fault only the whole run shows (its `acrossTheRun`): its run is the whole suite from the start. */
  wholeSuite?: boolean;
  /** The merchant ID the behaviour needs (its `merchantId`): its mock is started with it and the run sends it. */
  merchantId?: string;
  /** The notable leniency the variation must show in the run's report (its `leniency`). */
  leniency?: string;
};

/**
 * A fault is run in every mode where it is observable: a rule checked only through the control API is
 * invisible black-box, and a fault may narrow its modes further (saying why in its description).
 * Variations run in both modes: the suite must pass everywhere. One marked `onlyByName` runs only when
 * a filter names it (`--only`): its reason says why the whole plan leaves it out.
 */
export function plan(filter?: (e: RegistryEntry) => boolean): PlannedRun[] {
  const rules = new Map(loadRules().map((r) => [r.id, r]));
  const runs: PlannedRun[] = [];
  for (const fault of FAULTS as readonly RegistryEntry[]) {
    if (filter && !filter(fault)) continue;
    const rule = rules.get(fault.rule);
    if (!rule) throw new Error(`fault ${fault.name} names rule ${fault.rule}, which is not in spec/rules.yaml`);
    const modes = fault.modes ?? (rule.check === 'mock-control' ? ['mock'] : MODES);
    for (const rule of fault.alsoNoticedBy ?? []) {
      if (!rules.has(rule))
        throw new Error(`fault ${fault.name} lists alsoNoticedBy ${rule}, which is not in spec/rules.yaml`);
    }
    for (const mode of modes)
      runs.push({
        id: `fault:${fault.name}:${mode}`,
        kind: 'fault',
        ...pick(fault),
        mode,
        expected: 'caught',
        alsoNoticedBy: fault.alsoNoticedBy ?? [],
        ...(fault.acrossTheRun ? { wholeSuite: true } : {}),
      });
  }
  for (const variant of VARIANTS as readonly RegistryEntry[]) {
    if (filter ? !filter(variant) : variant.onlyByName) continue;
    for (const mode of MODES)
      runs.push({
        id: `variant:${variant.name}:${mode}`,
        kind: 'variant',
        ...pick(variant),
        mode,
        expected: 'passes',
        alsoNoticedBy: [],
      });
  }
  // Black-box only: the file is for what a real sandbox shows, and the matching works the same in both modes.
  for (const knownCase of KNOWN_CASES) {
    if (filter && !filter(knownCase)) continue;
    const id = `known:${knownCase.name}:black-box`;
    runs.push({
      id,
      kind: 'known',
      ...pick(knownCase),
      mode: 'black-box',
      expected: 'case verdict',
      alsoNoticedBy: [],
      knownCase,
    });
  }
  return runs;
}

function pick(e: RegistryEntry) {
  return {
    name: e.name,
    rule: e.rule,
    description: e.description,
    ...(e.merchantId && { merchantId: e.merchantId }),
    ...(e.leniency && { leniency: e.leniency }),
  };
}

/** Rules of the catalogue that no fault breaks: the suite's power over them is unmeasured. */
export function rulesWithoutFault(): string[] {
  const broken = new Set((FAULTS as readonly RegistryEntry[]).map((f) => f.rule));
  return loadRules()
    .filter((r) => !broken.has(r.id))
    .map((r) => r.id);
}
