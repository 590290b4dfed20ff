import { isIP } from 'node:net';

/**
 * The proxy a request to `target` goes through, from the variables Node tools read: HTTPS_PROXY for https
 * targets (HTTP_PROXY when it is unset, as undici's EnvHttpProxyAgent does), HTTP_PROXY for http targets,
 * the lower-case forms first, and NO_PROXY to go direct. A loopback target (the embedded mock, a mock or
 * the traffic proxy on this machine) always goes direct: a proxy elsewhere cannot reach this machine's
 * loopback, and a CI runner's HTTP_PROXY must not break a run on the mock.
 */
export function proxyFor(target: URL, env: NodeJS.ProcessEnv = process.env): URL | undefined {
  const host = bare(target.hostname);
  if (isLoopback(host)) return undefined;
  const http = variable(env, 'http_proxy');
  const raw = target.protocol === 'https:' ? (variable(env, 'https_proxy') ?? http) : http;
  if (
    !raw ||
    bypassed(host, target.port || (target.protocol === 'https:' ? '443' : '80'), variable(env, 'no_proxy') ?? '')
  )
    return undefined;
  return proxyUrl(raw);
}

/** A proxy variable's value as a URL; a bare `host:port` is an http proxy, as curl reads it. */
export function proxyUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`);
  } catch {
    throw new Error(`the proxy variable's value is not a URL (expected e.g. http://proxy.example:3128)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`proxy ${url.protocol}// is not supported: HTTP(S)_PROXY must be an http:// or https:// proxy`);
  return url;
}

/** Lower-case first, then upper-case; an empty value counts as unset. */
function variable(env: NodeJS.ProcessEnv, lower: string): string | undefined {
  return env[lower]?.trim() || env[lower.toUpperCase()]?.trim() || undefined;
}

function bare(hostname: string): string {
  return hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

function isLoopback(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1' || host === '::ffff:127.0.0.1' || /^::ffff:127\./.test(host);
}

/**
 * NO_PROXY as curl, Go and undici read it: entries separated by commas or spaces; `*` bypasses every host;
 * `example.com`, `.example.com` and `*.example.com` match the host and its subdomains; an IP literal
 * matches itself; `host:port` only that port.
 */
function bypassed(host: string, port: string, noProxy: string): boolean {
  for (const entry of noProxy.split(/[\s,]+/).filter(Boolean)) {
    if (entry === '*') return true;
    const { name, entryPort } = parseEntry(entry);
    if (entryPort && entryPort !== port) continue;
    if (host === name || (isIP(host) === 0 && host.endsWith(`.${name}`))) return true;
  }
  return false;
}

/** `[::1]:8080`, `::1`, `10.0.0.1:8080`, `*.example.com`: the host (without `*.` or `.`) and the port, if any. */
function parseEntry(entry: string): { name: string; entryPort?: string } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return { name: bare(bracketed[1]!), entryPort: bracketed[2] };
  if (isIP(entry) === 6) return { name: bare(entry) };
  const withPort = /^(.*):(\d+)$/.exec(entry);
  return { name: bare(withPort?.[1] ?? entry).replace(/^\*?\./, ''), entryPort: withPort?.[2] };
}
