/**
 * What a TLS failure says about the two ends, shared by every tool that opens a connection (the suite's
 * client, the preflight, `webhook:check`): each tool adds its own remedy, since the one who must act differs
 * (the suite's operator for a gateway, the merchant for a receiver).
 */

/** The words for a port that answered a TLS handshake with something else. */
export const NOT_TLS = 'no TLS on this port: the server answered, but not with TLS. Is it serving plain http here?';

/** OpenSSL's "wrong version number" (or a record too long) is what plain http bytes look like to a TLS client. */
export function isPlainAnswerToTls(code: string | undefined, message: string): boolean {
  return code === 'ERR_SSL_WRONG_VERSION_NUMBER' || /wrong version number|packet length too long/i.test(message);
}

/** Certificate verdicts that mean no certificate authority this process trusts signed the chain. */
export const UNTRUSTED_CHAIN_CODES: ReadonlySet<string> = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
]);

/** Node's code for a certificate that does not name the host the URL asked for. */
export const HOSTNAME_MISMATCH = 'ERR_TLS_CERT_ALTNAME_INVALID';

/** The names a certificate covers, as a person reads them ("DNS:a.example, IP:127.0.0.1"). */
export function certificateNames(
  cert: { subjectaltname?: string; subject?: { CN?: string | string[] } } | undefined,
): string {
  if (cert?.subjectaltname) return cert.subjectaltname.replace(/IP Address:/g, 'IP:');
  const cn = cert?.subject?.CN;
  return (Array.isArray(cn) ? cn.join(', ') : cn) || 'no names';
}
