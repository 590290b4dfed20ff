import { describeExchange } from '../../evidence/describe-exchange.js';
import { paymentKinds } from '../../checks/registry.js';
import type { Side, Verdict } from '../judge.js';
import { TrafficRedactor } from './traffic-redactor.js';

/** Findings kept in full per rule and side; the rest are counted. Bounded so a long session stays small. */
const KEPT_PER_RULE = 20;
const KEPT_UNAVAILABLE = 50;

export type KeptFinding = { at: string; problems: string[]; expected: string; exchange: string };
export type Tally = { ruleId: string; side: Side; judged: number; broken: number; findings: KeptFinding[] };
export type KeptObservation = { ruleId: string; side: Side; text: string; count: number };
export type Unavailable = { at: string; what: string; problem: string };

/** Everything the traffic report says, gathered exchange by exchange, redacted as it is recorded. */
export class TrafficLedger {
  readonly started = new Date();
  exchanges = 0;
  notJudged = 0;
  readonly byOperation: Record<string, number> = {};
  /** Which payment information kinds the tokenize requests carried (section 4.1 rule 3), "card+ACH" when mixed. */
  readonly paymentKinds: Record<string, number> = {};
  readonly tallies = new Map<string, Tally>();
  readonly observations = new Map<string, KeptObservation>();
  readonly unavailable: Unavailable[] = [];
  unavailableCount = 0;

  constructor(readonly redactor: TrafficRedactor) {}

  private tally(ruleId: string, side: Side): Tally {
    const key = `${side} ${ruleId}`;
    let t = this.tallies.get(key);
    if (!t) this.tallies.set(key, (t = { ruleId, side, judged: 0, broken: 0, findings: [] }));
    return t;
  }

  record(verdict: Verdict, at = new Date()): void {
    this.exchanges++;
    const op = verdict.exchange.operation ?? 'other';
    this.byOperation[op] = (this.byOperation[op] ?? 0) + 1;
    if (!verdict.sides) {
      this.notJudged++;
      return;
    }
    const body = verdict.exchange.request.body;
    if (op === 'tokenize' && body && typeof body === 'object' && !Array.isArray(body)) {
      const kind = paymentKinds(body as Record<string, unknown>).join('+');
      this.paymentKinds[kind] = (this.paymentKinds[kind] ?? 0) + 1;
    }
    const shown = TrafficRedactor.withoutHopHeaders(verdict.exchange);
    let described: string | undefined;
    for (const side of ['application', 'gateway'] as const) {
      const judgement = verdict.sides[side];
      for (const id of new Set(judgement.checked)) this.tally(id, side).judged++;
      for (const f of judgement.findings) {
        const t = this.tally(f.ruleId, side);
        t.broken++;
        if (t.findings.length >= KEPT_PER_RULE) continue;
        described ??= describeExchange(shown, this.redactor.current);
        t.findings.push({
          at: at.toISOString(),
          problems: f.problems.map((p) => this.redactor.text(p)),
          expected: f.expected,
          exchange: described,
        });
      }
      for (const o of judgement.observations) {
        const text = this.redactor.text(o.text);
        const key = `${side} ${o.ruleId} ${text}`;
        const kept = this.observations.get(key);
        if (kept) kept.count++;
        else this.observations.set(key, { ruleId: o.ruleId, side, text, count: 1 });
      }
    }
  }

  recordUnavailable(what: string, problem: string, at = new Date()): void {
    this.exchanges++;
    this.unavailableCount++;
    if (this.unavailable.length < KEPT_UNAVAILABLE)
      this.unavailable.push({
        at: at.toISOString(),
        what: this.redactor.text(what),
        problem: this.redactor.text(problem),
      });
  }

  get findingCount(): number {
    return [...this.tallies.values()].reduce((n, t) => n + t.broken, 0);
  }
}
