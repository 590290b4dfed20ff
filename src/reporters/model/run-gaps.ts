import type { FinishedTest, RuleOutcome } from './rule-outcomes.js';
import { configurationNeeds, operationGaps } from './exercised.js';

/** What the run's verdict weighs besides its rules: configuration found wrong, operations never served, skips. */
export function runGaps(records: readonly FinishedTest[], outcomes: readonly RuleOutcome[]) {
  const skippedTests: Record<string, number> = {};
  for (const r of records)
    if (r.outcome === 'skipped')
      skippedTests[r.skipReason ?? 'no reason given'] = (skippedTests[r.skipReason ?? 'no reason given'] ?? 0) + 1;
  return {
    configuration: [...new Set(records.flatMap((r) => r.configuration ?? []))],
    operations: operationGaps(records),
    skippedForConfiguration: outcomes.filter((o) => configurationNeeds(o).length).map((o) => o.rule.id),
    skippedTests,
  };
}
