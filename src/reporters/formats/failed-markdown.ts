import type { RuleReport } from '../model/conformance-report.js';

/**
 * conformance.md's "Failed rules" section, right under the verdict: per failed rule, each failed test's
 * Expected and Found and the reproduce line of each exchange (failure-details.ts). Redacted where the
 * failure was written (RuleViolation).
 */
export function failedMarkdown(rules: readonly RuleReport[]): string[] {
  const failed = rules.filter((o) => o.status === 'failed');
  if (!failed.length) return [];
  const lines = ['## Failed rules', ''];
  for (const o of failed) {
    lines.push(`### ${o.id}: ${o.rule}`, '');
    for (const t of o.tests.filter((x) => x.outcome === 'failed')) {
      lines.push(`- ${t.title.replace(/\n/g, ' ')}`);
      // A double-backtick code span holds a backtick a generated input may carry.
      for (const f of t.failures ?? []) {
        if (f.message !== undefined) lines.push('', '  ```', ...f.message.split('\n').map((l) => `  ${l}`), '  ```');
        else
          lines.push(
            `  - Expected: ${f.expected ?? '(not stated)'}`,
            `  - Found: ${(f.found ?? '(not stated)').replace(/\n/g, '; ')}`,
            ...f.reproduce.map((r) => `  - Reproduce with: \`\` ${r} \`\``),
          );
      }
    }
    lines.push('');
  }
  return lines;
}
