import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, connect, isIP, type LookupFunction, type Socket } from 'node:net';
import { isLoopbackHost } from '../config/config.js';
import { CHECKS, failed, report, type EndpointReport, type Finding } from './findings.js';
import { networkProblem } from './network-problems.js';
import { postTestEvent } from './post-test-event.js';
import { probeTls, trustStore } from './probe-tls.js';

export type Address = { address: string; family: number };

export type CheckOptions = {
  /** Bound for each network step: DNS, connecting, the TLS handshake, and the POST's whole answer. */
  timeoutMs?: number;
  /** Accept plain http when the host is loopback: local testing only, never what production uses. */
  allowHttpLoopback?: boolean;
  /** Extra PEM certificate(s) to trust besides the public roots (a test CA). */
  ca?: string;
  /** DNS resolution; tests replace it to make a name fail without asking a real resolver. */
  resolve?: (hostname: string) => Promise<Address[]>;
};

export const DEFAULT_TIMEOUT_MS = 5_000;

/** Addresses the gateway cannot reach across the internet. */
const NOT_PUBLIC = new BlockList();
for (const [net, bits, family] of [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, family);

function checkUrl(raw: string, allowHttpLoopback: boolean): { finding: Finding; url?: URL } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return {
      finding: failed(
        'url',
        'INVALID_URL',
        `"${raw}" is not an absolute URL; expected e.g. https://merchant.example/webhooks/gateway`,
      ),
    };
  }
  if (url.protocol === 'https:') return { finding: { check: 'url', status: 'pass', message: 'uses https' }, url };
  if (url.protocol !== 'http:') {
    return {
      finding: failed(
        'url',
        'NOT_HTTPS',
        `${url.protocol} is not a web address; the notification URL must be https://…`,
      ),
    };
  }
  const loopback = isLoopbackHost(url.hostname);
  if (loopback && allowHttpLoopback) {
    return {
      finding: {
        check: 'url',
        status: 'pass',
        message:
          'plain http to loopback, allowed by --insecure-allow-http-loopback for local testing only: production needs https',
      },
      url,
    };
  }
  const how = loopback
    ? 'for a local test, pass --insecure-allow-http-loopback'
    : 'serve the endpoint over https and use the https:// URL';
  return {
    finding: failed('url', 'NOT_HTTPS', `plain http is refused: deliveries carry payment data and need https; ${how}.`),
  };
}

function within<T>(ms: number, work: Promise<T>): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)));
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function checkDns(
  hostname: string,
  loopbackName: boolean,
  resolve: NonNullable<CheckOptions['resolve']>,
  timeoutMs: number,
): Promise<{ finding: Finding; address?: Address }> {
  let addresses: Address[];
  if (isIP(hostname)) {
    addresses = [{ address: hostname, family: isIP(hostname) }];
  } else {
    try {
      const found = await within(timeoutMs, resolve(hostname));
      if (found === 'timeout') {
        const late = `no DNS answer for ${hostname} within ${timeoutMs} ms; check the domain's DNS servers.`;
        return { finding: failed('dns', 'TIMEOUT', late) };
      }
      addresses = found;
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      return { finding: failed('dns', e.code ?? 'DNS_ERROR', networkProblem(e.code, e.message, hostname)) };
    }
  }
  const list = addresses.map((a) => a.address).join(', ');
  const [first] = addresses;
  if (!first) return { finding: failed('dns', 'ENODATA', networkProblem('ENODATA', '', hostname)) };
  const allPrivate = addresses.every((a) => NOT_PUBLIC.check(a.address, a.family === 6 ? 'ipv6' : 'ipv4'));
  if (allPrivate && !loopbackName) {
    return {
      finding: failed(
        'dns',
        'NOT_PUBLIC',
        `${hostname} resolves only to private or loopback addresses (${list}); the gateway cannot reach them. ` +
          `Publish a public address.`,
      ),
    };
  }
  const what = isIP(hostname) ? `IP address ${hostname}, no lookup needed` : `${hostname} resolves to ${list}`;
  const note = allPrivate ? ' (loopback: fine for local testing, unreachable for the gateway)' : '';
  return { finding: { check: 'dns', status: 'pass', message: what + note }, address: first };
}

function openConnection(
  address: Address,
  port: number,
  timeoutMs: number,
): Promise<{ finding: Finding; socket?: Socket }> {
  const where = `${address.family === 6 ? `[${address.address}]` : address.address}:${port}`;
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = connect({ host: address.address, port, family: address.family });
    const late = `no connection to ${where} within ${timeoutMs} ms; check that the port is open to the internet.`;
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ finding: failed('connect', 'TIMEOUT', late) });
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve({
        finding: { check: 'connect', status: 'pass', message: `connected to ${where} in ${Date.now() - started} ms` },
        socket,
      });
    });
    socket.once('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({ finding: failed('connect', err.code ?? 'ERROR', networkProblem(err.code, err.message, where)) });
    });
  });
}

/** Every later connection goes to the address the DNS check judged, not to a fresh lookup's answer. */
function pinnedLookup(address: Address): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [address]);
    else callback(null, address.address, address.family);
  };
}

/**
 * Checks a webhook notification URL the way the gateway will use it: https, DNS, connection, TLS certificate,
 * then one JSON test POST answered 2xx in time. Reports findings and prints nothing; a check that cannot run
 * because an earlier one failed is reported as skipped.
 */
export async function checkEndpoint(rawUrl: string, options: CheckOptions = {}): Promise<EndpointReport> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const findings: Finding[] = [];
  const stop = (reason: string): EndpointReport => {
    for (const check of CHECKS) {
      if (!findings.some((f) => f.check === check))
        findings.push({ check, status: 'skip', message: `not tried: ${reason}` });
    }
    return report(rawUrl, findings);
  };

  const { finding: urlFinding, url } = checkUrl(rawUrl, options.allowHttpLoopback ?? false);
  findings.push(urlFinding);
  if (!url) return stop('the URL was refused');

  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const https = url.protocol === 'https:';
  const dns = await checkDns(
    hostname,
    isLoopbackHost(url.hostname),
    options.resolve ?? ((h) => dnsLookup(h, { all: true })),
    timeoutMs,
  );
  findings.push(dns.finding);
  if (!dns.address) return stop('the host name did not resolve to a reachable address');

  const connected = await openConnection(dns.address, Number(url.port) || (https ? 443 : 80), timeoutMs);
  findings.push(connected.finding);
  if (!connected.socket) return stop('no connection');

  const ca = trustStore(options.ca);
  if (https) {
    const tls = await probeTls(connected.socket, hostname, ca, timeoutMs);
    findings.push(tls);
    if (tls.status === 'fail') return stop('the gateway would refuse this TLS connection');
  } else {
    connected.socket.destroy();
    findings.push({ check: 'tls', status: 'skip', message: 'plain http: no TLS (loopback testing only)' });
  }

  findings.push(await postTestEvent(url, { timeoutMs, ca, lookup: pinnedLookup(dns.address) }));
  return report(rawUrl, findings);
}
