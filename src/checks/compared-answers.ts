import { bodyField, type Exchange } from '../transport/exchange.js';

/**
 * How the preflight compares two answers. The document lists no HTTP status and no response code, so no
 * status or code means "refused" by itself; two answers are the same when the document cannot tell them
 * apart: the same HTTP status and the same family indicator (section 7's code or rcode).
 */

function signature(e: Exchange): string {
  return JSON.stringify([e.status, bodyField(e, 'code'), bodyField(e, 'rcode')]);
}

/** Two answers the document cannot tell apart: the same HTTP status and the same family indicator. */
export const same = (a: Exchange, b: Exchange) => signature(a) === signature(b);

/**
 * A tokenize answer that was refused, for a sentence and as an observation's value: "rcode "403", HTTP 400"
 * (stable from run to run, so a baseline can compare it).
 */
export const rcodeAndStatus = (e: Exchange) => `rcode ${JSON.stringify(bodyField(e, 'rcode'))}, HTTP ${e.status}`;

/** An answer in the document's terms, for a sentence: "HTTP 401, code 1004". */
export function described(e: Exchange): string {
  const field = bodyField(e, 'rcode') !== undefined ? 'rcode' : 'code';
  const code = bodyField(e, field);
  return `HTTP ${e.status}${code === undefined ? '' : `, ${field} ${JSON.stringify(code)}`}`;
}

/** The target's own words on a failure (rmsg or message), short, for a sentence; undefined when it gave none. */
export function saidBy(e: Exchange, redact: (text: string) => string): string | undefined {
  const text = [bodyField(e, 'rmsg'), bodyField(e, 'message')].find(
    (t): t is string => typeof t === 'string' && t.trim() !== '',
  );
  if (!text) return undefined;
  const short = text.trim().replace(/\s+/g, ' ');
  return JSON.stringify(redact(short.length > 160 ? `${short.slice(0, 157)}...` : short));
}
