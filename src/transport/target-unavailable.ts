/** The words of the error below, for people only: the reports are written from `what`, never from these. */
export const unavailableWording = {
  message: (what: string): string =>
    `[TARGET UNAVAILABLE] ${what}. This says nothing about conformance: check the base URL, the network and ` +
    `the target's status, then run again.`,
};

/** Infrastructure trouble (who-answered.ts: no answer, 429, a 5xx without the family's scheme): nothing judged. */
export class TargetUnavailableError extends Error {
  /** What happened, in one sentence, redacted. */
  readonly what: string;

  constructor(what: string) {
    super(unavailableWording.message(what));
    this.name = 'TargetUnavailableError';
    this.what = what;
  }
}

/** Transport error codes in plain words; anything else is reported by its code. */
export const PLAIN_TRANSPORT_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'the host name does not resolve (DNS)',
  EAI_AGAIN: 'DNS lookup failed for now (EAI_AGAIN)',
  ECONNRESET: 'the connection was reset',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  ETIMEDOUT: 'the connection timed out',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS: the certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'TLS: a self-signed certificate is in the chain',
  CERT_HAS_EXPIRED: 'TLS: the certificate has expired',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS: the certificate does not match the host name',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS: the certificate chain cannot be verified',
};

/**
 * A transport failure in plain words: its code (ECONNREFUSED, a TLS code, …), on the error itself (the suite's
 * client, http/transport-errors.ts) or on its cause (fetch), or its time-out.
 */
export function transportProblem(error: unknown): string {
  const err = error as Error & { code?: string; cause?: { code?: string; message?: string } };
  if (err?.name === 'TimeoutError') return 'no answer in time (time-out)';
  // A proxy's refusal says itself who refused what (http/transport-errors.ts); its code alone would not.
  if (err?.code === 'ERR_PROXY_TUNNEL') return err.message;
  const detail = err?.cause?.code ?? err?.cause?.message ?? err?.code ?? err?.message ?? String(error);
  return (PLAIN_TRANSPORT_ERRORS[detail] ?? detail).split('\n')[0]!.trim();
}

/** Seconds to wait as Retry-After says (delta-seconds or an HTTP date), capped; undefined when absent. */
export function retryAfterMs(header: string | undefined, capMs: number, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), capMs) : undefined;
}
