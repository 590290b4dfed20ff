import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basicAuthorization } from '../../transport/auth.js';

/** What a request to the stand-in shows of itself to an `OwnAnswer`. */
export type SeenRequest = { method: string; path: string; authorization: string | undefined };

/** An answer the stand-in gives itself instead of forwarding, or undefined to forward the request. */
export type OwnAnswer = (request: SeenRequest) => { status: number; body: unknown } | undefined;

/**
 * A stand-in gateway: forwards everything to a real (mock) gateway and records each request's method and path;
 * with `answer`, it answers the requests `answer` takes itself, as a gateway unlike the mock would.
 */
export class RecordingProxy {
  readonly seen: { method: string; path: string; body: string }[] = [];
  private server: Server | undefined;

  constructor(
    private readonly upstream: string,
    private readonly answer?: OwnAnswer,
  ) {}

  async start(): Promise<string> {
    const upstream = new URL(this.upstream);
    this.server = createServer((req, res) => {
      const seen = { method: req.method ?? '', path: req.url ?? '', body: '' };
      this.seen.push(seen);
      req.on('data', (chunk: Buffer) => (seen.body += chunk.toString('utf8')));
      const own = this.answer?.({ method: seen.method, path: seen.path, authorization: req.headers.authorization });
      if (own) {
        req.on('end', () =>
          res.writeHead(own.status, { 'content-type': 'application/json' }).end(JSON.stringify(own.body)),
        );
        return;
      }
      const forward = request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', () => res.writeHead(502).end());
      req.pipe(forward);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/**
 * A gateway that knows `key` but refuses it (disabled, expired, without permission) on the operations whose
 * path `where` takes, every one by default: HTTP 401 in the family's scheme, "Unauthorized", which is not the
 * answer the mock gives a key it never issued (rcode "104", code 1004).
 */
export function refusesKey(key: string, where: (path: string) => boolean = () => true): OwnAnswer {
  const header = basicAuthorization(key);
  return ({ path, authorization }) => {
    if (authorization !== header || !where(path)) return undefined;
    return path.startsWith('/pg/')
      ? { status: 401, body: { rcode: '401', rmsg: 'Unauthorized' } }
      : { status: 401, body: { code: 401, message: 'Unauthorized' } };
  };
}
