/**
 * An observation: what a gateway did where the document leaves the behaviour open. The sentence is for
 * people; rule, kind, subject and value are for machines, so two runs can be compared without parsing
 * sentences (drift.ts).
 */
export type ObservedValue = string | number | boolean;

export type ObservationData = {
  /** Stable, kebab-case name of what was observed, e.g. `http-status-of-auth-failure`. */
  kind: string;
  /** What it was observed on, when one kind is seen on several things (an operation, a token variant). */
  subject?: string;
  value: ObservedValue;
  /**
   * How many things it was seen on (requests, records), where that figure grows with the run's size: shown
   * beside the value, never compared with a baseline's (a busier run is not a change of behaviour).
   */
  count?: number;
};
