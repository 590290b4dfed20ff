/** Where an entry applies: a deviation seen on the sandbox may or may not be expected on production. */
export type DeviationTarget = 'sandbox' | 'production' | 'any';

/** One entry of known-deviations.yaml, validated (load.ts). */
export type KnownDeviation = {
  rule: string;
  /** The operation a failing exchange was sent to (tokenize, listCustomers, disableWebhook). */
  operation?: string;
  /** Text the failure's Found contains, white space collapsed. */
  found?: string;
  reason: string;
  /** The vendor's ticket ID or URL; may be empty. */
  ticket: string;
  /** The last day (UTC) the entry hides its failure, YYYY-MM-DD. */
  expires: string;
  target: DeviationTarget;
  /** Its place in the file (1 = the first entry) and the line it starts on: how reports and errors name it. */
  index: number;
  line: number;
};

export type KnownDeviations = { path: string; entries: KnownDeviation[] };

/** How long an entry may be accepted ahead: a deviation the vendor has not fixed in half a year is looked at again. */
export const MAX_DAYS_AHEAD = 180;
/** How far ahead `--record-known` sets `expires`. */
export const RECORDED_DAYS_AHEAD = 30;

const DAY_MS = 86_400_000;

/** The UTC day of `date` as YYYY-MM-DD: entries expire by calendar day, wherever the runner is. */
export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** An entry hides its failure through the day it expires, and no longer the day after. */
export function isExpired(entry: Pick<KnownDeviation, 'expires'>, today: string): boolean {
  return entry.expires < today;
}

/** The entry applies to a run against `target` (mock runs take only entries for any target). */
export function appliesTo(entry: Pick<KnownDeviation, 'target'>, target: string): boolean {
  return entry.target === 'any' || entry.target === target;
}

/** "TICKET-123" or "no ticket": how the verdict line and the reports name an entry's ticket. */
export function ticketOf(entry: Pick<KnownDeviation, 'ticket'>): string {
  return entry.ticket.trim() || 'no ticket';
}
