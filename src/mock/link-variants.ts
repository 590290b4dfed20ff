import type { FastifyInstance } from 'fastify';
import type { Behaviour } from './behaviour.js';
import { installChunkedTrickle } from './chunked-trickle.js';
import { installConnectionClose } from './connection-close.js';
import { installGzipAnswers } from './gzip-answers.js';
import { installRateLimit } from './rate-limit.js';
import { installReads503Once } from './reads-503-once.js';
import { installSlowLink } from './slow-link.js';

/**
 * Variations of the link between client and gateway, not of the gateway's answers: what a multi-tenant
 * production gateway behind proxies does that a single-process mock does not. Each lives in its own file
 * and is installed only when it is on.
 */
export function installLinkVariants(app: FastifyInstance, { variants }: Behaviour): void {
  if (variants.has('rate-limited')) installRateLimit(app);
  if (variants.has('slow-link')) installSlowLink(app);
  if (variants.has('gzip-answers')) installGzipAnswers(app);
  if (variants.has('connection-close')) installConnectionClose(app);
  if (variants.has('reads-503-once')) installReads503Once(app);
  if (variants.has('chunked-trickle')) installChunkedTrickle(app);
}
