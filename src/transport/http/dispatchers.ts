import type { Agent, Dispatcher, EnvHttpProxyAgent } from 'undici';
import { staleConnectionRetry } from './stale-connection-retry.js';
import { tunnelRefusals } from './transport-errors.js';

/**
 * The undici dispatchers every request of the suite goes through, and the traffic proxy's too: keep-alive
 * pools that follow the server's Keep-Alive hints, straight to the target or through the proxy the
 * environment names (undici's EnvHttpProxyAgent: HTTPS_PROXY, HTTP_PROXY, NO_PROXY, the lower-case forms
 * first), and a loopback target always direct.
 */

const CONNECTIONS = {
  // Idle connections are kept at most 4 s (undici's default, which Node's fetch uses), or, when the server's
  // Keep-Alive header announces a time-out, until 1 s before it (not kept at all when it is 1 s or less).
  keepAliveTimeout: 4_000,
  keepAliveMaxTimeout: 4_000,
  keepAliveTimeoutThreshold: 1_000,
  // One time-out, the caller's (http-request.ts), for the whole answer: undici's own are off.
  connectTimeout: 0,
  headersTimeout: 0,
  bodyTimeout: 0,
} satisfies Agent.Options;

/**
 * undici, loaded with the first request: a process that only lists the tests (Playwright's runner imports every
 * spec file) never pays the 175 CPU-ms its modules take to load.
 */
type Undici = typeof import('undici');
let undici: Promise<Undici> | undefined;

/** Everything made from undici, once it is loaded. */
type Made = { lib: Undici; direct: Route; throughProxy: EnvHttpProxyAgent.Options };
let made: Made | undefined;

async function load(): Promise<Made> {
  const lib = await (undici ??= import('undici'));
  made ??= {
    lib,
    direct: { pooled: new lib.Agent(CONNECTIONS), fresh: new lib.Agent(CONNECTIONS) },
    throughProxy: {
      ...CONNECTIONS,
      // https targets through a CONNECT tunnel (certificates checked end to end), http targets in absolute form.
      proxyTunnel: false,
      proxyTls: { timeout: 0 },
      requestTls: { timeout: 0 },
      clientFactory: (proxy: URL, options: object): Dispatcher =>
        new lib.Pool(proxy, options).compose(tunnelRefusals(proxy)),
    },
  };
  return made;
}

/** The variables EnvHttpProxyAgent reads when it is made (NO_PROXY it reads again on every change itself). */
const PROXY_VARIABLES = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'] as const;

/**
 * A pool and, beside it, where a request goes once more when it must not meet a pooled connection; its chains
 * are composed with its first request (composed()).
 */
type Route = { pooled: Dispatcher; fresh: Dispatcher; chains?: Chains };

let viaEnvironment: (Route & { setting: string }) | undefined;

/** undici's reading of the proxy variables; a value it cannot use is named without its text (it may hold a password). */
function environmentAgent({ lib, throughProxy }: Made): EnvHttpProxyAgent {
  try {
    return new lib.EnvHttpProxyAgent(throughProxy);
  } catch (error) {
    // No cause: transportProblem words a failure by its cause's code first, and undici's would hide the variables.
    // eslint-disable-next-line preserve-caught-error
    throw new Error(
      'HTTPS_PROXY / HTTP_PROXY does not name a proxy the client can use: give its URL with the scheme, ' +
        `e.g. http://proxy.example:3128 (${(error as Error).message})`,
    );
  }
}

/** The route of the proxy variables as they are now: made again when they change (as a test may change them). */
function environmentRoute(loaded: Made): Route {
  const setting = PROXY_VARIABLES.map((name) => process.env[name] ?? '').join('\n');
  if (viaEnvironment?.setting === setting) return viaEnvironment;
  const previous = viaEnvironment;
  viaEnvironment = { setting, pooled: environmentAgent(loaded), fresh: environmentAgent(loaded) };
  void previous?.pooled.close();
  void previous?.fresh.close();
  return viaEnvironment;
}

/**
 * A loopback host: the embedded mock, a mock or the traffic proxy on this machine. Such a target is always
 * reached directly: a proxy elsewhere cannot reach this machine's loopback, and a CI runner's HTTP_PROXY must
 * not break a run on the mock.
 */
export function isLoopback(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) return host.startsWith('127.');
  return host === '::1' || /^::ffff:127\./.test(host) || /^::ffff:7f[0-9a-f]{2}:/.test(host);
}

async function routeTo(target: URL): Promise<{ route: Route; lib: Undici }> {
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw new Error(`unsupported protocol ${target.protocol} in ${target.origin}`);
  const loaded = await load();
  return { route: isLoopback(target.hostname) ? loaded.direct : environmentRoute(loaded), lib: loaded.lib };
}

type Chains = { client: Dispatcher; forwarder: Dispatcher };

// Composed with the route's first request, not when the route is made: undici's decompress interceptor prints
// its ExperimentalWarning when it is made, which a run that meets only unusable proxy variables never does.
function composed({ route, lib }: { route: Route; lib: Undici }): Chains {
  if (route.chains) return route.chains;
  const retry = staleConnectionRetry(route.fresh);
  return (route.chains = {
    // Every answer decoded as it was encoded (gzip, deflate, br), error answers too.
    client: route.pooled.compose(
      retry,
      lib.interceptors.decompress({ skipErrorResponses: false, skipStatusCodes: [] }),
    ),
    // The traffic proxy passes the bytes on as they came.
    forwarder: route.pooled.compose(retry),
  });
}

/** Where the suite's client sends a request to `target`: the answer arrives decoded. */
export async function clientDispatcher(target: URL): Promise<Dispatcher> {
  return composed(await routeTo(target)).client;
}

/** Where the traffic proxy forwards a request to `target`: the answer arrives as the gateway sent it. */
export async function forwardingDispatcher(target: URL): Promise<Dispatcher> {
  return composed(await routeTo(target)).forwarder;
}
