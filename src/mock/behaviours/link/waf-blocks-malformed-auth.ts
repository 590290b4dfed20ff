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
 * The WAF's rules, on the header's shape alone (it never knows a key): a header sent twice, one over its size,
 * one carrying control characters, another scheme than Basic (in any case) or none, or a token with a
 * character outside Base 64's alphabet. No header at all, and any Basic token in that alphabet, it lets through.
 */
function blocked(authorization: readonly string[]): boolean {
  if (authorization.length > 1) return true;
  const value = authorization[0];
  if (value === undefined || value === '') return false;
  if (Buffer.byteLength(value, 'utf8') > MAX_AUTHORIZATION_BYTES) return true;
  // eslint-disable-next-line no-control-regex -- the control characters are what it looks for
  if (/[\u0000-\u001f\u007f]/.test(value)) return true;
  const space = value.indexOf(' ');
  if (space < 0 || value.slice(0, space).toLowerCase() !== 'basic') return true;
  return !/^[A-Za-z0-9+/=]+$/.test(value.slice(space + 1).trimStart());
}

/** Every Authorization field the request carried, as sent (Node's `headers` keeps only the first of a repeat). */
function authorizationFields(request: HttpRequest): string[] {
  const raw = request.raw.rawHeaders;
  const values: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === 'authorization') values.push(raw[i + 1]!);
  return values;
}

/**
 * Variation `waf-blocks-malformed-auth`: a CDN's web application firewall in front of the gateway answers a
 * gateway request whose Authorization header it finds malformed with its own HTML 403 (server: CloudFront),
 * and never passes it on. Well-formed Basic headers, whatever key they carry, and requests without one reach
 * the gateway, which refuses them in its own scheme.
 */
export function installWafBlocksMalformedAuth(app: HttpApp): void {
  app.addHook('onRequest', async (request: HttpRequest, reply: HttpReply) => {
    if (!isGatewayPath(request.url) || !blocked(authorizationFields(request))) return;
    reply.code(403).headers({ 'content-type': 'text/html', server: 'CloudFront', 'x-cache': 'Error from cloudfront' });
    reply.send(BLOCKED_PAGE);
    return reply;
  });
}
