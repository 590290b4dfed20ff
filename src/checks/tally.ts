import type { Judge } from './judge.js';
import type { ObservationData } from './observation-data.js';
import type { Exchange } from '../transport/exchange.js';

/** A rule one exchange broke: what was wrong and what the rule expected. */
export type Finding = { ruleId: string; problems: string[]; expected: string };
/** What a gateway did where the document leaves the behaviour open. */
export type Observation = { ruleId: string; text: string; data?: ObservationData };

/** What one side of an exchange was held to, as plain data. */
export type SideFindings = { findings: Finding[]; observations: Observation[]; checked: string[] };

/** Collects what one side of an exchange was held to: every rule applied is counted, broken or not. */
export class RuleTally implements SideFindings {
  readonly findings: Finding[] = [];
  readonly observations: Observation[] = [];
  readonly checked: string[] = [];

  add(ruleId: string, problems: string[], expected: string): void {
    this.checked.push(ruleId);
    if (problems.length) this.findings.push({ ruleId, problems, expected });
  }

  observe(ruleId: string, text: string, data?: ObservationData): void {
    this.observations.push(data ? { ruleId, text, data } : { ruleId, text });
  }

  merge(other: SideFindings): void {
    this.findings.push(...other.findings);
    this.observations.push(...other.observations);
    this.checked.push(...other.checked);
  }
}

export type RequestContext = {
  /** The integrator's key and ID, when configured: they tell a vendor request apart. */
  vendor?: { apiKey: string; vendorId: number };
};

/** One exchange held to rules: what was judged goes into the tally (findings, observations, the rules applied). */
export type ExchangeCheck = (exchange: Exchange, tally: RuleTally, context: RequestContext) => void;

/**
 * The function a spec file calls to judge a rule that needs several exchanges or the target's state; its
 * arguments are the rule's own, so the registry only names it.
 */
export type RunCheck = (...args: never[]) => unknown;

/**
 * How one rule is judged, side by side: `gateway` on one answer, `application` on one request (the proxy
 * holds an application's traffic to it), `run` over several exchanges or the target's state, `judges` over
 * what a test gathered, each making a judgement the fixtures record (judge.ts).
 * A function may judge several rules; each rule names it.
 */
export type RuleCheck = {
  gateway?: ExchangeCheck;
  application?: ExchangeCheck;
  run?: RunCheck;
  judges?: readonly Judge<never>[];
};

/** A family file's checks, by rule ID. */
export type FamilyChecks = Readonly<Record<string, RuleCheck>>;

/**
 * A record (or a card of one, an answer's data, a request's body) as an object, or undefined where a faulty answer
 * holds something else.
 */
export function objectOf(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
