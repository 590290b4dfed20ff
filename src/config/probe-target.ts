/** Transport error codes in plain words; anything else is reported by its code. */
const PLAIN: Record<string, string> = {
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
 * One unauthenticated GET of the vault listing: any HTTP answer means the target is there to be judged.
 * Returns why it is not, or undefined. Sends no credentials, so nothing secret is at stake.
 */
export async function probeTarget(baseUrl: string, timeoutMs = 10_000): Promise<string | undefined> {
  const url = `${baseUrl}/platform/vault/customer?count=1&page=0`;
  try {
    const response = await fetch(url, { headers: { accept: 'application/json' }, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return undefined;
  } catch (error) {
    const err = error as Error & { cause?: { code?: string; message?: string } };
    if (err.name === 'TimeoutError') return `${new URL(baseUrl).host}: no answer within ${timeoutMs / 1000} s`;
    const code = err.cause?.code;
    return `${new URL(baseUrl).host}: ${code ? (PLAIN[code] ?? code) : (err.cause?.message ?? err.message)}`;
  }
}
