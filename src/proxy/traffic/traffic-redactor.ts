import type { Exchange } from '../../transport/exchange.js';
import { Redactor } from '../../evidence/redact.js';
import type { ReproduceContext } from '../../evidence/reproduce-context.js';

const MAX_SECRETS = 1_000;

/**
 * The suite's redaction by value, for traffic the proxy did not write: besides the configured keys it
 * learns every credential an application sends (the token, its decoding, the key after the colon), so a
 * key the proxy was never told, or a token built wrongly, is redacted wherever it reappears.
 */
export class TrafficRedactor {
  private readonly secrets: Set<string>;
  private redactor: Redactor;

  /** `variables`: the configured keys by the shell variable a reproduce line writes for them. */
  constructor(configured: readonly string[], variables: ReproduceContext['variables'] = []) {
    this.secrets = new Set([...configured, ...variables.map((v) => v.value)]);
    this.redactor = new Redactor([...this.secrets], { variables, sender: 'application' });
  }

  /** Adds the credentials a request carries; rebuilds the redactor only when one is new. */
  learn(authorization: string | undefined): void {
    if (!authorization) return;
    const credential = authorization.includes(' ')
      ? authorization.slice(authorization.indexOf(' ') + 1).trim()
      : authorization.trim();
    const found = [authorization.trim(), credential];
    const decoded = Buffer.from(credential, 'base64').toString('utf8');
    // Only a decoding that is printable text can be a key the application meant to send.
    if (/^[\x20-\x7e]+$/.test(decoded)) found.push(decoded, decoded.slice(decoded.indexOf(':') + 1));
    const fresh = found.filter((s) => s.length >= 4 && !this.secrets.has(s));
    // An application sends a key or two; a flood of new ones (a scanner beyond loopback) must not make each
    // rebuild slower without end. A reproduce line writes an Authorization value only by configured variables.
    if (!fresh.length || this.secrets.size >= MAX_SECRETS) return;
    fresh.forEach((s) => this.secrets.add(s));
    this.redactor = new Redactor([...this.secrets], this.redactor.reproduce);
  }

  text(input: string): string {
    return this.redactor.text(input);
  }

  get current(): Redactor {
    return this.redactor;
  }

  /**
   * The exchange for a finding: without the per-hop headers, the Authorization value kept for
   * describeExchange, which shows only its scheme and writes it in the reproduce line by variable or not at all.
   */
  static withoutHopHeaders(exchange: Exchange): Exchange {
    const { host: _host, 'content-length': _length, ...headers } = exchange.request.headers;
    return { ...exchange, request: { ...exchange.request, headers } };
  }
}
