import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stand-in gateway: forwards everything to a real (mock) gateway and records each request's method and path. */
export class RecordingProxy {
  readonly seen: { method: string; path: string; body: string }[] = [];
  private server: Server | undefined;

  constructor(private readonly upstream: string) {}

  async start(): Promise<string> {
    const upstream = new URL(this.upstream);
    this.server = createServer((req, res) => {
      const seen = { method: req.method ?? '', path: req.url ?? '', body: '' };
      this.seen.push(seen);
      req.on('data', (chunk: Buffer) => (seen.body += chunk.toString('utf8')));
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
