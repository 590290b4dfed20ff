import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Behaviour } from './behaviour.js';
import { familyOf, isGatewayPath } from './errors.js';

type Body = Record<string, unknown>;

/** The other family's scheme for a failure body: /pg/ rcode and rmsg become code and message, and back. */
function inOtherScheme(body: Body, family: 'pg' | 'platform'): Body {
  const { rcode, rmsg, pg_id: _pgId, code, message, ...rest } = body;
  return family === 'pg' ? { code: Number(rcode), message: rmsg, ...rest } : { rcode: String(code), rmsg: message, ...rest };
}

/**
 * Faults (ERR-3): failures with an HTTP error status answered in the other family's scheme. Bodies with an
 * error status are held to no shape, only to their own family's scheme (sections 1 and 7), so these are
 * the answers that tell a tolerant suite from a lax one. Installed only when one of them is on.
 */
export function installErrorSchemeFaults(app: FastifyInstance, { faults }: Behaviour): void {
  const swapped: ('pg' | 'platform')[] = [];
  if (faults.has('platform-errors-in-pg-scheme')) swapped.push('platform');
  if (faults.has('pg-errors-in-platform-scheme')) swapped.push('pg');
  if (!swapped.length) return;
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const family = familyOf(request.url);
    if (!isGatewayPath(request.url) || reply.statusCode < 400 || !swapped.includes(family) || typeof payload !== 'string') return payload;
    try {
      return JSON.stringify(inOtherScheme(JSON.parse(payload) as Body, family));
    } catch {
      return payload;
    }
  });
}
