import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { annotation, type Annotation } from '../../evidence/annotations.js';
import { SEED_VAR } from '../../generate/settings.js';
import { conformancePage } from '../html/conformance-html.js';
import type { Drift } from '../drift/drift.js';
import type { ConformanceJson } from '../report-json.js';
import type { Night } from '../nights/night-history.js';
import type { TestRecord } from './rule-outcomes.js';

/** The run's generated-input settings (PG_SEED, PG_GENERATED_RUNS), read once by the Playwright config. */
export type GeneratedInputs = { seed: number | undefined; runsPerProperty: number };

/**
 * Rules that span the whole run, judged once at the end from what every test of every worker (and shard,
 * through the blob reports) recorded: no two new cards share a card_id (TOK-1), every answer validates (ERR-5).
 * Also gathers the generated-input lines (seed, inputs judged, shrunk counter-examples) for the report.
 */
export class RunInvariants {
  private readonly cards = new Map<string, number>();
  private cardTests = 0;
  private answers = { valid: 0, judged: 0, tests: 0 };
  private readonly generated: string[] = [];
  private readonly counterExamples: string[] = [];

  collect(annotations: readonly Annotation[]): void {
    for (const cards of annotation.runNewCards.read(annotations)) {
      this.cardTests++;
      for (const id of cards) this.cards.set(id, (this.cards.get(id) ?? 0) + 1);
    }
    for (const { valid, judged } of annotation.runAnswers.read(annotations))
      this.answers = {
        valid: this.answers.valid + valid,
        judged: this.answers.judged + judged,
        tests: this.answers.tests + 1,
      };
    this.generated.push(...annotation.generatedInputs.read(annotations));
    this.counterExamples.push(...annotation.counterExample.read(annotations));
  }

  /** One record per run-wide rule that had something to judge; with nothing (no writes allowed), its other tests speak. */
  records(): TestRecord[] {
    const total = [...this.cards.values()].reduce((a, b) => a + b, 0);
    const shared = [...this.cards.values()].filter((n) => n > 1).length;
    const invalid = this.answers.judged - this.answers.valid;
    const record = (
      rule: string,
      title: string,
      judged: number,
      what: string,
      failure: string | undefined,
      none: string,
    ): TestRecord => ({
      title: `run-wide › ${rule}: ${title}`,
      file: 'run-wide',
      rules: [rule],
      violated: failure ? [rule] : [],
      outcome: failure ? 'failed' : judged ? 'passed' : 'skipped',
      skipReason: judged ? undefined : `not exercised: ${none}`,
      observations: [],
      // Judged from every test's records: no single exchange to show, the counts say what was found.
      failures: failure
        ? [
            {
              ruleId: rule,
              operations: [],
              expected: title.replace(/ \([^)]*\)$/, ''),
              found: failure,
              exchanges: [],
              reproduce: [],
            },
          ]
        : undefined,
      judged: judged ? [{ ruleId: rule, count: judged, what }] : [],
    });
    const all = [
      record(
        'TOK-1',
        `no two new cards of the run share a card_id (${total} new cards from ${this.cardTests} tests)`,
        total,
        'new cards across the run',
        shared ? `${shared} card_id(s) were returned for more than one new card in this run` : undefined,
        'no new card was tokenized in this run',
      ),
      record(
        'ERR-5',
        `every answer of the run validates against spec/openapi.yaml (${this.answers.judged} answers from ${this.answers.tests} tests)`,
        this.answers.judged,
        'answers across the run',
        invalid ? `${invalid} of ${this.answers.judged} answers did not validate` : undefined,
        'no answer of this run was held to a schema',
      ),
    ];
    return all.filter((r) => r.outcome !== 'skipped');
  }

  /** The line printed when the run starts: how to replay its generated inputs. */
  static seedLine(generated: GeneratedInputs): string {
    // A merge of shard reports has no seed of its own: each property's line names the seed it ran with.
    if (generated.seed === undefined) return '';
    const { seed, runsPerProperty } = generated;
    return `Generated inputs: seed ${seed}, up to ${runsPerProperty} inputs a property (replay with ${SEED_VAR}=${seed})`;
  }

  /** Adds the generated-input section to conformance.md, .json and .html written just before (the page with its nights). */
  appendTo(dir: string, generated: GeneratedInputs, nights?: readonly Night[]): void {
    const md = join(dir, 'conformance.md');
    const json = join(dir, 'conformance.json');
    if (!existsSync(md) || !existsSync(json) || !this.generated.length) return;
    const seed = generated.seed;
    const section = {
      seed,
      runsPerProperty: generated.runsPerProperty,
      replay: seed === undefined ? 'see each property' : `${SEED_VAR}=${seed}`,
      properties: [...this.generated].sort(),
      counterExamples: [...this.counterExamples].sort(),
    };
    const lines = [
      '## Generated inputs',
      '',
      `- Seed ${section.seed ?? '(per shard, below)'}, up to ${section.runsPerProperty} inputs a property; ` +
        `replay with \`${section.replay}\``,
    ];
    lines.push(...section.properties.map((p) => `- ${p}`));
    if (section.counterExamples.length)
      lines.push(
        '',
        'Shrunk counter-examples (the smallest input that still failed):',
        ...section.counterExamples.map((c) => `- ${c.replace(/\n/g, ' ')}`),
      );
    writeFileSync(md, `${readFileSync(md, 'utf8')}${lines.join('\n')}\n`);
    const report = {
      ...(JSON.parse(readFileSync(json, 'utf8')) as ConformanceJson & { drift?: Drift | string }),
      generated: section,
    };
    writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
    // The page shows the seed and how to replay it too.
    writeFileSync(join(dir, 'conformance.html'), conformancePage(report, report.drift, nights));
  }
}
