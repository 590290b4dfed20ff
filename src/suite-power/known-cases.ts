import { stringify } from 'yaml';
import { addDays } from '../known-deviations/entry.js';

/**
 * verify:suite's proof that known-deviations.yaml hides exactly what it names: a fault's whole run with
 * an entry beside it. The entry that matches the fault's failure turns the run CONFORMANT WITH KNOWN
 * DEVIATIONS (exit 0); one for the same rule that names another failure hides nothing (exit 1); the
 * matching entry expired yesterday hides nothing either, and the verdict line says since when (exit 1).
 */
export type KnownCase = {
  name: string;
  /** The mock's fault the run is against, and the rule it breaks. */
  fault: string;
  rule: string;
  description: string;
  entry: { operation?: string; found?: string; target?: string; expiresInDays: number };
  expected: { verdict: string; exit: number; ruleStatus: string; lineSays?: string };
};

const FAULT = { fault: 'mask-fixed-six-x', rule: 'TOK-8' };
const ITS_FOUND = 'card_number hides 6 digits with x';

export const KNOWN_CASES: readonly KnownCase[] = [
  {
    name: 'known-deviation-matched',
    ...FAULT,
    description:
      "An unexpired entry for the sandbox matches the fault's failure: CONFORMANT WITH KNOWN DEVIATIONS, exit 0.",
    entry: { operation: 'tokenize', found: ITS_FOUND, target: 'sandbox', expiresInDays: 30 },
    expected: {
      verdict: 'CONFORMANT WITH KNOWN DEVIATIONS',
      exit: 0,
      ruleStatus: 'known deviation',
      lineSays: '1 known (VENDOR-1, until ',
    },
  },
  {
    name: 'known-deviation-other-failure',
    ...FAULT,
    description:
      "An entry for the same rule names another failure: the fault's failure counts, NON-CONFORMANT, exit 1.",
    entry: { operation: 'tokenize', found: 'card_number shows all of its digits', expiresInDays: 30 },
    expected: { verdict: 'NON-CONFORMANT', exit: 1, ruleStatus: 'failed', lineSays: 'known deviation no longer seen' },
  },
  {
    name: 'known-deviation-expired',
    ...FAULT,
    description:
      'The matching entry expired yesterday: the failure counts again, NON-CONFORMANT, exit 1, saying since when.',
    entry: { operation: 'tokenize', found: ITS_FOUND, expiresInDays: -1 },
    expected: { verdict: 'NON-CONFORMANT', exit: 1, ruleStatus: 'failed', lineSays: 'known deviation expired on ' },
  },
];

/** The case's known-deviations.yaml, its expiry counted from `today`. */
export function knownCaseFile(c: KnownCase, today: string): string {
  const { expiresInDays, ...matchers } = c.entry;
  const entry = {
    rule: c.rule,
    ...matchers,
    reason: `verify:suite: ${c.description}`,
    ticket: 'VENDOR-1',
    expires: addDays(today, expiresInDays),
  };
  return stringify({ deviations: [entry] });
}
