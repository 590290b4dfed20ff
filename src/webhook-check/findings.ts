/** The checks, in the order a delivery meets them. */
export const CHECKS = ['url', 'dns', 'connect', 'tls', 'post'] as const;
export type CheckName = (typeof CHECKS)[number];

/**
 * One check's outcome. `skip` means not tried (an earlier check failed, or it does not apply, as TLS for a
 * plain-http loopback URL); `code` is the machine-readable cause (a TLS or socket code, HTTP_500, TIMEOUT…).
 */
export type Finding = { check: CheckName; status: 'pass' | 'fail' | 'skip'; message: string; code?: string };

/** A check that failed, with its machine-readable cause. */
export function failed(check: CheckName, code: string, message: string): Finding {
  return { check, status: 'fail', code, message };
}

export type EndpointReport = { url: string; ok: boolean; findings: Finding[] };

export function report(url: string, findings: Finding[]): EndpointReport {
  return { url, ok: findings.every((f) => f.status !== 'fail'), findings };
}
