import { createServer } from 'node:http';
import { whoAnswered } from '../transport/who-answered.js';
import type { RequestContext } from '../checks/registry.js';
import { forward } from './forward.js';
import { judge, type Verdict } from './judge.js';
import { toExchange } from './to-exchange.js';
import type { TrafficRedactor } from './traffic/traffic-redactor.js';

export type ProxyOptions = {
  /** The gateway's base URL (https upstreams are checked against the system's trusted certificates). */
  upstream: string;
  host: string;
  /** 0 picks a free port. */
  port: number;
  context: RequestContext;
  redactor: TrafficRedactor;
  onVerdict: (verdict: Verdict) => void;
  /** Not the gateway's answer: none came (the proxy answered 502), or an intermediary's `status` passed on unjudged. */
  onUnavailable: (method: string, url: string, problem: string, status?: number) => void;
};

export type ProxyHandle = {
  url: string;
  /** Resolves once every exchange received so far has been judged and recorded. */
  idle(): Promise<void>;
  close(): Promise<void>;
};

/** The path of an upstream URL under the upstream's base path: what says the family. */
function pathUnder(upstream: URL, url: string): string {
  const base = upstream.pathname.replace(/\/$/, '');
  const path = new URL(url).pathname;
  return path.startsWith(base) ? path.slice(base.length) : path;
}

/**
 * The forwarding proxy: each exchange is passed through first and judged after the application has its
 * answer, so judging never delays or changes what the application receives.
 */
export async function startProxy(options: ProxyOptions): Promise<ProxyHandle> {
  const upstream = new URL(options.upstream);
  let pending = 0;
  let waiters: (() => void)[] = [];
  const settle = () => {
    if (--pending > 0) return;
    const ready = waiters;
    waiters = [];
    ready.forEach((w) => w());
  };
  const server = createServer((req, res) => {
    pending++;
    options.redactor.learn(req.headers.authorization);
    forward(upstream, req, res, (result) => {
      if ('failure' in result) {
        options.onUnavailable(result.failure.method, result.failure.url, result.failure.problem);
        settle();
        return;
      }
      setImmediate(() => {
        try {
          const exchange = toExchange(result.captured, upstream.pathname);
          // Who answered (who-answered.ts): an intermediary's answer or a setup mistake is not the gateway's to judge.
          const answered = exchange.operation && whoAnswered(exchange, pathUnder(upstream, exchange.request.url));
          if (!answered || answered.by === 'gateway') options.onVerdict(judge(exchange, options.context));
          else options.onUnavailable(exchange.request.method, exchange.request.url, answered.problem, exchange.status);
        } finally {
          settle();
        }
      });
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the proxy is not listening on a TCP port');
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    idle: () => (pending === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
