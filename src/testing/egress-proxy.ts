import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

/** For the tests of the egress proxy path: a recording proxy on loopback and the variables that point at it. */

export const port = (s: { address(): AddressInfo | string | null }) => (s.address() as AddressInfo).port;
export const listening = <T extends { listen(port: number, host: string, cb: () => void): unknown }>(server: T) =>
  new Promise<T>((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));

/**
 * An egress proxy as corporate CI runners have, for the test only: CONNECT tunnels and absolute-form
 * requests, every one recorded, and whatever host is asked for reached on this machine's loopback (it
 * stands in for the DNS of the network beyond the proxy).
 */
export async function egressProxy(): Promise<{ url: string; seen: string[]; server: Server }> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const target = new URL(req.url ?? '');
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connect', (req, client: Socket, head: Buffer) => {
    seen.push(`CONNECT ${req.url}`);
    const upstream = connect(Number(new URL(`http://${req.url}`).port), '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await listening(server);
  return { url: `http://127.0.0.1:${port(server)}`, seen, server };
}

/** The proxy variables in both spellings, pointing at `url`; no host exempt. */
export const proxyEnv = (url: string) => ({
  HTTPS_PROXY: url,
  https_proxy: url,
  HTTP_PROXY: url,
  http_proxy: url,
  NO_PROXY: '',
  no_proxy: '',
});

/**
 * Points this process's proxy variables at `url` for an in-process test; the function returned puts each back as
 * it was (unset where it was unset), so no later test meets the proxy.
 */
export function setProxyVariables(url: string): () => void {
  const saved = { ...process.env };
  Object.assign(process.env, proxyEnv(url));
  return () => {
    for (const key of Object.keys(proxyEnv(''))) {
      if (key in saved) process.env[key] = saved[key];
      else delete process.env[key];
    }
  };
}
