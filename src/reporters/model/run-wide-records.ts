import type { TestRecord } from '../../evidence/test-record.js';
import { runWideJudgements, type AnsweredPgId } from '../../checks/run-wide.js';
import { SEED_VAR } from '../../generate/settings.js';
import type { FinishedTest } from './rule-outcomes.js';

/** The run's generated-input settings (PG_SEED, PG_GENERATED_RUNS), read once by the Playwright config. */
export type GeneratedInputs = { seed: number | undefined; runsPerProperty: number };

/** The report's generated-inputs section: the seed, how to replay it, each property's inputs and counter-examples. */
export type GeneratedSection = {
  seed?: number;
  runsPerProperty: number;
  replay: string;
  properties: string[];
  counterExamples: string[];
};

/**
 * What every test of every worker (and shard, through the blob reports) recorded for the end of the run: the
 * records of the run-wide rules (judged by src/checks/run-wide.ts), and the generated-input lines (seed,
 * inputs judged, shrunk counter-examples) for the report.
 */
export class RunWideRecords {
  private readonly newCards: string[][] = [];
  private readonly answers: { valid: number; judged: number }[] = [];
  private readonly pgIds: AnsweredPgId[][] = [];
  private readonly generated: string[] = [];
  private readonly counterExamples: string[] = [];

  collect(record: Partial<TestRecord>): void {
    if (record.newCards) this.newCards.push(record.newCards);
    if (record.answers) this.answers.push(record.answers);
    if (record.pgIds) this.pgIds.push(record.pgIds);
    this.generated.push(...(record.generated ?? []));
    this.counterExamples.push(...(record.counterExamples ?? []));
  }

  /** One record per run-wide rule that had something to judge; with nothing (no writes allowed), its other tests speak. */
  records(): FinishedTest[] {
    return runWideJudgements({ newCards: this.newCards, answers: this.answers, pgIds: this.pgIds }).map((j) => ({
      title: `run-wide › ${j.ruleId}: ${j.title}`,
      file: 'run-wide',
      rules: [j.ruleId],
      violated: j.found ? [j.ruleId] : [],
      outcome: j.found ? 'failed' : 'passed',
      observations: j.observations.map((o) => ({ ruleId: j.ruleId, ...o })),
      // Judged from every test's records: no single exchange to show, the counts say what was found.
      failures: j.found
        ? [{ ruleId: j.ruleId, operations: [], expected: j.expected, found: j.found, exchanges: [], reproduce: [] }]
        : undefined,
      judged: [{ ruleId: j.ruleId, count: j.count, what: j.what }],
    }));
  }

  /** The line printed when the run starts: how to replay its generated inputs. */
  static seedLine(generated: GeneratedInputs): string {
    // A merge of shard reports has no seed of its own: each property's line names the seed it ran with.
    if (generated.seed === undefined) return '';
    const { seed, runsPerProperty } = generated;
    return `Generated inputs: seed ${seed}, up to ${runsPerProperty} inputs a property (replay with ${SEED_VAR}=${seed})`;
  }

  /** The generated-inputs section of the reports; none when no property ran. */
  section(generated: GeneratedInputs): GeneratedSection | undefined {
    if (!this.generated.length) return undefined;
    const seed = generated.seed;
    return {
      seed,
      runsPerProperty: generated.runsPerProperty,
      replay: seed === undefined ? 'see each property' : `${SEED_VAR}=${seed}`,
      properties: [...this.generated].sort(),
      counterExamples: [...this.counterExamples].sort(),
    };
  }
}
