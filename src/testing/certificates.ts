import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The TEST-ONLY certificates in certificates/ (see its README): a throwaway CA and leaf certificates on one key. */

export const CERTIFICATES = fileURLToPath(new URL('./certificates/', import.meta.url));
export type CertName = 'localhost' | 'other-host' | 'expired' | 'self-signed';

/** The file of the CA that signed every certificate but the self-signed one. */
export const TEST_CA_FILE = `${CERTIFICATES}test-ca.pem`;
export const TEST_CA = readFileSync(TEST_CA_FILE, 'utf8');

/** The PEM text of a certificate, as a TLS server presents it or a test parses it. */
export const certificate = (name: CertName) => readFileSync(`${CERTIFICATES}${name}.pem`);

/** The key and certificate an HTTPS server needs to present `name`. */
export const serverIdentity = (name: CertName) => ({
  key: readFileSync(`${CERTIFICATES}leaf.key`),
  cert: certificate(name),
});
