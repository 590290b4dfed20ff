import type { Finding, Observation } from './answer-findings.js';

export type Judged = { findings: Finding[]; observations: Observation[]; checked: string[] };

/** Collects what one side of an exchange was held to: every rule applied is counted, broken or not. */
export class Judgement implements Judged {
  readonly findings: Finding[] = [];
  readonly observations: Observation[] = [];
  readonly checked: string[] = [];

  add(ruleId: string, problems: string[], expected: string): void {
    this.checked.push(ruleId);
    if (problems.length) this.findings.push({ ruleId, problems, expected });
  }

  observe(ruleId: string, text: string): void {
    this.observations.push({ ruleId, text });
  }

  merge(other: Judged): void {
    this.findings.push(...other.findings);
    this.observations.push(...other.observations);
    this.checked.push(...other.checked);
  }
}
