import type { Side } from '../judge.js';
import type { KeptFinding } from './traffic-ledger.js';

/** The traffic report as data: built by traffic-report.ts, written as Markdown, JSON and JUnit by its writers. */
export type RuleRow = {
  ruleId: string;
  side: Side;
  section: string;
  rule: string;
  outcome: 'kept' | 'broken' | 'not exercised';
  judged: number;
  broken: number;
  why?: string;
  findings: KeptFinding[];
};

export type TrafficReport = {
  target: { kind: string; origin: string };
  started: string;
  finished: string;
  verdict: string;
  exchanges: number;
  judged: number;
  notJudged: number;
  unavailable: number;
  byOperation: Record<string, number>;
  paymentKinds: Record<string, number>;
  findings: number;
  rules: RuleRow[];
  observations: { ruleId: string; side: Side; text: string; count: number }[];
  unavailableExchanges: { at: string; what: string; problem: string }[];
};
