import type { PeerCertificate } from 'node:tls';
import { certificateNames, HOSTNAME_MISMATCH, isPlainAnswerToTls, NOT_TLS } from '../transport/tls-mistakes.js';

/**
 * Plain words for the certificate verdicts OpenSSL and Node give (`socket.authorizationError`), so a
 * merchant reads "expired on …" rather than CERT_HAS_EXPIRED. Each says what to change on the server.
 */
export function certificateProblem(code: string, cert: PeerCertificate | undefined, hostname: string): string {
  const names = certificateNames(cert);
  switch (code) {
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
      return (
        'self-signed certificate: the server signs its own certificate, so the gateway cannot trust it. ' +
        'Install a certificate from a public certificate authority.'
      );
    case 'SELF_SIGNED_CERT_IN_CHAIN':
      return (
        'self-signed certificate in the chain: the chain ends at a root that is not a public certificate ' +
        'authority. Install a certificate from a public certificate authority.'
      );
    case 'CERT_HAS_EXPIRED':
      return `expired certificate: it was valid until ${cert?.valid_to ?? 'a date in the past'}. Renew it and reload the server.`;
    case 'CERT_NOT_YET_VALID':
      return (
        `certificate not valid yet: it starts on ${cert?.valid_from ?? 'a date in the future'}. Check the ` +
        `server's certificate and clock.`
      );
    case HOSTNAME_MISMATCH:
      return (
        `hostname mismatch: the certificate names ${names}, not ${hostname}. Use a certificate that covers ` +
        `${hostname}, or the host name it covers in the URL.`
      );
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'UNABLE_TO_GET_ISSUER_CERT':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
      return (
        `untrusted or incomplete certificate chain: the issuer (${cert?.issuer?.CN ?? 'unknown'}) is not a ` +
        `known certificate authority. Serve the full chain (certificate plus intermediates) from a public ` +
        `certificate authority.`
      );
    case 'CERT_REVOKED':
      return 'revoked certificate: its authority has withdrawn it. Install a new certificate.';
    case 'CERT_SIGNATURE_FAILURE':
    case 'CERT_UNTRUSTED':
    case 'CERT_REJECTED':
    case 'INVALID_CA':
    case 'CERT_CHAIN_TOO_LONG':
    case 'PATH_LENGTH_EXCEEDED':
      return `certificate chain rejected (${code}): install a certificate chain from a public certificate authority.`;
    default:
      return `certificate not accepted (${code}): install a valid certificate from a public certificate authority.`;
  }
}

/** Plain words for a handshake that failed before any certificate could be judged. */
export function handshakeProblem(code: string | undefined, message: string): string {
  if (isPlainAnswerToTls(code, message)) {
    return `${NOT_TLS} Serve https on this port.`;
  }
  if (
    code === 'ERR_SSL_UNSUPPORTED_PROTOCOL' ||
    code === 'ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION' ||
    /protocol version/i.test(message)
  ) {
    return 'outdated TLS: the server only offers a TLS version Node no longer accepts. Enable TLS 1.2 or 1.3.';
  }
  if (code === 'ECONNRESET' || code === 'ERR_SOCKET_CLOSED') {
    return 'the server closed the connection during the TLS handshake. Check that it serves https on this port.';
  }
  return `TLS handshake failed (${code ?? message}). Check the server's TLS setup.`;
}
