import { violatedRuleOf } from '../../evidence/rule-violation.js';

/**
 * A failed test's error as the reports show it: per violated rule, what was expected, what was found, the
 * (redacted) exchanges and their reproduce lines, read from the RuleViolation message (rule-violation.ts).
 * A failure that is no RuleViolation (a broken test, an unexpected exception) keeps its message.
 */
export type FailureDetail = {
  /** The rule the message names; absent for a failure that names none. */
  ruleId?: string;
  expected?: string;
  found?: string;
  /** Each exchange as "Sent: … Received: …", without its reproduce line. */
  exchanges: string[];
  /** One curl line per exchange, keys as $PG_API_KEY / $PG_VENDOR_API_KEY. */
  reproduce: string[];
  /** The message itself, for a failure that names no rule. */
  message?: string;
};

const MAX_MESSAGE_LINES = 40;

function detailOf(lines: string[]): FailureDetail {
  const detail: FailureDetail = { ruleId: violatedRuleOf(lines[0] ?? ''), exchanges: [], reproduce: [] };
  let section: 'head' | 'found' | 'exchange' | 'after' = 'head';
  for (const line of lines.slice(1)) {
    if (section === 'head' && line.startsWith('Expected: ')) detail.expected = line.slice('Expected: '.length);
    else if (section === 'head' && line.startsWith('Found: ')) {
      detail.found = line.slice('Found: '.length);
      section = 'found';
    } else if (line.startsWith('Sent: ')) {
      detail.exchanges.push(line);
      section = 'exchange';
    } else if (line.startsWith('Reproduce with: ')) {
      detail.reproduce.push(line.slice('Reproduce with: '.length));
      section = 'after';
    } else if (section === 'found') detail.found = `${detail.found}\n${line}`;
    else if (section === 'exchange') detail.exchanges[detail.exchanges.length - 1] += `\n${line}`;
  }
  if (detail.found !== undefined) detail.found = detail.found.trimEnd();
  return detail;
}

export function failureDetails(errorText: string): FailureDetail[] {
  const lines = errorText.split('\n');
  const starts = lines.flatMap((l, i) => (violatedRuleOf(l) ? [i] : []));
  if (!starts.length) {
    const message = lines.slice(0, MAX_MESSAGE_LINES).join('\n').trim();
    return message
      ? [{ exchanges: [], reproduce: [], message: lines.length > MAX_MESSAGE_LINES ? `${message}\n…` : message }]
      : [];
  }
  return starts.map((start, i) => detailOf(lines.slice(start, starts[i + 1])));
}
