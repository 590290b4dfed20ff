import { installChunkedTrickle } from './link/chunked-trickle.js';
import { installConnectionClose } from './link/connection-close.js';
import { installCutAfterHeader } from './link/cut-after-header.js';
import { API_GATEWAY_502, installEdgeBlip, LOAD_BALANCER_503 } from './link/edge-blip.js';
import { installGzipAnswers } from './link/gzip-answers.js';
import { installOperationLimit } from './link/operation-limit.js';
import { installRateLimit } from './link/rate-limit.js';
import { installReads503Once } from './link/reads-503-once.js';
import { installResetOnReuse } from './link/reset-on-reuse.js';
import { installShortKeepAlive } from './link/short-keep-alive.js';
import { installSlowLink, SLOW_TOKENIZE_MS } from './link/slow-link.js';
import { installAuthorizer } from './link/authorizer.js';
import { installWaf } from './link/waf.js';
import type { Behaviour } from './behaviour.js';
import { relisted } from './vault/data.js';

/** A big, busy shared sandbox: its size and the latency of each answer. */
export const BIG_BUSY = { customers: 5_000, latencyMs: 60 } as const;

/**
 * The link between client and gateway: what a multi-tenant production gateway behind proxies and load
 * balancers does that one process on loopback does not. Each needs its own hooks (answering
 * before the gateway, holding an answer, compressing or streaming it), so each is one file in link/,
 * installed through `wire.install` only when it is on.
 */
export const LINK_VARIANTS = [
  // Section 8: limits and time-outs are not shown.
  {
    name: 'rate-limited',
    rule: 'ERR-4',
    description:
      'Gateway requests beyond 20 a second (bursts of 20) are refused unprocessed: HTTP 429, Retry-After in ' +
      'seconds or as an HTTP date, a body in neither scheme.',
    wire: { install: (app) => installRateLimit(app) },
  },
  // Section 8 again, per operation: card storage limited and slow where the listing is not.
  {
    name: 'tokenize-limited',
    rule: 'ERR-4',
    description:
      'Payment gateway requests (/pg/) beyond 5 a second (bursts of 5) are refused unprocessed: HTTP 429, ' +
      'Retry-After: 1, an rcode/rmsg body; the listing and the disable are not limited.',
    wire: { install: installOperationLimit },
  },
  {
    name: 'slow-tokenize',
    rule: 'ERR-4',
    description:
      'Every payment gateway answer (/pg/) arrives 1.2 s late; the listing and the disable are as fast as ever.',
    wire: { install: (app) => installSlowLink(app, SLOW_TOKENIZE_MS, (url) => url.startsWith('/pg/')) },
  },
  // Section 8 and 2.3 together: a vault too big to walk whole, behind a slow link and a rate limit.
  {
    name: 'big-busy-sandbox',
    rule: 'VAULT-4',
    onlyByName:
      'a whole run waits out its rate limit for about two minutes; `npm run verify:suite -- --only big-busy-sandbox` runs it',
    description:
      'A big shared sandbox: 5,000 customers, every answer 60 ms late, and requests beyond 20 a second ' +
      '(bursts of 20) answered HTTP 429 with Retry-After: 1.',
    answer: relisted(() => BIG_BUSY.customers),
    wire: {
      install: (app) => {
        installRateLimit(app, 'seconds');
        installSlowLink(app, BIG_BUSY.latencyMs);
      },
    },
  },
  {
    name: 'slow-link',
    rule: 'ERR-4',
    description: 'Every gateway answer arrives 150 ms late (a distant sandbox behind proxies).',
    wire: { install: (app) => installSlowLink(app) },
  },
  // Section 2 and 7: how the bytes travel is not the contract.
  {
    name: 'gzip-answers',
    rule: 'ERR-4',
    description:
      'Every gateway answer is gzip-compressed when the client accepts it (content-encoding: gzip, vary: accept-encoding).',
    wire: { install: installGzipAnswers },
  },
  {
    name: 'connection-close',
    rule: 'ERR-4',
    description:
      'The server closes the connection after every gateway answer (connection: close): no keep-alive reuse.',
    wire: { install: installConnectionClose },
  },
  {
    name: 'reads-503-once',
    rule: 'ERR-4',
    description:
      'Every fourth distinct read (GET URL) is answered once with HTTP 503, Retry-After: 1 and an HTML page, then served; writes never.',
    wire: { install: installReads503Once },
  },
  {
    name: 'reset-on-reuse',
    rule: 'ERR-4',
    description:
      'A load balancer that forgot idle connections: a gateway request on a kept-alive connection that ' +
      'already carried one meets a TCP reset, unread.',
    wire: { install: installResetOnReuse },
  },
  {
    name: 'short-keep-alive',
    rule: 'ERR-4',
    description:
      'Idle connections are closed after 2 s, announced as Keep-Alive: max=100, timeout=2 (the time-out after max).',
    wire: { install: installShortKeepAlive },
  },
  // Section 7 ("HTTP status codes: not shown") and section 8: who answers in the gateway's place now and then.
  {
    name: 'lb-blip-503',
    rule: 'ERR-4',
    description:
      'A load balancer that blips: 1 gateway request in 25 (any method) is answered HTTP 503 with its own HTML page, ' +
      'never reaching the gateway.',
    wire: { install: (app) => installEdgeBlip(app, LOAD_BALANCER_503) },
  },
  {
    name: 'api-gateway-502',
    rule: 'ERR-4',
    description:
      'An API gateway in front: 1 gateway request in 25 (any method) is answered HTTP 502 {"message":"Internal server error"}, ' +
      'never reaching the gateway.',
    wire: { install: (app) => installEdgeBlip(app, API_GATEWAY_502) },
  },
  // Sections 5 and 7: a refusal made in front of the gateway is not the gateway's answer.
  {
    name: 'waf-blocks-malformed-auth',
    rule: 'ERR-1',
    description:
      "A CDN's web application firewall in front: a gateway request whose Authorization header is malformed " +
      '(sent twice, over 4 KB, control characters, another scheme or none, a token outside the Base 64 alphabet) ' +
      'is answered HTTP 403 with its own HTML page (server: CloudFront), never reaching the gateway.',
    wire: { install: (app) => installWaf(app, 'alphabet') },
  },
  {
    name: 'waf-refuses-malformed-credentials',
    rule: 'ERR-2',
    description:
      'A web application firewall in front that reads Basic credentials as RFC 7617 builds them: a gateway request whose ' +
      'Authorization header is malformed (sent twice, over 4 KB, control characters, another scheme or none, a token ' +
      'that is not padded Base 64, or one whose decoded bytes hold no colon: the key encoded alone, a token encoded ' +
      'twice) is answered HTTP 403 with its own HTML page (server: CloudFront), never reaching the gateway.',
    wire: { install: (app) => installWaf(app, 'credentials') },
  },
  {
    name: 'waf-refuses-inexact-authorization',
    rule: 'ERR-1',
    description:
      "A web application firewall in front whose rules are section 5.4's words: a gateway request whose Authorization " +
      'header is anything but "Basic", one space and padded Base 64 whose decoded bytes hold the colon (the scheme in ' +
      'another case, two spaces after it, and every malformed header the other WAFs refuse) is answered HTTP 403 with ' +
      'its own HTML page (server: CloudFront), never reaching the gateway.',
    wire: { install: (app) => installWaf(app, 'exact') },
  },
  {
    name: 'api-gateway-authorizer',
    rule: 'ERR-2',
    description:
      "An API gateway's authorizer in front (AWS API Gateway with a Lambda authorizer): a gateway request without an " +
      'Authorization header, or with a well-formed Basic token of a key the mock did not issue, is answered HTTP 401 ' +
      '{"message":"Unauthorized"} with x-amzn-errortype: UnauthorizedException and an x-amzn-requestid, in both ' +
      'families, never reaching the gateway.',
    wire: { install: installAuthorizer },
  },
  {
    name: 'cut-after-header',
    rule: 'ERR-4',
    description:
      'An edge that closes the connection after a valid answer header: 1 gateway request in 25 gets HTTP 200, ' +
      'a content-length and two bytes, then the close.',
    wire: { install: (app) => installCutAfterHeader(app) },
  },
  {
    name: 'chunked-trickle',
    rule: 'ERR-4',
    description: 'Answers stream chunked, without content-length, the body in three pieces 15 ms apart.',
    wire: { install: installChunkedTrickle },
  },
] as const satisfies readonly Behaviour[];
