import type { Exchange } from '../contract/exchange.js';
import { Redactor } from '../contract/redact.js';

const MAX_SECRETS = 1_000;

/**
 * The suite's redaction by value, for traffic the proxy did not write: besides the configured keys it
 * learns every credential an application sends (the token, its decoding, the key after the colon), so a
 * key the proxy was never told, or a token built wrongly, is redacted wherever it reappears.
 */
export class TrafficRedactor {
  private readonly secrets: Set<string>;
  private redactor: Redactor;

  constructor(configured: readonly string[]) {
    this.secrets = new Set(configured);
    this.redactor = new Redactor([...this.secrets]);
  }

  /** Adds the credentials a request carries; rebuilds the redactor only when one is new. */
  learn(authorization: string | undefined): void {
    if (!authorization) return;
    const credential = authorization.includes(' ') ? authorization.slice(authorization.indexOf(' ') + 1).trim() : authorization.trim();
    const found = [authorization.trim(), credential];
    const decoded = Buffer.from(credential, 'base64').toString('utf8');
    // Only a decoding that is printable text can be a key the application meant to send.
    if (/^[\x20-\x7e]+$/.test(decoded)) found.push(decoded, decoded.slice(decoded.indexOf(':') + 1));
    const fresh = found.filter((s) => s.length >= 4 && !this.secrets.has(s));
    // An application sends a key or two; a flood of new ones (a scanner beyond loopback) must not make each
    // rebuild slower without end. Authorization values are never written anyway (withoutCredentials).
    if (!fresh.length || this.secrets.size >= MAX_SECRETS) return;
    fresh.forEach((s) => this.secrets.add(s));
    this.redactor = new Redactor([...this.secrets]);
  }

  text(input: string): string {
    return this.redactor.text(input);
  }

  get current(): Redactor {
    return this.redactor;
  }

  /**
   * The exchange as writers may see it: the Authorization value replaced by its scheme and [REDACTED],
   * so even a header with no scheme (the key alone) never reaches describeExchange.
   */
  static withoutCredentials(exchange: Exchange): Exchange {
    // Host and content-length belong to the hop (and a redacted body has another length): not shown.
    const { authorization: auth, host: _host, 'content-length': _length, ...headers } = exchange.request.headers;
    if (auth !== undefined) {
      const scheme = /^([A-Za-z]+) /.exec(auth)?.[1];
      headers.authorization = scheme ? `${scheme} [REDACTED]` : '[REDACTED]';
    }
    return { ...exchange, request: { ...exchange.request, headers } };
  }
}
