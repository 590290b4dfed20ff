import type { TrafficRedactor } from './traffic/traffic-redactor.js';
import type { Verdict } from './judge.js';

/** One line per exchange as it happens: time, operation, status, ✓ or the rules broken and by whom. */
export function liveLine(verdict: Verdict, redactor: TrafficRedactor, now = new Date()): string {
  const { exchange } = verdict;
  const path = new URL(exchange.request.url).pathname;
  const what = `${exchange.request.method} ${redactor.text(path)}`;
  const head =
    `${now.toISOString().slice(11, 23)}  ${(exchange.operation ?? 'not judged').padEnd(14)} ` +
    `${what.padEnd(44)} ${String(exchange.status).padStart(3)} ` +
    `${String(Math.round(exchange.ms)).padStart(4)} ms`;
  if (!verdict.judged) return `${head}  · not one of the three operations (forwarded, not judged)`;
  const parts = (['application', 'gateway'] as const).flatMap((side) => {
    const rules = [...new Set(verdict.sides?.[side].findings.map((f) => f.ruleId) ?? [])];
    return rules.length ? [`${side}: ${rules.join(', ')}`] : [];
  });
  return `${head}  ${parts.length ? `✗ ${parts.join(' · ')}` : '✓'}`;
}

/** An exchange the gateway did not answer: none came (`status` absent: the proxy answered 502), or an intermediary's. */
export function failureLine(
  method: string,
  url: string,
  problem: string,
  redactor: TrafficRedactor,
  status?: number,
): string {
  const now = new Date();
  const what = `${method} ${redactor.text(new URL(url).pathname)}`;
  const head = `${now.toISOString().slice(11, 23)}  ${'unavailable'.padEnd(14)} ${what.padEnd(44)}`;
  if (status !== undefined)
    return `${head} ${status}  not the gateway's answer (${redactor.text(problem)}); passed on unchanged, not judged`;
  return `${head} 502  the gateway could not be reached (${redactor.text(problem)}); answered 502, not retried`;
}
