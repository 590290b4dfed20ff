import { randomUUID } from 'node:crypto';
import type { HttpApp, HttpReply, HttpRequest } from '../../http/app.js';
import type { Credentials } from '../../gateway/credentials.js';
import { isGatewayPath } from '../../gateway/errors.js';

/** Section 5.4's header as an authorizer parses it: "Basic", one space, a strict Base 64 token. */
const SECTION_5_HEADER = /^Basic ((?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?)$/;

/**
 * What an authorizer in front refuses: no Authorization header at all (its identity source missing), and a
 * well-formed section 5 token whose key (after the colon) is none of the keys the mock issued. Anything else
 * it hands to the gateway, as an authorizer that allows what it cannot parse and leaves the refusal to the
 * service behind it: a malformed header, and an issued key, with or without a user part.
 */
export function authorizerRefuses(authorization: string | undefined, credentials: Credentials): boolean {
  if (authorization === undefined || authorization === '') return true;
  const token = SECTION_5_HEADER.exec(authorization)?.[1];
  if (!token) return false;
  const decoded = Buffer.from(token, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  const key = decoded.slice(colon + 1);
  return key !== credentials.apiKey && key !== credentials.vendorApiKey;
}

/**
 * An API gateway's authorizer in front of the gateway (AWS API Gateway with a Lambda authorizer on the
 * Authorization header): a gateway request it refuses (`authorizerRefuses`) is answered with its gateway
 * response, HTTP 401 {"message":"Unauthorized"} with x-amzn-ErrorType: UnauthorizedException and a request ID,
 * in both families, and never reaches the gateway. Every other request goes through untouched.
 */
export function installAuthorizer(app: HttpApp, credentials: Credentials): void {
  app.addHook('onRequest', async (request: HttpRequest, reply: HttpReply) => {
    if (!isGatewayPath(request.url) || !authorizerRefuses(request.headers.authorization, credentials)) return;
    reply.code(401).headers({
      'content-type': 'application/json',
      'x-amzn-errortype': 'UnauthorizedException',
      'x-amzn-requestid': randomUUID(),
    });
    reply.send('{"message":"Unauthorized"}');
    return reply;
  });
}
