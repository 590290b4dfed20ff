import type { HttpApp, HttpReply, HttpRequest } from '../../http/app.js';
import { isGatewayPath } from '../../gateway/errors.js';

/** The WAF's own size rule for one Authorization value, in bytes. */
const MAX_AUTHORIZATION_BYTES = 4_096;

/** The page a CDN's web application firewall answers a blocked request with: HTML, never the gateway's scheme. */
const BLOCKED_PAGE =
  '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN"><HTML><HEAD><TITLE>ERROR: The request could ' +
  'not be satisfied</TITLE></HEAD><BODY><H1>403 ERROR</H1><H2>The request could not be satisfied.</H2>' +
  "Request blocked. We can't connect to the server for this app or website at this time.</BODY></HTML>";

/**
 * How closely a WAF reads a Basic token. `alphabet`: its characters alone, those of Base 64 and "=" anywhere,
 * as a coarse rule set does. `credentials`: as RFC 7617 builds one, strict Base 64 (padded to a multiple of four)
 * whose decoded bytes hold the colon between user-id and password. `exact`: as section 5.4 writes the header,
 * "Basic", one space, and RFC 7617's credentials, and nothing else (a rule set written from the API's own page).
 */
export type TokenReading = 'alphabet' | 'credentials' | 'exact';

const ALPHABET = /^[A-Za-z0-9+/=]+$/;
const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** RFC 7617's colon as a byte: 0x3A in US-ASCII and the charsets built on it (UTF-8, ISO 8859), in no other character. */
const COLON = 0x3a;

function tokenBlocked(token: string, reading: TokenReading): boolean {
  if (reading === 'alphabet') return !ALPHABET.test(token);
  return token === '' || !STRICT_BASE64.test(token) || !Buffer.from(token, 'base64').includes(COLON);
}

/**
 * The WAF's rules, on the header's shape alone (it never knows a key): a header sent twice, one over its size,
 * one carrying control characters, another scheme than Basic (in any case; the `exact` reading also refuses
 * "Basic" in another case and more than one space after it) or none, or a token its reading refuses
 * (`TokenReading`). No header at all, and a Basic token it reads as well-formed, it lets through,
 * whatever key the token carries.
 */
export function blockedAuthorization(authorization: readonly string[], reading: TokenReading): boolean {
  if (authorization.length > 1) return true;
  const value = authorization[0];
  if (value === undefined || value === '') return false;
  if (Buffer.byteLength(value, 'utf8') > MAX_AUTHORIZATION_BYTES) return true;
  // eslint-disable-next-line no-control-regex -- the control characters are what it looks for
  if (/[\u0000-\u001f\u007f]/.test(value)) return true;
  const space = value.indexOf(' ');
  if (space < 0 || value.slice(0, space).toLowerCase() !== 'basic') return true;
  const rest = value.slice(space + 1);
  if (reading === 'exact')
    return value.slice(0, space) !== 'Basic' || rest.startsWith(' ') || tokenBlocked(rest, reading);
  return tokenBlocked(rest.replace(/^ +/, ''), reading);
}

/** Every Authorization field the request carried, as sent (Node's `headers` keeps only the first of a repeat). */
function authorizationFields(request: HttpRequest): string[] {
  const raw = request.raw.rawHeaders;
  const values: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === 'authorization') values.push(raw[i + 1]!);
  return values;
}

/**
 * A CDN's web application firewall in front of the gateway: it answers a gateway request whose Authorization
 * header it finds malformed (`blockedAuthorization`, with its reading of the token) with its own HTML 403
 * (server: CloudFront), and never passes it on. The headers it lets through, and requests without one, reach
 * the gateway, which refuses what it must in its own scheme.
 */
export function installWaf(app: HttpApp, reading: TokenReading): void {
  app.addHook('onRequest', async (request: HttpRequest, reply: HttpReply) => {
    if (!isGatewayPath(request.url) || !blockedAuthorization(authorizationFields(request), reading)) return;
    reply.code(403).headers({ 'content-type': 'text/html', server: 'CloudFront', 'x-cache': 'Error from cloudfront' });
    reply.send(BLOCKED_PAGE);
    return reply;
  });
}
