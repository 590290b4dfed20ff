import type { Exchange } from '../transport/exchange.js';
import { gatewayFindings, requestFindings, type RequestContext, type RuleTally } from '../checks/registry.js';

export type Side = 'application' | 'gateway';

/** One exchange held to the catalogue from both sides; `judged` is false for what is not one of the three operations. */
export type Verdict = { exchange: Exchange; judged: boolean; sides: Record<Side, RuleTally> | undefined };

/** The application's request and the gateway's answer, each by the contract library's checks for its side. */
export function judge(exchange: Exchange, context: RequestContext): Verdict {
  // Other endpoints are "not shown": forwarded, counted, never judged.
  if (!exchange.operation) return { exchange, judged: false, sides: undefined };
  return {
    exchange,
    judged: true,
    sides: { application: requestFindings(exchange, context), gateway: gatewayFindings(exchange) },
  };
}
