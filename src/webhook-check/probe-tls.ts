import { isIP, type Socket } from 'node:net';
import { connect, rootCertificates, type PeerCertificate } from 'node:tls';
import { failed, type Finding } from './findings.js';
import { certificateProblem, handshakeProblem } from './tls-problems.js';

const DAY_MS = 86_400_000;

/** Node's public roots plus the caller's extra PEM (`--ca`): adding to the roots, never replacing them. */
export function trustStore(extraCa?: string): string[] {
  return extraCa ? [...rootCertificates, extraCa] : [...rootCertificates];
}

function describe(cert: PeerCertificate): string {
  const names = String(cert.subjectaltname ?? cert.subject?.CN ?? '').replace(/IP Address:/g, 'IP:');
  const left = Math.floor((Date.parse(cert.valid_to) - Date.now()) / DAY_MS);
  const soon = left < 30 ? ` (expires in ${left} days: renew it before going live)` : '';
  return `valid certificate for ${names}, issued by ${cert.issuer?.CN ?? 'unknown'}, until ${cert.valid_to}${soon}`;
}

/**
 * Runs the TLS handshake on an open connection and judges the certificate as the gateway will: chain to a
 * trusted root, dates, and the URL's host name. Verification is not enforced by Node here (rejectUnauthorized
 * false) so the certificate can still be read and the problem named, not just a bare error code.
 */
export function probeTls(socket: Socket, hostname: string, ca: string[], timeoutMs: number): Promise<Finding> {
  return new Promise((resolve) => {
    const tlsSocket = connect({
      socket,
      host: hostname,
      servername: isIP(hostname) ? undefined : hostname,
      ca,
      rejectUnauthorized: false,
    });
    let settled = false;
    const done = (finding: Finding) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      tlsSocket.destroy();
      resolve(finding);
    };
    const late = `no TLS handshake within ${timeoutMs} ms: the server accepted the connection but did not start TLS.`;
    const timer = setTimeout(() => done(failed('tls', 'TIMEOUT', late)), timeoutMs);
    tlsSocket.once('secureConnect', () => {
      const cert = tlsSocket.getPeerCertificate();
      if (tlsSocket.authorized)
        return done({
          check: 'tls',
          status: 'pass',
          message: `${describe(cert)}; ${tlsSocket.getProtocol() ?? 'TLS'}`,
        });
      // Typed as Error, but Node sets the OpenSSL code string (or an Error with .code for a host name mismatch).
      const reason = tlsSocket.authorizationError as unknown;
      const code =
        typeof reason === 'string' ? reason : ((reason as NodeJS.ErrnoException | undefined)?.code ?? String(reason));
      done(failed('tls', code, certificateProblem(code, cert, hostname)));
    });
    tlsSocket.on('error', (err: NodeJS.ErrnoException) =>
      done(failed('tls', err.code ?? 'TLS_ERROR', handshakeProblem(err.code, err.message))),
    );
  });
}
