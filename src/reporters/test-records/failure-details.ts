import type { Finding } from '../../evidence/annotations.js';

/**
 * A failed test's failure as the reports show it: per finding (annotations.ts), the rule, what was expected,
 * what was found, the (redacted) exchanges and their reproduce lines. A failure without a finding (a broken
 * test, an unexpected exception) is shown by its message, for people to read.
 */
export type FailureDetail = {
  /** The finding's rule; absent for a failure without one. */
  ruleId?: string;
  /** The operations the finding's exchanges were sent to (what a known deviation may name). */
  operations?: string[];
  expected?: string;
  found?: string;
  /** Each exchange as "Sent: … Received: …", without its reproduce line. */
  exchanges: string[];
  /** One curl line per exchange, keys as $PG_API_KEY / $PG_VENDOR_API_KEY. */
  reproduce: string[];
  /** The message itself, for a failure without a finding. */
  message?: string;
};

const MAX_MESSAGE_LINES = 40;

/** A finding as a report holds it, every text passed through `redact` once more. */
export function findingDetail(f: Finding, redact: (text: string) => string): FailureDetail {
  return {
    ruleId: f.ruleId,
    operations: f.operations,
    expected: redact(f.expected),
    found: redact(f.found),
    exchanges: f.exchanges.map(redact),
    reproduce: f.reproduce.map(redact),
  };
}

/** A failure without a finding, shown by its message, cut to forty lines; none for an empty message. */
export function messageDetails(errorText: string): FailureDetail[] {
  const lines = errorText.split('\n');
  const message = lines.slice(0, MAX_MESSAGE_LINES).join('\n').trim();
  return message
    ? [{ exchanges: [], reproduce: [], message: lines.length > MAX_MESSAGE_LINES ? `${message}\n…` : message }]
    : [];
}
