import { Agent as HttpAgent, request as httpRequest, type AgentOptions, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Duplex } from 'node:stream';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import { proxyFor } from './proxy-env.js';

/**
 * Where the client's connections come from: keep-alive pools that follow the server's Keep-Alive hints,
 * straight to the target or through the proxy the environment names (proxy-env.ts), and one-off
 * connections for a request that must not meet a pooled one.
 */

// Idle connections are kept for reuse at most 4 s (undici's default, which Node's fetch uses), or less when the
// server's Keep-Alive header says it closes them sooner.
const IDLE_MS = 4_000;
/** A connection is dropped this long before the server's announced time-out, so a request never races its close (Node's own margin). */
const HINT_MARGIN_MS = 1_000;

const serverIdleMs = new WeakMap<object, number>();

/** The time-out of a `Keep-Alive: timeout=N[, max=M]` header in ms, wherever it stands in the header. */
export function keepAliveTimeoutMs(header: string | undefined): number | undefined {
  const seconds = header && /(?:^|[,;\s])timeout\s*=\s*"?(\d+)/i.exec(header)?.[1];
  return seconds ? Number(seconds) * 1000 : undefined;
}

/** Records, for the connection that carried it, how long the server said it keeps the connection idle. */
export function noteKeepAliveHint(res: IncomingMessage): void {
  const header = res.headers['keep-alive'];
  const ms = keepAliveTimeoutMs(Array.isArray(header) ? header.join(', ') : header);
  if (ms === undefined) serverIdleMs.delete(res.socket);
  else serverIdleMs.set(res.socket, ms);
}

/**
 * Node's agent already reads `timeout=` when it leads the header; this also reads it after `max=` and
 * with spaces, and drops a connection whose server keeps it idle no longer than the margin.
 */
function followHint(socket: Duplex & { timeout?: number; setTimeout?: (ms: number) => unknown }): boolean {
  const hint = serverIdleMs.get(socket);
  if (hint === undefined) return true;
  const idle = hint - HINT_MARGIN_MS;
  if (idle <= 0) return false;
  if (!socket.timeout || idle < socket.timeout) socket.setTimeout?.(idle);
  return true;
}

class HintedHttpAgent extends HttpAgent {
  override keepSocketAlive(socket: Duplex): boolean {
    super.keepSocketAlive(socket);
    return followHint(socket);
  }
}

class HintedHttpsAgent extends HttpsAgent {
  override keepSocketAlive(socket: Duplex): boolean {
    super.keepSocketAlive(socket);
    return followHint(socket);
  }
}

/** An https agent whose connections are TLS inside an HTTP CONNECT tunnel through `proxy`. */
class TunnelAgent extends HintedHttpsAgent {
  constructor(
    private readonly proxy: URL,
    options: AgentOptions,
  ) {
    super(options);
  }

  override createConnection(
    options: ConnectionOptions,
    callback?: (error: Error | null, socket: Duplex) => void,
  ): Duplex | undefined {
    const authority = `${options.host}:${options.port}`;
    const open = this.proxy.protocol === 'https:' ? httpsRequest : httpRequest;
    const tunnel = open({
      host: this.proxy.hostname,
      port: this.proxy.port || (this.proxy.protocol === 'https:' ? 443 : 80),
      method: 'CONNECT',
      path: authority,
      agent: false,
      headers: { host: authority, ...proxyAuthorization(this.proxy) },
    });
    const fail = (error: Error) => callback?.(error, undefined as unknown as Duplex);
    tunnel.once('connect', (res, socket) => {
      if (res.statusCode !== 200) {
        socket.destroy();
        // The code and status let who-answered.ts tell a proxy asking for credentials (407) from one refusing.
        const refused = new Error(
          `the proxy ${this.proxy.host} refused the tunnel to ${authority}: HTTP ${res.statusCode}`,
        );
        fail(Object.assign(refused, { code: 'ERR_PROXY_TUNNEL', statusCode: res.statusCode }));
        return;
      }
      callback?.(null, tlsConnect({ ...options, socket }));
    });
    tunnel.once('error', fail);
    tunnel.end();
    return undefined;
  }
}

function proxyAuthorization(proxy: URL): Record<string, string> {
  if (!proxy.username) return {};
  const credentials = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
  return { 'proxy-authorization': `Basic ${Buffer.from(credentials).toString('base64')}` };
}

/** How to reach one target: the agent and what the request's options need for it. */
export type Route = {
  agent: HttpAgent;
  options: { host: string; port: string | number; path: string; protocol: string; headers: Record<string, string> };
};

const pools = new Map<string, HttpAgent>();

function makeAgent(target: URL, proxy: URL | undefined, keepAlive: boolean): HttpAgent {
  const options: AgentOptions = keepAlive ? { keepAlive: true, timeout: IDLE_MS } : {};
  if (target.protocol === 'https:') return proxy ? new TunnelAgent(proxy, options) : new HintedHttpsAgent(options);
  // A plain-http target through a proxy is asked in absolute form, so the agent speaks to the proxy.
  return proxy?.protocol === 'https:' ? new HintedHttpsAgent(options) : new HintedHttpAgent(options);
}

/**
 * The route to `target`: its keep-alive pool, or with `fresh` a one-off connection (closed after the
 * answer) for a request that must not go on a pooled one.
 */
export function routeTo(target: URL, fresh = false): Route {
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw new Error(`unsupported protocol ${target.protocol} in ${target.origin}`);
  const proxy = proxyFor(target);
  const key = `${target.protocol}|${proxy?.href ?? 'direct'}`;
  let agent = fresh ? undefined : pools.get(key);
  if (!agent) {
    agent = makeAgent(target, proxy, !fresh);
    if (!fresh) pools.set(key, agent);
  }
  const path = `${target.pathname}${target.search}`;
  if (!proxy || target.protocol === 'https:') {
    return {
      agent,
      options: {
        host: target.hostname.replace(/^\[|\]$/g, ''),
        port: target.port,
        path,
        protocol: target.protocol,
        headers: {},
      },
    };
  }
  return {
    agent,
    options: {
      host: proxy.hostname,
      port: proxy.port || (proxy.protocol === 'https:' ? 443 : 80),
      path: target.href,
      protocol: proxy.protocol,
      headers: { host: target.host, ...proxyAuthorization(proxy) },
    },
  };
}
