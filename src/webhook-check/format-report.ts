import type { CheckName, EndpointReport, Finding } from './findings.js';

const LABEL: Record<CheckName, string> = { url: 'URL', dns: 'DNS', connect: 'Connect', tls: 'TLS', post: 'POST' };
const MARK: Record<Finding['status'], string> = { pass: '✓', fail: '✗', skip: '–' };

/** One line per check, then the verdict; what `npm run webhook:check` prints without --json. */
export function formatReport(report: EndpointReport): string {
  const lines = [`Webhook endpoint check: ${report.url}`];
  for (const f of report.findings) lines.push(`${MARK[f.status]} ${LABEL[f.check].padEnd(9)}${f.message}`);
  const failed = report.findings.filter((f) => f.status === 'fail').map((f) => LABEL[f.check]);
  const local = report.url.startsWith('http:') ? ' (a local test over plain http: production needs https)' : '';
  lines.push(
    report.ok
      ? `PASS: the endpoint accepts deliveries the way the gateway sends them${local}.`
      : `FAIL (${failed.join(', ')}): the gateway could not deliver events here. Fix the ✗ lines and run the check again.`,
  );
  return lines.join('\n');
}
