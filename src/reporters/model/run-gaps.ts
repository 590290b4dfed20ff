import { annotation, type Annotation } from '../../evidence/annotations.js';
import { summaryLines } from '../formats/summary-lines.js';
import { configurationNeeds, operationGaps, type OperationGap } from './exercised.js';
import type { KnownDeviationsJson } from '../known-deviations/known-outcomes.js';
import type { RuleOutcome, TestRecord } from './rule-outcomes.js';

export type Gaps = {
  configuration: string[];
  operations: OperationGap[];
  skippedForConfiguration: string[];
  skippedTests: Record<string, number>;
};

/** What the run's verdict weighs besides its rules: configuration found wrong, operations never served, skips. */
export const runGaps = {
  /** The parts of a test record these come from. */
  annotationsOf(annotations: readonly Annotation[]): Pick<TestRecord, 'served' | 'configuration'> {
    return {
      served: [...new Set(annotation.served.read(annotations))],
      configuration: [...new Set(annotation.configuration.read(annotations))],
    };
  },

  of(records: readonly TestRecord[], outcomes: readonly RuleOutcome[]): Gaps {
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
  },

  /** The summary printed before the verdict line, ending with a blank line; empty when there is none. */
  consoleText(outcomes: RuleOutcome[], gaps: Gaps, knownDeviations?: KnownDeviationsJson): string {
    const lines = summaryLines({ outcomes, ...gaps, knownDeviations });
    return lines.length ? `${lines.join('\n')}\n\n` : '';
  },
};
